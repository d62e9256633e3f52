package room

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// offerStep is one event at a table's offers: "move", "takeback" or "draw"
// (an offer), "yes" or "no" (an answer), by seat. want is the error it
// must meet, or nil; got, for an answer or a move, the offer it closes.
type offerStep struct {
	seat int
	do   string
	want error
	got  *Offer
}

// playOffers plays steps on o, and after each checks the error, the offer
// closed, and that a refusal left the open offer as it was.
func playOffers(t *testing.T, o *Offers, steps []offerStep) {
	t.Helper()
	for k, s := range steps {
		before, wasOpen := o.Open()
		var (
			off    Offer
			closed bool
			err    error
		)
		switch s.do {
		case "move":
			off, closed = o.Moved(s.seat)
		case "takeback":
			err = o.Make(s.seat, OfferTakeback)
		case "draw":
			err = o.Make(s.seat, OfferDraw)
		case "yes", "no":
			off, err = o.Answer(s.seat, s.do == "yes")
			closed = err == nil
		default:
			t.Fatalf("step %d: no event %q", k+1, s.do)
		}
		if !errors.Is(err, s.want) {
			t.Fatalf("step %d: seat %d %s: %v, want %v", k+1, s.seat, s.do, err, s.want)
		}
		if (s.got != nil) != closed || (closed && off != *s.got) {
			t.Fatalf("step %d: seat %d %s closed %+v (%v), want %+v", k+1, s.seat, s.do, off, closed, s.got)
		}
		if after, open := o.Open(); err != nil && (after != before || open != wasOpen) {
			t.Fatalf("step %d: the refused %s changed the open offer to %+v (%v)", k+1, s.do, after, open)
		}
	}
}

func TestOffers(t *testing.T) {
	takeback0 := &Offer{Kind: OfferTakeback, By: 0}
	takeback1 := &Offer{Kind: OfferTakeback, By: 1}
	draw0 := &Offer{Kind: OfferDraw, By: 0}
	draw1 := &Offer{Kind: OfferDraw, By: 1}
	tests := []struct {
		name  string
		steps []offerStep
	}{
		{"a takeback accepted", []offerStep{
			{0, "move", nil, nil},
			{1, "move", nil, nil},
			{1, "takeback", nil, nil},
			{0, "yes", nil, takeback1},
			// Seat 1's move is taken back: seat 0's is the last again.
			{1, "takeback", ErrNotLastMove, nil},
			{0, "takeback", nil, nil},
			{1, "yes", nil, takeback0},
			{0, "takeback", ErrNotLastMove, nil}, // no move left to take back
		}},
		{"a takeback declined", []offerStep{
			{0, "move", nil, nil},
			{0, "takeback", nil, nil},
			{1, "no", nil, takeback0},
			{0, "takeback", nil, nil}, // asked again: declined once only
			{1, "yes", nil, takeback0},
		}},
		{"declined twice, not asked again", []offerStep{
			{0, "move", nil, nil},
			{0, "takeback", nil, nil},
			{1, "no", nil, takeback0},
			{1, "move", nil, nil},
			{0, "move", nil, nil},
			{0, "takeback", nil, nil},
			{1, "no", nil, takeback0},
			{0, "takeback", ErrNotAsked, nil},
			{0, "draw", nil, nil}, // another kind is asked still
			{1, "no", nil, draw0},
			// Seat 0 declined nothing: seat 1 may ask it.
			{1, "move", nil, nil},
			{1, "takeback", nil, nil},
			{0, "no", nil, takeback1},
			{0, "move", nil, nil},
			{0, "draw", nil, nil},
			{1, "no", nil, draw0},
			{0, "draw", ErrNotAsked, nil},
			{1, "draw", nil, nil},
			{0, "yes", nil, draw1},
		}},
		{"a draw agreed", []offerStep{
			{0, "draw", nil, nil}, // before any move
			{1, "yes", nil, draw0},
		}},
		{"a draw offered by the player to move", []offerStep{
			{0, "move", nil, nil},
			{1, "draw", nil, nil},
			{0, "yes", nil, draw1},
		}},
		{"an offer lapses when a move is made", []offerStep{
			{0, "move", nil, nil},
			{0, "takeback", nil, nil},
			{1, "move", nil, takeback0}, // the answer is a move
			{0, "yes", ErrNoOffer, nil},
			{0, "draw", nil, nil},
			{0, "move", nil, draw0}, // the offerer's own move too
			{1, "no", ErrNoOffer, nil},
			// A lapsed offer is no decline.
			{1, "move", nil, nil},
			{1, "takeback", nil, nil},
			{0, "move", nil, takeback1},
			{0, "takeback", nil, nil},
			{1, "move", nil, takeback0},
			{1, "takeback", nil, nil},
			{0, "no", nil, takeback1},
			{1, "move", nil, nil},
			{1, "takeback", nil, nil}, // declined once, lapsed twice: asked still
			{0, "yes", nil, takeback1},
		}},
		{"one offer at a time", []offerStep{
			{0, "move", nil, nil},
			{0, "takeback", nil, nil},
			{0, "draw", ErrOfferOpen, nil},
			{1, "draw", ErrOfferOpen, nil},
			{0, "takeback", ErrOfferOpen, nil},
			{1, "no", nil, takeback0},
			{1, "draw", nil, nil},
		}},
		{"only the other player answers", []offerStep{
			{0, "yes", ErrNoOffer, nil},
			{0, "draw", nil, nil},
			{0, "yes", ErrOwnOffer, nil},
			{0, "no", ErrOwnOffer, nil},
			{1, "no", nil, draw0},
			{1, "no", ErrNoOffer, nil},
		}},
		{"a takeback of one's own last move only", []offerStep{
			{0, "takeback", ErrNotLastMove, nil}, // no move yet
			{0, "move", nil, nil},
			{1, "takeback", ErrNotLastMove, nil}, // the other's move
			{1, "move", nil, nil},
			{0, "takeback", ErrNotLastMove, nil}, // one's own, but not the last
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			playOffers(t, &Offers{}, tt.steps)
		})
	}
}

func TestOfferMessages(t *testing.T) {
	var o Offers
	o.Moved(0)
	for range 2 {
		_ = o.Make(0, OfferTakeback)
		_, _ = o.Answer(1, false)
	}
	err := o.Make(0, OfferTakeback)
	if want := "not asked again this game: the other player declined a takeback twice"; err == nil || err.Error() != want {
		t.Errorf("Make = %v, want %q", err, want)
	}
	for _, seat := range []int{-1, 2} {
		if err := o.Make(seat, OfferDraw); err == nil || !strings.Contains(err.Error(), fmt.Sprint("no seat ", seat)) {
			t.Errorf("an offer by seat %d: %v", seat, err)
		}
		if _, err := o.Answer(seat, true); err == nil {
			t.Errorf("an answer by seat %d taken", seat)
		}
	}
	if err := o.Make(1, OfferKind(7)); err == nil {
		t.Error("an offer of no kind taken")
	}
	if _, ok := o.Open(); ok {
		t.Error("a refused offer is open")
	}
}

func TestOfferKindText(t *testing.T) {
	for k, want := range map[OfferKind]string{OfferTakeback: "takeback", OfferDraw: "draw", 9: "OfferKind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("%d: %q, want %q", k, got, want)
		}
	}
}
