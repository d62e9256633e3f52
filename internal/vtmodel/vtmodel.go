// Package vtmodel is a small model of a VT terminal screen, for tests only:
// it reads what a program writes and keeps the grid of cells a terminal
// would show, so a test can read the screen as text the way a player would.
//
// It knows the sequences the console writes: absolute and relative cursor
// moves (CUP, CHA, CUU, CUD, CUF, CUB), line, screen and character erases
// (EL, ED, ECH, painting the current background as xterm does), SGR
// (bold, underline, reverse and the 16 colours, kept per cell), private
// modes such as the alternate screen, and the plain controls (CR, LF, BS,
// HT). Wide glyphs take two cells; writing over half of one blanks the
// other half. Anything else is consumed and ignored.
package vtmodel

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Attr is how a cell is drawn: the SGR attributes the model knows. Colours
// are 0 for the terminal's default, 1-8 for black to white (SGR 30-37,
// 40-47) and 9-16 for their bright forms (SGR 90-97, 100-107).
type Attr struct {
	FG, BG    uint8
	Bold      bool
	Underline bool
	Reverse   bool
}

type cell struct {
	r    rune
	cont bool // right half of a wide character
	a    Attr
}

// Screen is the modelled terminal. It is safe for one writer and many readers.
type Screen struct {
	mu     sync.Mutex
	w      *runewidth.Condition
	width  int
	height int
	main   [][]cell
	alt    [][]cell
	inAlt  bool
	row    int
	col    int
	saved  [2]int // cursor saved on entering the alternate screen
	pend   []byte // an incomplete sequence or character
	attr   Attr   // the current SGR attributes
	modes  map[int]bool
	answer io.Writer
}

// AnswerTo makes the screen answer a cursor position request (ESC [ 6 n) on
// w, as a terminal answers on its input.
func (s *Screen) AnswerTo(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answer = w
}

// New returns a blank screen of the given size whose character widths are
// those of w (nil: ambiguous characters narrow).
func New(width, height int, w *runewidth.Condition) *Screen {
	if w == nil {
		w = runewidth.NewCondition()
		w.EastAsianWidth = false
	}
	s := &Screen{w: w, width: width, height: height, modes: map[int]bool{7: true, 25: true}}
	s.main = blank(width, height)
	s.alt = blank(width, height)
	return s
}

func blank(w, h int) [][]cell {
	g := make([][]cell, h)
	for i := range g {
		g[i] = blankRow(w)
	}
	return g
}

func blankRow(w int) []cell {
	r := make([]cell, w)
	for i := range r {
		r[i] = cell{r: ' '}
	}
	return r
}

func (s *Screen) grid() [][]cell {
	if s.inAlt {
		return s.alt
	}
	return s.main
}

// Resize changes the screen size, keeping what fits.
func (s *Screen) Resize(width, height int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fit := func(g [][]cell) [][]cell {
		n := blank(width, height)
		for i := 0; i < min(height, len(g)); i++ {
			copy(n[i], g[i])
		}
		return n
	}
	s.main, s.alt = fit(s.main), fit(s.alt)
	s.width, s.height = width, height
	s.row, s.col = min(s.row, height-1), min(s.col, width-1)
}

// Write feeds the screen what a program wrote.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := append(s.pend, p...)
	s.pend = nil
	for len(b) > 0 {
		n := s.step(b)
		if n == 0 {
			s.pend = append([]byte(nil), b...)
			break
		}
		b = b[n:]
	}
	return len(p), nil
}

// step handles one character or sequence and returns how many bytes it
// used, 0 when the bytes are incomplete.
func (s *Screen) step(b []byte) int {
	switch c := b[0]; c {
	case 0x1b:
		return s.escape(b)
	case '\r':
		s.col = 0
	case '\n':
		s.lineFeed()
	case '\b':
		s.col = max(s.col-1, 0)
	case '\t':
		s.col = min((s.col/8+1)*8, s.width-1)
	default:
		if c < 0x20 || c == 0x7f {
			return 1
		}
		if !utf8.FullRune(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b)
		s.put(r)
		return n
	}
	return 1
}

func (s *Screen) lineFeed() {
	if s.row < s.height-1 {
		s.row++
		return
	}
	g := s.grid()
	copy(g, g[1:])
	g[len(g)-1] = blankRow(s.width)
}

func (s *Screen) put(r rune) {
	w := s.w.RuneWidth(r)
	if w == 0 {
		return
	}
	if s.col+w > s.width {
		if !s.modes[7] {
			return // autowrap off: the text is cut at the margin
		}
		s.col = 0
		s.lineFeed()
	}
	row := s.grid()[s.row]
	if row[s.col].cont && s.col > 0 {
		row[s.col-1] = cell{r: ' '}
	}
	if end := s.col + w; end < s.width && row[end].cont {
		row[end] = cell{r: ' '}
	}
	row[s.col] = cell{r: r, a: s.attr}
	for k := 1; k < w; k++ {
		row[s.col+k] = cell{cont: true, a: s.attr}
	}
	// At the margin the cursor stays on the last column, as a terminal's
	// does with autowrap off.
	s.col = min(s.col+w, s.width-1)
}

func (s *Screen) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	if b[1] != '[' {
		return 2 // ESC 7, ESC 8, ESC =: nothing this model keeps
	}
	i := 2
	for i < len(b) && b[i] >= 0x20 && b[i] <= 0x3f {
		i++
	}
	if i == len(b) {
		return 0
	}
	s.csi(string(b[2:i]), b[i])
	return i + 1
}

