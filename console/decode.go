package console

import (
	"bytes"
	"strconv"
	"time"
	"unicode/utf8"
)

// EscDelay is how long a lone ESC waits for the rest of a sequence before it
// counts as the Esc key. Terminals send a whole sequence in one write, so
// 50 ms is long enough for a local or a good remote link.
const EscDelay = 50 * time.Millisecond

// maxSeq bounds an escape sequence: anything longer is not one we know, and
// is dropped as soon as it ends.
const maxSeq = 64

// csiFinal maps the final byte of a CSI sequence without parameters (or with
// only modifiers, as in ESC [ 1 ; 5 A for Ctrl-Up) to its key.
var csiFinal = map[byte]Key{
	'A': KeyUp, 'B': KeyDown, 'C': KeyRight, 'D': KeyLeft,
	'H': KeyHome, 'F': KeyEnd,
}

// csiTilde maps the number of ESC [ n ~ to its key. Home and End have two
// numbers each: 1/4 in xterm and the Linux console, 7/8 in rxvt.
var csiTilde = map[int]Key{
	1: KeyHome, 2: KeyInsert, 3: KeyDelete, 4: KeyEnd,
	5: KeyPageUp, 6: KeyPageDown, 7: KeyHome, 8: KeyEnd,
}

// ss3Final maps ESC O x, which terminals send for the arrows and Home/End in
// application cursor mode, and for Enter on the keypad.
var ss3Final = map[byte]Key{
	'A': KeyUp, 'B': KeyDown, 'C': KeyRight, 'D': KeyLeft,
	'H': KeyHome, 'F': KeyEnd, 'M': KeyEnter,
}

// jamoKeys maps each Hangul compatibility jamo of the 2-set (두벌식) layout
// to the Latin letter on the same key, so that a player in Hangul input mode
// still reaches every letter shortcut.
var jamoKeys = map[rune]rune{
	'ㅂ': 'q', 'ㅈ': 'w', 'ㄷ': 'e', 'ㄱ': 'r', 'ㅅ': 't', 'ㅛ': 'y', 'ㅕ': 'u', 'ㅑ': 'i', 'ㅐ': 'o', 'ㅔ': 'p',
	'ㅁ': 'a', 'ㄴ': 's', 'ㅇ': 'd', 'ㄹ': 'f', 'ㅎ': 'g', 'ㅗ': 'h', 'ㅓ': 'j', 'ㅏ': 'k', 'ㅣ': 'l',
	'ㅋ': 'z', 'ㅌ': 'x', 'ㅊ': 'c', 'ㅍ': 'v', 'ㅠ': 'b', 'ㅜ': 'n', 'ㅡ': 'm',
	'ㅃ': 'Q', 'ㅉ': 'W', 'ㄸ': 'E', 'ㄲ': 'R', 'ㅆ': 'T', 'ㅒ': 'O', 'ㅖ': 'P',
}

func latinKey(r rune) rune {
	if l, ok := jamoKeys[r]; ok {
		return l
	}
	return r
}

// Decoder turns the bytes a terminal sends into events. Bytes may arrive
// split anywhere: an incomplete sequence or UTF-8 character waits in the
// decoder for the rest. Unknown sequences are dropped whole; no input makes
// it panic or print.
type Decoder struct {
	buf     []byte
	afterCR bool // the last byte was CR, so an LF right after it is the same Enter
	// skipping is set when an over-long sequence was dropped before its end
	// arrived: the rest of it is dropped too, up to its final byte.
	skipping bool
}

// Feed adds bytes and returns the events they complete.
func (d *Decoder) Feed(b []byte) []Event {
	d.buf = append(d.buf, b...)
	return d.decode(false)
}

// Pending reports whether bytes wait for the rest of a sequence. The caller
// calls Flush when nothing more arrived within EscDelay.
func (d *Decoder) Pending() bool { return len(d.buf) > 0 }

// Flush decodes what is waiting as if no more bytes will come: a lone ESC is
// the Esc key, and a sequence cut short is dropped.
func (d *Decoder) Flush() []Event { return d.decode(true) }

func (d *Decoder) decode(final bool) []Event {
	var out []Event
	for len(d.buf) > 0 {
		ev, n, ok := d.next(final)
		if n == 0 {
			break // incomplete: wait for more bytes
		}
		d.buf = d.buf[n:]
		if ok {
			out = append(out, ev)
		}
	}
	if len(d.buf) == 0 {
		d.buf = nil
	}
	return out
}

// next decodes one event at the start of the buffer. It returns how many
// bytes it used (0: incomplete, wait) and whether they make an event.
func (d *Decoder) next(final bool) (Event, int, bool) {
	b := d.buf
	afterCR := d.afterCR
	d.afterCR = false
	if d.skipping {
		return d.skip(final)
	}
	switch c := b[0]; {
	case c == 0x1b:
		return d.escape(final)
	case c == '\r':
		d.afterCR = true
		return KeyPress(KeyEnter), 1, true
	case c == '\n':
		return KeyPress(KeyEnter), 1, !afterCR
	case c == 0x7f || c == 0x08:
		return KeyPress(KeyBackspace), 1, true
	case c == '\t':
		return KeyPress(KeyTab), 1, true
	case c == 0x03:
		return KeyPress(KeyCtrlC), 1, true
	case c == 0x1a:
		return KeyPress(KeyCtrlZ), 1, true
	case c < 0x20:
		return Event{}, 1, false // other control keys mean nothing here
	case c < utf8.RuneSelf:
		return RunePress(rune(c)), 1, true
	}
	if !final && !utf8.FullRune(b) {
		return Event{}, 0, false
	}
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError || r < 0xa0 {
		return Event{}, n, false // invalid UTF-8, or a C1 control
	}
	return RunePress(r), n, true
}

