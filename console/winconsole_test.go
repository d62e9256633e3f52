package console

import (
	"errors"
	"io"
	"testing"
	"unicode/utf16"
)

// setConsoleMode models how a Windows console takes a mode: the QuickEdit
// and Insert bits only change when winExtendedFlags comes with them.
func setConsoleMode(current, mode uint32) uint32 {
	const extended = winQuickEditMode | 0x0020 | winExtendedFlags // 0x20: Insert
	if mode&winExtendedFlags == 0 {
		return mode&^extended | current&extended
	}
	return mode
}

// TestGameModes checks gameModes for every input mode of the ten bits a
// console has, and a few output modes: while the game runs, raw VT input
// with the mouse and QuickEdit off, VT output; afterwards, every bit as it
// was, QuickEdit included. x/term's MakeRaw alone left QuickEdit on, so a
// click started a selection instead of reaching the game.
func TestGameModes(t *testing.T) {
	for in := range uint32(1 << 10) {
		for _, out := range []uint32{0, 0x3, 0x7, 0xf} {
			found := consoleModes{in: in, out: out}
			set, restore := gameModes(found)
			running := setConsoleMode(found.in, set.in)
			if running&(winQuickEditMode|winLineInput|winEchoInput|winProcessedInput) != 0 {
				t.Fatalf("found %#x: running with input mode %#x: QuickEdit, line, echo or Ctrl-C handling still on", in, running)
			}
			if running&(winVTInput|winMouseInput) != winVTInput|winMouseInput {
				t.Fatalf("found %#x: running with input mode %#x: no VT input or mouse", in, running)
			}
			if set.out&(winVTProcessing|winDisableNewlineAutoReturn) != winVTProcessing|winDisableNewlineAutoReturn || set.out&out != out {
				t.Fatalf("found output %#x: running with %#x", out, set.out)
			}
			after := setConsoleMode(running, restore.in)
			if after&^winExtendedFlags != in&^winExtendedFlags || restore.out != out {
				t.Fatalf("found %#x/%#x: put back as %#x/%#x", in, out, after, restore.out)
			}
		}
	}
}

// fakeConsole hands out reads of UTF-16 units, in order; an empty read is
// a read of nothing.
type fakeConsole struct {
	reads  [][]uint16
	closed bool // after the reads: the console is gone
}

func (f *fakeConsole) keys() *consoleKeys {
	return &consoleKeys{
		read: func(units []uint16) (int, error) {
			if len(f.reads) == 0 {
				if f.closed {
					return 0, nil
				}
				return 0, errors.New("read after the last")
			}
			n := copy(units, f.reads[0])
			f.reads = f.reads[1:]
			return n, nil
		},
		open: func() bool { return len(f.reads) > 0 || !f.closed },
	}
}

func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// TestConsoleKeys: Ctrl-Z (0x1A), first in a read or not, is a key, a read
// of nothing while the console is open is waited through, and only a
// console gone ends the input. Go's own console reader (internal/poll
// readConsole) returns 0 bytes for a leading 0x1A, which os.File.Read
// turns into io.EOF: the game ended with "the terminal closed its input".
func TestConsoleKeys(t *testing.T) {
	pair := units("😀") // a surrogate pair
	f := &fakeConsole{reads: [][]uint16{
		units("\x1a"), units("\x1aa"), {}, units("b\x1a"),
		{pair[0]}, {pair[1]}, // a pair split between two reads
		units("영"), {0xd800, 'c'}, {0xdc00}, // a lone first half, a lone second half
	}, closed: true}
	r := f.keys()
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	want := "\x1a\x1aab\x1a😀영\uFFFDc\uFFFD"
	if string(got) != want {
		t.Errorf("read %q, want %q", got, want)
	}
	// The decoder then sees Ctrl-Z as a key.
	var d Decoder
	evs := d.Feed(got[:2])
	if len(evs) != 2 || !evs[0].IsKey(KeyCtrlZ) || !evs[1].IsKey(KeyCtrlZ) {
		t.Errorf("decoded %v, want two Ctrl-Z keys", evs)
	}
}

// A reader handed a small buffer gets every byte, in order, over several
// reads.
func TestConsoleKeysSmallBuffer(t *testing.T) {
	f := &fakeConsole{reads: [][]uint16{units("영어\x1a")}, closed: true}
	r := f.keys()
	var got []byte
	buf := make([]byte, 2)
	for {
		n, err := r.Read(buf)
		got = append(got, buf[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if string(got) != "영어\x1a" {
		t.Errorf("read %q", got)
	}
}

// A failed read is an error, not the end of input.
func TestConsoleKeysError(t *testing.T) {
	r := (&fakeConsole{}).keys()
	if _, err := r.Read(make([]byte, 16)); err == nil || err == io.EOF {
		t.Errorf("err = %v, want the read's error", err)
	}
}
