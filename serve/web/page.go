package web

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"
	"time"
)

// page.go renders the pages: each page's template with the layout every
// page shares (templates/layout.html) and the boards (templates/board.html).

// pageNames are the pages, each a file of templates/ that defines its
// "content".
var pageNames = []string{"now", "live", "game", "leaders", "player", "notfound"}

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	"clock": clockText,
	"ms":    func(n int64) time.Duration { return time.Duration(n) * time.Millisecond },
}

// parsePages parses every page with the layout and the boards.
func parsePages() (map[string]*template.Template, error) {
	pages := map[string]*template.Template{}
	for _, name := range pageNames {
		t, err := template.New(name).Funcs(funcs).ParseFS(templateFiles,
			"templates/layout.html", "templates/board.html", "templates/"+name+".html")
		if err != nil {
			return nil, err
		}
		pages[name] = t
	}
	return pages, nil
}

// page is what the layout draws around a page's content.
type page struct {
	W      *words
	Title  string
	Switch string // this page in the other language
	Script string // the page's script in static/, "" for none
	Kept   bool   // the server keeps games: the leaderboards are linked
	Body   any    // the page's own data
}

// render writes the page called name with status, body its data. The page
// is made whole before a byte is written, so that a failure is a clean 500.
func (s *Site) render(w http.ResponseWriter, r *http.Request, status int, name, title, script string, body any) {
	wd := wordsFor(w, r)
	var b bytes.Buffer
	p := page{W: wd, Title: title, Switch: switchLink(r, wd), Script: script, Kept: s.cfg.Store != nil, Body: body}
	if err := s.pages[name].ExecuteTemplate(&b, "layout", p); err != nil {
		s.log.Error("web: a page failed", "page", name, "path", r.URL.Path, "err", err)
		http.Error(w, wd.Site.Failed, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// notFound is the page of an address that is none.
func (s *Site) notFound(w http.ResponseWriter, r *http.Request) {
	wd := wordsFor(w, r)
	s.render(w, r, http.StatusNotFound, "notfound", wd.Site.NotFound, "", nil)
}

// failed answers a request whose store failed.
func (s *Site) failed(w http.ResponseWriter, r *http.Request, err error) {
	wd := wordsFor(w, r)
	s.log.Error("web: the store failed", "path", r.URL.Path, "err", err)
	http.Error(w, wd.Site.Failed, http.StatusInternalServerError)
}

// clockText is a clock's time as the table screens show it: 2:05, 0:09;
// 1:02:05 past an hour. Rounded up, as a clock that shows 0:00 has run out.
func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int64((d + time.Second - 1) / time.Second)
	if sec >= 3600 {
		return strconv.FormatInt(sec/3600, 10) + ":" + two(sec/60%60) + ":" + two(sec%60)
	}
	return strconv.FormatInt(sec/60, 10) + ":" + two(sec%60)
}

func two(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}
