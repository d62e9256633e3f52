package serve

// inspect runs f on tb's goroutine, between two messages, and returns
// once it has: a test reads the table's own fields so.
func (t *Table) inspect(f func()) {
	_ = t.ask(func() error { f(); return nil })
}

// settle returns once every table of the lobby has handled what it was
// sent so far: a test looks at the tables after a leave so.
func (l *Lobby) settle() {
	l.mu.Lock()
	tables := make([]*Table, 0, len(l.live))
	for t := range l.live {
		tables = append(tables, t)
	}
	l.mu.Unlock()
	for _, t := range tables {
		t.inspect(func() {})
	}
}