func (s *Screen) csi(params string, final byte) {
	private := strings.HasPrefix(params, "?")
	params = strings.TrimPrefix(params, "?")
	var nums []int
	for _, f := range strings.Split(params, ";") {
		n, _ := strconv.Atoi(f)
		nums = append(nums, n)
	}
	arg := func(i, def int) int {
		if i < len(nums) && nums[i] > 0 {
			return nums[i]
		}
		return def
	}
	if private {
		if final == 'h' || final == 'l' {
			for _, m := range nums {
				s.mode(m, final == 'h')
			}
		}
		return
	}
	g := s.grid()
	switch final {
	case 'n':
		if arg(0, 0) == 6 && s.answer != nil {
			fmt.Fprintf(s.answer, "\x1b[%d;%dR", s.row+1, s.col+1)
		}
	case 'H', 'f':
		s.row, s.col = clamp(arg(0, 1)-1, s.height), clamp(arg(1, 1)-1, s.width)
	case 'G':
		s.col = clamp(arg(0, 1)-1, s.width)
	case 'A':
		s.row = clamp(s.row-arg(0, 1), s.height)
	case 'B':
		s.row = clamp(s.row+arg(0, 1), s.height)
	case 'C':
		s.col = clamp(s.col+arg(0, 1), s.width)
	case 'D':
		s.col = clamp(s.col-arg(0, 1), s.width)
	case 'K':
		from, to := s.col, s.width
		switch arg(0, 0) {
		case 1:
			from, to = 0, s.col+1
		case 2:
			from = 0
		}
		s.erase(s.row, from, to)
	case 'X':
		s.erase(s.row, s.col, min(s.col+arg(0, 1), s.width))
	case 'J':
		switch arg(0, 0) {
		case 2, 3:
			for r := range g {
				s.erase(r, 0, s.width)
			}
		default:
			s.erase(s.row, s.col, s.width)
			for r := s.row + 1; r < s.height; r++ {
				s.erase(r, 0, s.width)
			}
		}
	case 'm':
		s.sgr(nums)
	}
}

// erase blanks columns from to to of row r with the current background
// (xterm's background colour erase), blanking too the rest of any wide
// character cut in half.
func (s *Screen) erase(r, from, to int) {
	row := s.grid()[r]
	if from >= to {
		return
	}
	if row[from].cont && from > 0 {
		row[from-1] = cell{r: ' '}
	}
	if to < s.width && row[to].cont {
		row[to] = cell{r: ' '}
	}
	for c := from; c < to; c++ {
		row[c] = cell{r: ' ', a: Attr{BG: s.attr.BG}}
	}
}

// sgr sets the current attributes from the parameters of ESC [ ... m.
func (s *Screen) sgr(nums []int) {
	for _, n := range nums {
		switch {
		case n == 0:
			s.attr = Attr{}
		case n == 1:
			s.attr.Bold = true
		case n == 22:
			s.attr.Bold = false
		case n == 4:
			s.attr.Underline = true
		case n == 24:
			s.attr.Underline = false
		case n == 7:
			s.attr.Reverse = true
		case n == 27:
			s.attr.Reverse = false
		case n >= 30 && n <= 37:
			s.attr.FG = uint8(n - 30 + 1)
		case n == 39:
			s.attr.FG = 0
		case n >= 90 && n <= 97:
			s.attr.FG = uint8(n - 90 + 9)
		case n >= 40 && n <= 47:
			s.attr.BG = uint8(n - 40 + 1)
		case n == 49:
			s.attr.BG = 0
		case n >= 100 && n <= 107:
			s.attr.BG = uint8(n - 100 + 9)
		}
	}
}

func clamp(v, n int) int { return max(0, min(v, n-1)) }

func (s *Screen) mode(m int, on bool) {
	s.modes[m] = on
	if m == 1049 && on != s.inAlt {
		if on {
			s.saved = [2]int{s.row, s.col}
			s.alt = blank(s.width, s.height)
		} else {
			s.row, s.col = s.saved[0], s.saved[1]
		}
		s.inAlt = on
	}
}

// Text returns the screen as lines, trailing blanks and blank lines removed.
func (s *Screen) Text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := make([]string, 0, s.height)
	for _, row := range s.grid() {
		var b strings.Builder
		for _, c := range row {
			if !c.cont {
				b.WriteRune(c.r)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// At returns the character in the cell at row and column, 0 for the right
// half of a wide character or a cell off the screen.
func (s *Screen) At(row, col int) rune {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.grid()
	if row < 0 || row >= len(g) || col < 0 || col >= len(g[row]) || g[row][col].cont {
		return 0
	}
	return g[row][col].r
}

// AttrAt returns the attributes of the cell at row and column (a wide
// character's in both its cells), the zero Attr for a cell off the screen.
func (s *Screen) AttrAt(row, col int) Attr {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.grid()
	if row < 0 || row >= len(g) || col < 0 || col >= len(g[row]) {
		return Attr{}
	}
	return g[row][col].a
}

// Size returns the screen's width and height.
func (s *Screen) Size() (width, height int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.width, s.height
}

// Mode reports whether private mode m (1049 alternate screen, 25 cursor
// shown, 7 autowrap, 1000/1006 mouse) is set.
func (s *Screen) Mode(m int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.modes[m]
}

// Cursor returns the cursor's row and column.
func (s *Screen) Cursor() (row, col int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.row, s.col
}
