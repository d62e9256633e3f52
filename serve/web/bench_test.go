package web

import (
	"io"
	"testing"

	"termgames/serve/room"
)

// BenchmarkDrawTable draws a live omok table's changing part, 14 stones
// on the board, as each change of the table draws it for its watchers:
// grid=once takes the board's grid drawn once for its size (gridOf), as
// the pages do; grid=each draws the grid again at each change too, as
// drawing the whole board every time would, for the ratio.
//
//	go test -run '^$' -bench DrawTable ./serve/web/
func BenchmarkDrawTable(b *testing.B) {
	l := room.NewLobby(room.Config{})
	defer l.Close()
	tb := l.Open(room.Setup{Game: room.Omok, Rule: "freestyle"}, room.Seat{Name: "alice", Key: "SHA256:a"})
	if _, _, err := l.Join(tb.Code, room.Omok, room.Seat{Name: "bob", Key: "SHA256:b"}); err != nil {
		b.Fatal(err)
	}
	for i, m := range []string{"h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "b8", "a6", "c8", "a7", "d8", "a9"} {
		if err := tb.Move(i%2, m); err != nil {
			b.Fatal(err)
		}
	}
	s, err := New(Config{Lobby: l})
	if err != nil {
		b.Fatal(err)
	}
	st, _ := tb.State()
	draw := func(b *testing.B, grid bool) {
		b.ReportAllocs()
		for b.Loop() {
			if grid {
				if err := gridTemplate.ExecuteTemplate(io.Discard, "omokgrid", omokBoard{Size: 15}); err != nil {
					b.Fatal(err)
				}
			}
			if err := s.pages["live"].ExecuteTemplate(io.Discard, "table", viewOf(korean, tb.Code, st, 0, false)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("grid=once", func(b *testing.B) { draw(b, false) })
	b.Run("grid=each", func(b *testing.B) { draw(b, true) })
}
