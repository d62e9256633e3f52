package baseball

import (
	"bytes"
	"os"
	"testing"

	"termgames/baseball/internal/optimal"
)

// TestBestTreeIsGenerated checks that the checked-in table is exactly what
// the generator makes now: the whole search runs (a fraction of a second),
// so there is nothing to trust but the generator's code.
func TestBestTreeIsGenerated(t *testing.T) {
	want, err := optimal.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("besttree.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("besttree.go is not what the generator makes: run go generate ./baseball")
	}
}

// TestAnswerCodes checks that the table is read with the generator's
// numbering of the answers.
func TestAnswerCodes(t *testing.T) {
	for s := -1; s <= 4; s++ {
		for b := -1; b <= 4; b++ {
			if got, want := answerCode(Answer{s, b}), optimal.Code(s, b); got != want {
				t.Errorf("answerCode(%d, %d) = %d, the generator's code is %d", s, b, got, want)
			}
		}
	}
}

// TestBestTreeShape checks what the guesser relies on: every node's guess
// is a valid number, and every next node is later in the table (no loops).
func TestBestTreeShape(t *testing.T) {
	b := &best{place: [3]int{0, 1, 2}}
	for d := range b.digit {
		b.digit[d] = byte(d)
	}
	for i, node := range bestTree {
		if g := b.shown(node.guess); !g.Valid() || g.String() != itoa(node.guess) {
			t.Errorf("node %d: guess %d is not a number of the game", i, node.guess)
		}
		for _, next := range node.next {
			if next != 0 && int(next) <= i || int(next) >= len(bestTree) {
				t.Errorf("node %d: next node %d", i, next)
			}
		}
	}
}

func itoa(n uint16) string {
	return string([]byte{byte('0' + n/100), byte('0' + n/10%10), byte('0' + n%10)})
}
