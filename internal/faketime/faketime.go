// Package faketime is a time for tests that moves only when the test says:
// a source of Now and AfterFunc, as the online tables read their time
// (serve/room's TimeSource), whose timers fire in order, in the caller's
// goroutine, as Advance passes their instant. No test sleeps through a
// clock or a seat hold.
package faketime

import (
	"slices"
	"sync"
	"time"
)

// Time is a fake time. Its methods may be called from any goroutine.
type Time struct {
	mu     sync.Mutex
	now    time.Time
	step   time.Duration // added to now at each reading
	timers []*timer
}

// timer is a call armed by AfterFunc.
type timer struct {
	at    time.Time
	f     func()
	ended bool // fired or stopped
}

// New returns a time that stands at start until Advance moves it.
func New(start time.Time) *Time { return &Time{now: start} }

// Stepping returns a time at start each of whose readings (Now) is step
// after the last, so that every event of a test has its own instant; its
// timers still wait for Advance.
func Stepping(start time.Time, step time.Duration) *Time { return &Time{now: start, step: step} }

// Now is the time now.
func (ft *Time) Now() time.Time {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	ft.now = ft.now.Add(ft.step)
	return ft.now
}

// AfterFunc arms f to be called once Advance passes d from now; stop
// disarms it and reports whether that kept it from being called, as
// (*time.Timer).Stop does.
func (ft *Time) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	t := &timer{at: ft.now.Add(d), f: f}
	ft.timers = append(ft.timers, t)
	return func() bool {
		ft.mu.Lock()
		defer ft.mu.Unlock()
		was := !t.ended
		t.ended = true
		return was
	}
}

// Advance moves the time on by d, calling each timer that falls due by
// then in the order of their instants, with the time at its instant; a
// timer armed by one of them fires too if it falls due within d.
func (ft *Time) Advance(d time.Duration) {
	ft.mu.Lock()
	end := ft.now.Add(d)
	for {
		var next *timer
		for _, t := range ft.timers {
			if !t.ended && !t.at.After(end) && (next == nil || t.at.Before(next.at)) {
				next = t
			}
		}
		if next == nil {
			break
		}
		next.ended = true
		if next.at.After(ft.now) {
			ft.now = next.at
		}
		ft.mu.Unlock()
		next.f() // outside the lock: it may read the time or arm a timer
		ft.mu.Lock()
	}
	ft.now = end
	ft.timers = slices.DeleteFunc(ft.timers, func(t *timer) bool { return t.ended })
	ft.mu.Unlock()
}