// escape decodes a sequence that starts with ESC.
func (d *Decoder) escape(final bool) (Event, int, bool) {
	b := d.buf
	if len(b) == 1 {
		if final {
			return KeyPress(KeyEsc), 1, true
		}
		return Event{}, 0, false
	}
	switch b[1] {
	case '[':
		return d.csi(final)
	case 'O':
		if len(b) < 3 {
			if final {
				return Event{}, len(b), false
			}
			return Event{}, 0, false
		}
		k, ok := ss3Final[b[2]]
		if !ok && b[2] >= 'p' && b[2] <= 'y' {
			// Keypad digits in application keypad mode.
			return RunePress(rune('0' + b[2] - 'p')), 3, true
		}
		return KeyPress(k), 3, ok
	}
	// ESC followed by anything else is Esc pressed just before that key
	// (or Alt with it); either way Esc comes first.
	return KeyPress(KeyEsc), 1, true
}

// csi decodes ESC [ params intermediates final.
func (d *Decoder) csi(final bool) (Event, int, bool) {
	b := d.buf
	i := 2
	for i < len(b) && b[i] >= 0x20 && b[i] <= 0x3f {
		i++
	}
	if i == len(b) {
		if i > maxSeq {
			d.skipping = !final // endless: drop it, and the rest of it later
			return Event{}, len(b), false
		}
		if final {
			return Event{}, len(b), false // cut short: drop it
		}
		return Event{}, 0, false
	}
	c := b[i]
	if c < 0x40 || c > 0x7e {
		// Not a sequence after all (a control byte in the middle): drop the
		// part before it and decode that byte on its own.
		return Event{}, i, false
	}
	n := i + 1
	params := b[2:i]
	if n > maxSeq {
		return Event{}, n, false
	}
	if len(params) > 0 && params[0] == '<' && (c == 'M' || c == 'm') {
		ev, ok := sgrMouse(params[1:], c == 'm')
		return ev, n, ok
	}
	if c == '~' {
		num, _, _ := bytes.Cut(params, []byte{';'})
		v, err := strconv.Atoi(string(num))
		k, ok := csiTilde[v]
		return KeyPress(k), n, err == nil && ok
	}
	if c == 'R' {
		// A cursor position report, the answer to ESC [ 6 n. (Shift-F3 in
		// xterm is ESC [ 1 ; 2 R too; no game uses function keys.)
		return cursorReportEvent(params)
	}
	k, ok := csiFinal[c]
	if ok && !plainParams(params) {
		ok = false
	}
	return KeyPress(k), n, ok
}

// skip drops the rest of an over-long sequence: parameter bytes, then the
// final byte. Any other byte ends it and is decoded on its own.
func (d *Decoder) skip(final bool) (Event, int, bool) {
	c := d.buf[0]
	switch {
	case c >= 0x20 && c <= 0x3f:
		return Event{}, 1, false
	case c >= 0x40 && c <= 0x7e:
		d.skipping = false
		return Event{}, 1, false
	}
	d.skipping = false
	return d.next(final)
}

func cursorReportEvent(params []byte) (Event, int, bool) {
	row, col, ok := bytes.Cut(params, []byte{';'})
	r, err1 := strconv.Atoi(string(row))
	c, err2 := strconv.Atoi(string(col))
	if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 {
		return Event{}, len(params) + 3, false
	}
	return Event{Type: cursorReport, at: Pos{Row: r - 1, Col: c - 1}}, len(params) + 3, true
}

// plainParams reports whether CSI parameters are only digits and ';', as a
// modifier like 1;5 is; private ones ('<', '?', '>') belong to other reports.
func plainParams(p []byte) bool {
	for _, c := range p {
		if (c < '0' || c > '9') && c != ';' {
			return false
		}
	}
	return true
}

// sgrMouse decodes the b;x;y of an SGR mouse report (ESC [ < b ; x ; y M).
func sgrMouse(p []byte, release bool) (Event, bool) {
	parts := bytes.Split(p, []byte{';'})
	if len(parts) != 3 {
		return Event{}, false
	}
	var v [3]int
	for i, s := range parts {
		n, err := strconv.Atoi(string(s))
		if err != nil || n < 0 || n > 1<<16 {
			return Event{}, false
		}
		v[i] = n
	}
	code, col, row := v[0], v[1], v[2]
	if col < 1 || row < 1 {
		return Event{}, false
	}
	m := Mouse{Row: row - 1, Col: col - 1, Release: release, Motion: code&32 != 0}
	switch {
	case code&64 != 0 && code&1 == 0:
		m.Button = MouseWheelUp
	case code&64 != 0:
		m.Button = MouseWheelDown
	default:
		m.Button = [...]MouseButton{MouseLeft, MouseMiddle, MouseRight, MouseNone}[code&3]
	}
	return Event{Type: MouseEvent, Mouse: m}, true
}

// Keys decodes s as if a terminal had sent it, with every sequence complete:
// Keys("12\r") is 1, 2, Enter; Keys("\x1b[A") is Up. It is how tests type.
func Keys(s string) []Event {
	var d Decoder
	evs := d.Feed([]byte(s))
	return append(evs, d.Flush()...)
}
