package room

import (
	"errors"
	"fmt"
)

// offer.go is the offers by consent at a table, as pente.org and lichess
// have them: a player asks to take back their own last move, or offers a
// draw, and the other answers yes or no. It is rules only, beside the
// table: the table says when a move is made and does what an accepted
// offer asks (the board's Undo and the clock's Switch for a takeback, the
// end for a draw). It draws nothing and imports no console.

// OfferKind is what a player may ask the other for.
type OfferKind uint8

// The offers.
const (
	// OfferTakeback asks to take back the offerer's own last move.
	OfferTakeback OfferKind = iota
	// OfferDraw offers to end the game as a draw.
	OfferDraw
)

// offerWords name the offers in errors; the store keeps an offer as a
// move of the match instead (match.go).
var offerWords = [...]string{OfferTakeback: "takeback", OfferDraw: "draw"}

// String names the offer: "takeback" or "draw".
func (k OfferKind) String() string {
	if int(k) < len(offerWords) {
		return offerWords[k]
	}
	return fmt.Sprintf("OfferKind(%d)", uint8(k))
}

// Offer is an offer made: what, and by which seat.
type Offer struct {
	Kind OfferKind
	By   int
}

// timesDeclined is how many offers of a kind a player may decline before
// they are not asked again that game: a player who said no twice meant it.
const timesDeclined = 2

// Errors of the offers.
var (
	ErrOfferOpen = errors.New("an offer is waiting for its answer")
	ErrNoOffer   = errors.New("no offer to answer")
	ErrOwnOffer  = errors.New("an offer is answered by the other player")
	// ErrNotLastMove: a takeback is of the offerer's own move, the last
	// one made.
	ErrNotLastMove = errors.New("only one's own last move can be taken back")
	// ErrNotAsked is the error a refused offer matches with errors.Is
	// when the other player declined it twice already.
	ErrNotAsked = errors.New("not asked again this game")
)

// Offers is the offers of one game: at most one open at a time, by either
// seat; it lapses when a move is made. It remembers whose moves may be
// taken back and how often each player declined each kind.
type Offers struct {
	open     Offer
	isOpen   bool
	movers   []int                   // the seat of each move that may be taken back, in order
	declined [len(offerWords)][2]int // by kind and by the seat that declined
}

// Moved notes a move of seat's, which seat may now ask to take back. An
// open offer lapses: it is returned, for the screens to say so. The table
// notes the game's moves, not an opening's (swap2's stones are no move to
// take back).
func (o *Offers) Moved(seat int) (lapsed Offer, ok bool) {
	lapsed, ok = o.open, o.isOpen
	o.isOpen = false
	o.movers = append(o.movers, seat)
	return lapsed, ok
}

// Check reports why seat may not offer kind now, changing nothing: a
// screen shows the offer's key only when it may. Nil when it may.
func (o *Offers) Check(seat int, kind OfferKind) error {
	if err := checkSeat(seat); err != nil {
		return err
	}
	switch {
	case int(kind) >= len(offerWords):
		return fmt.Errorf("no offer %v", kind)
	case o.isOpen:
		return ErrOfferOpen
	case kind == OfferTakeback && (len(o.movers) == 0 || o.movers[len(o.movers)-1] != seat):
		return ErrNotLastMove
	case o.declined[kind][1-seat] >= timesDeclined:
		return fmt.Errorf("%w: the other player declined a %v twice", ErrNotAsked, kind)
	}
	return nil
}

// Make opens seat's offer of kind, when Check allows it.
func (o *Offers) Make(seat int, kind OfferKind) error {
	if err := o.Check(seat, kind); err != nil {
		return err
	}
	o.open, o.isOpen = Offer{Kind: kind, By: seat}, true
	return nil
}

// Open returns the offer waiting for its answer, if any.
func (o *Offers) Open() (Offer, bool) { return o.open, o.isOpen }

// Answer closes the open offer with seat's answer, and returns it: when
// yes, the table does what it asks. A takeback accepted takes the move
// out of those that may be taken back; a no is counted against seat.
func (o *Offers) Answer(seat int, yes bool) (Offer, error) {
	if err := checkSeat(seat); err != nil {
		return Offer{}, err
	}
	switch {
	case !o.isOpen:
		return Offer{}, ErrNoOffer
	case o.open.By == seat:
		return Offer{}, ErrOwnOffer
	}
	off := o.open
	o.isOpen = false
	switch {
	case !yes:
		o.declined[off.Kind][seat]++
	case off.Kind == OfferTakeback:
		o.movers = o.movers[:len(o.movers)-1]
	}
	return off, nil
}
