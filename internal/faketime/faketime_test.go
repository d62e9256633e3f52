package faketime

import (
	"slices"
	"testing"
	"time"
)

// TestTime checks the tests' time source: timers fire in order,
// each at its instant, a stopped one never, and one armed from a call
// fires in the same Advance when it falls due.
func TestTime(t *testing.T) {
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	ft := New(t0)
	var fired []time.Duration
	note := func() { fired = append(fired, ft.Now().Sub(t0)) }
	ft.AfterFunc(3*time.Second, note)
	ft.AfterFunc(time.Second, func() {
		note()
		ft.AfterFunc(time.Second, note)
	})
	stopped := ft.AfterFunc(2500*time.Millisecond, note)
	if !stopped() || stopped() {
		t.Error("Stop reports wrong")
	}
	ft.Advance(10 * time.Second)
	if want := []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}; !slices.Equal(fired, want) {
		t.Errorf("fired at %v, want %v", fired, want)
	}
	if ft.Now() != t0.Add(10*time.Second) {
		t.Errorf("now %v", ft.Now())
	}
}

// A stepping time reads a step later at each reading, and its timers
// still wait for Advance.
func TestStepping(t *testing.T) {
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	ft := Stepping(t0, time.Second)
	fired := false
	ft.AfterFunc(10*time.Second, func() { fired = true })
	if a, b := ft.Now(), ft.Now(); b.Sub(a) != time.Second || fired {
		t.Errorf("two readings %v apart, fired %v", b.Sub(a), fired)
	}
	ft.Advance(10 * time.Second)
	if !fired {
		t.Error("the timer did not fire")
	}
}
