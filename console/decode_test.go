package console

import (
	"reflect"
	"strings"
	"testing"
)

// A compact way to write expected events in tables.
func key(k Key) Event { return KeyPress(k) }
func ch(r rune) Event { return RunePress(r) }
func mouse(b MouseButton, row, col int, release bool) Event {
	return Event{Type: MouseEvent, Mouse: Mouse{Button: b, Row: row, Col: col, Release: release}}
}

var decodeCases = []struct {
	name string
	in   string
	want []Event
}{
	{"ascii", "ab1", []Event{ch('a'), ch('b'), ch('1')}},
	{"hangul syllable", "한", []Event{ch('한')}},
	{"emoji, four bytes", "😀", []Event{ch('😀')}},
	{"jamo maps to the same key", "ㄹㅂㅛㅜ", []Event{ch('ㄹ'), ch('ㅂ'), ch('ㅛ'), ch('ㅜ')}},
	{"enter CR", "\r", []Event{key(KeyEnter)}},
	{"enter LF", "\n", []Event{key(KeyEnter)}},
	{"enter CR LF is one", "\r\n", []Event{key(KeyEnter)}},
	{"two enters LF LF", "\n\n", []Event{key(KeyEnter), key(KeyEnter)}},
	{"CR CR LF", "\r\r\n", []Event{key(KeyEnter), key(KeyEnter)}},
	{"backspace DEL", "\x7f", []Event{key(KeyBackspace)}},
	{"backspace BS", "\x08", []Event{key(KeyBackspace)}},
	{"tab", "\t", []Event{key(KeyTab)}},
	{"ctrl-c", "\x03", []Event{key(KeyCtrlC)}},
	{"other controls dropped", "\x01\x04", nil},
	{"ctrl-z is a key", "\x1a", []Event{key(KeyCtrlZ)}},
	{"ctrl-z between keys", "a\x1ab", []Event{ch('a'), key(KeyCtrlZ), ch('b')}},
	{"lone esc", "\x1b", []Event{key(KeyEsc)}},
	{"esc esc", "\x1b\x1b", []Event{key(KeyEsc), key(KeyEsc)}},
	{"esc then letter", "\x1by", []Event{key(KeyEsc), ch('y')}},
	{"csi arrows", "\x1b[A\x1b[B\x1b[C\x1b[D", []Event{key(KeyUp), key(KeyDown), key(KeyRight), key(KeyLeft)}},
	{"ss3 arrows", "\x1bOA\x1bOB\x1bOC\x1bOD", []Event{key(KeyUp), key(KeyDown), key(KeyRight), key(KeyLeft)}},
	{"home end csi", "\x1b[H\x1b[F", []Event{key(KeyHome), key(KeyEnd)}},
	{"home end ss3", "\x1bOH\x1bOF", []Event{key(KeyHome), key(KeyEnd)}},
	{"home end tilde", "\x1b[1~\x1b[4~\x1b[7~\x1b[8~", []Event{key(KeyHome), key(KeyEnd), key(KeyHome), key(KeyEnd)}},
	{"modified arrow", "\x1b[1;5A", []Event{key(KeyUp)}},
	{"delete pgup pgdn", "\x1b[3~\x1b[5~\x1b[6~", []Event{key(KeyDelete), key(KeyPageUp), key(KeyPageDown)}},
	{"keypad enter", "\x1bOM", []Event{key(KeyEnter)}},
	{"keypad digit", "\x1bOq", []Event{ch('1')}},
	{"unknown csi dropped whole", "\x1b[99~x", []Event{ch('x')}},
	{"unknown final dropped", "\x1b[5;3zq", []Event{ch('q')}},
	{"focus report dropped", "\x1b[I\x1b[Oa", []Event{ch('a')}},
	{"bracketed paste marks dropped", "\x1b[200~12\x1b[201~", []Event{ch('1'), ch('2')}},
	{"unknown ss3 dropped", "\x1bOZb", []Event{ch('b')}},
	{"sgr left press", "\x1b[<0;3;5M", []Event{mouse(MouseLeft, 4, 2, false)}},
	{"sgr left release", "\x1b[<0;3;5m", []Event{mouse(MouseLeft, 4, 2, true)}},
	{"sgr right", "\x1b[<2;10;1M", []Event{mouse(MouseRight, 0, 9, false)}},
	{"sgr middle", "\x1b[<1;1;1M", []Event{mouse(MouseMiddle, 0, 0, false)}},
	{"sgr with ctrl", "\x1b[<16;2;2M", []Event{mouse(MouseLeft, 1, 1, false)}},
	{"sgr wheel", "\x1b[<64;2;2M\x1b[<65;2;2M", []Event{mouse(MouseWheelUp, 1, 1, false), mouse(MouseWheelDown, 1, 1, false)}},
	{"sgr malformed dropped", "\x1b[<0;0;5M\x1b[<1;2M\x1b[<99999999;1;1M\x1b[<0;1;1;1Mz", []Event{ch('z')}},
	{"csi broken by control", "\x1b[1\x03", []Event{key(KeyCtrlC)}},
	{"invalid utf-8 dropped", "\xff\xfea", []Event{ch('a')}},
	{"c1 control dropped", "\u009b1", []Event{ch('1')}},
	{"cursor report", "\x1b[1;3R", []Event{{Type: cursorReport, at: Pos{0, 2}}}},
	{"bad cursor report dropped", "\x1b[0;3R\x1b[;R\x1b[5R", nil},
	{"mixed", "1\x1b[A한\r\n\x7f", []Event{ch('1'), key(KeyUp), ch('한'), key(KeyEnter), key(KeyBackspace)}},
}

