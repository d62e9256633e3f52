package minesweeper

import (
	"fmt"
	"time"

	"termgames/console"
)

// watch plays the clicks of a game that ended again, on the same mines
// and the same screen: → makes the next click, Space plays them at the
// speed they were made (and pauses), ← goes back to the start, and Esc,
// q or Backspace go back to the game's end. The clock comes from the
// console's ticks: while playing, each frame asks for a tick when the next
// click is due.
type watch struct {
	game    *board // the game watched, shown again on leaving
	field   *Field // the replay's, laid with the game's mines
	made    int    // clicks made so far
	playing bool
	began   time.Time // while playing: when the game's first click would have come
	now     time.Time
	drawn   fieldRows
	top     []console.Span
}

// newWatch starts watching the game of b from its start.
func newWatch(b *board, now time.Time) console.Screen {
	w := &watch{game: b, now: now}
	if w.rewind() != nil {
		return b // a game without mines has nothing to watch
	}
	w.prepare()
	return w
}

// rewind goes back to the covered field, before the first click.
func (w *watch) rewind() error {
	f, err := NewFieldOf(w.game.field.Level(), w.game.field.Mines())
	if err != nil {
		return err
	}
	w.field, w.made, w.playing = f, 0, false
	return nil
}

// step makes the next click.
func (w *watch) step() {
	if w.made < len(w.game.clicks) {
		w.field.Do(w.game.clicks[w.made], w.game.app.opt.Marks)
		w.made++
	}
	if w.made == len(w.game.clicks) {
		w.playing = false
	}
}

// Update turns the keys and the ticks into clicks made, then builds what
// View draws.
func (w *watch) Update(ev console.Event) console.Screen {
	a := w.game.app
	a.observe(ev)
	w.now = ev.Time
	switch {
	case ev.IsKey(console.KeyEsc), ev.IsKey(console.KeyBackspace), ev.IsRune('q'), ev.IsRune('Q'):
		w.game.prepare() // a save may have answered meanwhile
		return a.with(w.game)
	case ev.IsKey(console.KeyRight), ev.IsRune('l'):
		w.playing = false
		w.step()
	case ev.IsKey(console.KeyLeft), ev.IsKey(console.KeyHome), ev.IsRune('h'):
		_ = w.rewind() // it worked in newWatch, on the same mines
	case ev.IsRune(' '):
		w.toggle()
	}
	// Every click that is due by now, on a tick or any other event.
	for w.playing && !w.now.Before(w.due()) {
		w.step()
	}
	w.prepare()
	return a.with(w)
}

// toggle starts or pauses playing. Playing goes on from the clicks made:
// the next one comes as long after the last one as it did in the game.
func (w *watch) toggle() {
	if w.playing {
		w.playing = false
		return
	}
	if w.made == len(w.game.clicks) {
		_ = w.rewind() // it worked in newWatch, on the same mines
	}
	w.playing = true
	w.began = w.now
	if w.made > 0 {
		w.began = w.now.Add(-w.game.clicks[w.made-1].At)
	}
}

// due is when the next click comes, while playing.
func (w *watch) due() time.Time { return w.began.Add(w.game.clicks[w.made].At) }

// shown is the game's time at the replay's point: that of the last click
// made, or while playing, the time since the first.
func (w *watch) shown() time.Duration {
	switch {
	case w.playing:
		return max(w.now.Sub(w.began), 0)
	case w.made > 0:
		return w.game.clicks[w.made-1].At
	}
	return 0
}

// prepare builds the status line and the field's rows, with the cell of
// the last click in reverse video.
func (w *watch) prepare() {
	t := w.game.app.t
	line := fmt.Sprintf(t.watchTitle, w.made, len(w.game.clicks), seconds(w.shown()))
	solved, total := w.field.BBBV()
	line += fmt.Sprintf("   3BV %d/%d", solved, total)
	w.top = []console.Span{{Text: line}}
	row, col := -1, -1
	if w.made > 0 {
		c := w.game.clicks[w.made-1]
		row, col = c.Row, c.Col
	}
	w.drawn.update(w.field, row, col, w.game.app.opt.ASCII, w.game.app.w.EastAsianWidth)
}

// View draws the replay where the game was: the status line, the board and
// the watch's keys.
func (w *watch) View(size console.Size) console.Frame {
	b := w.game
	need := b.need()
	var f console.Frame
	if !b.fits(size) {
		f = console.TooSmall(need, size, b.app.tag())
		f.Tick = w.tick()
		return f
	}
	f.Label(b.app.tag(), need)
	f.Mouse = true // as on the board, so that the terminal does not switch modes
	f.Tick = w.tick()
	f.SetRow(0, w.top)
	w.drawn.draw(&f)
	row := boardTop + b.field.Level().Rows + 1
	for _, l := range b.app.t.watchHelp {
		f.Line(row, l)
		row++
	}
	return f
}

// tick asks for a tick when the next click is due, while playing; and on
// every tenth of a second between, so that the time shown runs.
func (w *watch) tick() time.Duration {
	if !w.playing {
		return 0
	}
	const tenth = 100 * time.Millisecond
	untilNext := max(w.due().Sub(w.now), time.Millisecond)
	return min(untilNext, tenth-w.shown()%tenth)
}
