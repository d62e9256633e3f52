package console

import "github.com/mattn/go-runewidth"

// Renderer draws frames, for the benchmarks of package console_test, which
// draw the games' real screens (this package cannot import the games).
type Renderer interface {
	Render(f Frame, size Size) []byte
	Invalidate()
}

type newR struct{ r renderer }

func (n *newR) Render(f Frame, size Size) []byte { return n.r.render(f, size) }
func (n *newR) Invalidate()                      { n.r.invalidate() }

type oldR struct{ r oldRenderer }

func (o *oldR) Render(f Frame, size Size) []byte { return o.r.render(f, size) }
func (o *oldR) Invalidate()                      { o.r.invalidate() }

// NewRenderer returns the renderer Run uses, measuring with w; trusted
// says the terminal confirmed w's widths.
func NewRenderer(w *runewidth.Condition, trusted bool) Renderer {
	return &newR{renderer{width: w, trusted: trusted}}
}

// NewOldRenderer returns the renderer before cells (render_old_test.go).
func NewOldRenderer() Renderer {
	o := &oldR{}
	o.r.invalidate()
	return o
}
