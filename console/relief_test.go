package console

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// A step stuck past two looks gets another reader, once; the stuck reader
// learns it when its step ends; quick steps never do.
func TestReliefTakesOverAStuckStep(t *testing.T) {
	const every = 5 * time.Millisecond
	var took atomic.Int32
	r := newRelief(every, func() { took.Add(1) })
	defer r.stop()
	for range 20 { // quick steps, a look apart or closer
		n := r.begin()
		if r.end(n) {
			t.Fatal("a quick step was taken over")
		}
		time.Sleep(every / 2)
	}
	if took.Load() != 0 {
		t.Fatalf("%d readers started for quick steps", took.Load())
	}
	n := r.begin()
	deadline := time.Now().Add(5 * time.Second)
	for took.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(every)
	}
	if took.Load() != 1 {
		t.Fatalf("a stuck step started %d readers, want 1", took.Load())
	}
	time.Sleep(5 * every)
	if took.Load() != 1 {
		t.Fatalf("a step stuck longer started %d readers, want 1", took.Load())
	}
	if !r.end(n) {
		t.Error("the stuck step's reader was not told that another took over")
	}
	// The next reader's steps are watched again.
	n = r.begin()
	for took.Load() == 1 && time.Now().Before(deadline) {
		time.Sleep(every)
	}
	if took.Load() != 2 || !r.end(n) {
		t.Errorf("after a take-over, a stuck step started %d readers in all, want 2", took.Load())
	}
}

// sleeping reports whether r's looks have stopped.
func (r *relief) sleeping() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.armed
}

// The looks stop once steps stop coming, start again with the next step,
// and never after stop.
func TestReliefSleepsWhenQuiet(t *testing.T) {
	const every = 2 * time.Millisecond
	r := newRelief(every, func() { t.Error("a reader started") })
	r.end(r.begin())
	if r.sleeping() {
		t.Fatal("not looking after a step")
	}
	deadline := time.Now().Add(5 * time.Second)
	for !r.sleeping() && time.Now().Before(deadline) {
		time.Sleep(every)
	}
	if !r.sleeping() {
		t.Fatal("still looking after the steps stopped")
	}
	r.end(r.begin())
	if r.sleeping() {
		t.Fatal("not looking again after a new step")
	}
	r.stop()
	r.begin() // stuck, but Run has returned
	time.Sleep(4 * every)
	if !r.sleeping() {
		t.Error("looking after stop")
	}
}

// BenchmarkReliefArm measures what watching one step costs the step, the
// way before (a timer set for each step) and relief side by side, each
// step after a pause of 20 ms, as keys come: setting a timer wakes
// another thread then. The measure is the median step (median-ns/step),
// and for relief x-faster; ns/op counts the pause too.
//
//	go test -run '^$' -bench ReliefArm -benchtime 300x ./console/
func BenchmarkReliefArm(bm *testing.B) {
	var timerNs float64
	ways := []struct {
		name  string
		watch func() // watches a step that ends at once
	}{
		{"timer", func() func() {
			t := time.AfterFunc(time.Hour, func() {})
			return func() {
				t.Reset(50 * time.Millisecond)
				t.Stop()
			}
		}()},
		{"relief", func() func() {
			r := newRelief(reliefLook, func() {})
			return func() { r.end(r.begin()) }
		}()},
	}
	for _, way := range ways {
		bm.Run(way.name, func(b *testing.B) {
			took := make([]time.Duration, 0, b.N)
			for range b.N {
				time.Sleep(20 * time.Millisecond) // timed too, so that b.N stays small
				t := time.Now()
				way.watch()
				took = append(took, time.Since(t))
			}
			slices.Sort(took)
			ns := float64(took[len(took)/2].Nanoseconds())
			b.ReportMetric(ns, "median-ns/step")
			if way.name == "timer" {
				timerNs = ns
			} else if timerNs > 0 {
				b.ReportMetric(timerNs/ns, "x-faster")
			}
		})
	}
}
