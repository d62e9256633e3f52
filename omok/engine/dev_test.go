package engine

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestDevSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	b, _ := NewBoard(15, Freestyle)
	es := [2]*Engine{New(Hard, nil), New(Normal, nil)}
	for b.Winner() == None && !b.Full() {
		e := es[b.ToMove().side()]
		st := time.Now()
		r, err := e.Think(context.Background(), b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%d %s %v %s d=%d n=%d score=%d %v\n", b.Moves(), b.ToMove(), r.Move, r.Kind, r.Depth, r.Nodes, r.Score, time.Since(st).Round(time.Millisecond))
		if err := b.Play(r.Move); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Println("winner", b.Winner())
	fmt.Println(b)
}