// decodeSplit feeds in as two writes split at i, with the ESC timeout
// firing only at the end, as when the halves arrive quickly one after the
// other.
func decodeSplit(in string, cuts ...int) []Event {
	var d Decoder
	var got []Event
	prev := 0
	for _, c := range append(cuts, len(in)) {
		got = append(got, d.Feed([]byte(in[prev:c]))...)
		prev = c
	}
	return append(got, d.Flush()...)
}

func TestDecodeEverySplit(t *testing.T) {
	for _, tc := range decodeCases {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i <= len(tc.in); i++ {
				got := decodeSplit(tc.in, i)
				if !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("%q split at %d:\n got %v\nwant %v", tc.in, i, got, tc.want)
				}
			}
			// And byte by byte.
			cuts := make([]int, 0, len(tc.in))
			for i := 1; i < len(tc.in); i++ {
				cuts = append(cuts, i)
			}
			if got := decodeSplit(tc.in, cuts...); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("%q byte by byte:\n got %v\nwant %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestDecodeJamoKeepsTyped(t *testing.T) {
	evs := Keys("ㄹ")
	if len(evs) != 1 || evs[0].Rune != 'f' || evs[0].Typed != 'ㄹ' || !evs[0].IsRune('f') {
		t.Fatalf("ㄹ decoded as %+v, want Rune 'f' Typed 'ㄹ'", evs)
	}
}

// A lone ESC waits for the timeout: Feed alone must not report it, since
// the rest of an arrow key may still be on its way.
func TestDecodeEscWaits(t *testing.T) {
	var d Decoder
	if got := d.Feed([]byte{0x1b}); len(got) != 0 || !d.Pending() {
		t.Fatalf("ESC alone gave %v, pending %v; want nothing yet", got, d.Pending())
	}
	if got := d.Feed([]byte("[A")); !reflect.DeepEqual(got, []Event{key(KeyUp)}) {
		t.Fatalf("ESC then [A gave %v, want Up", got)
	}
	d.Feed([]byte{0x1b})
	if got := d.Flush(); !reflect.DeepEqual(got, []Event{key(KeyEsc)}) || d.Pending() {
		t.Fatalf("flush gave %v, want Esc", got)
	}
}

// An endless sequence is dropped once it passes the bound, so the decoder's
// buffer cannot grow without limit.
func TestDecodeBoundsEndlessSequence(t *testing.T) {
	var d Decoder
	d.Feed([]byte("\x1b["))
	for range 100 {
		d.Feed([]byte("1;"))
	}
	if len(d.buf) > maxSeq+2 {
		t.Fatalf("buffer grew to %d bytes", len(d.buf))
	}
	if got := d.Feed([]byte("Ax")); !reflect.DeepEqual(got, []Event{ch('x')}) {
		t.Fatalf("after an endless sequence got %v", got)
	}
}

func FuzzDecode(f *testing.F) {
	for _, tc := range decodeCases {
		f.Add([]byte(tc.in), uint8(len(tc.in)/2))
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint8) {
		c := int(cut) % (len(in) + 1)
		var d Decoder
		evs := d.Feed(in[:c])
		evs = append(evs, d.Feed(in[c:])...)
		evs = append(evs, d.Flush()...)
		if d.Pending() {
			t.Fatalf("%q: %d bytes left after Flush", in, len(d.buf))
		}
		for _, ev := range evs {
			if ev.Type == KeyEvent && ev.Key == KeyRune && (ev.Rune < 0x20 || strings.ContainsRune("\x7f", ev.Rune)) {
				t.Fatalf("%q: control character %q decoded as a printable key", in, ev.Rune)
			}
		}
		// The same bytes in one write decode to the same events, unless the
		// split fell inside a sequence that one write would have completed
		// but a lone ESC timeout would not (not the case here: Flush only
		// at the end).
		if one := Keys(string(in)); !reflect.DeepEqual(one, evs) {
			t.Fatalf("%q split at %d: %v, in one write: %v", in, c, evs, one)
		}
	})
}
