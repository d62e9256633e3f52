package console

import "os"

// jobSignals: Windows has no SIGQUIT or job control.
var jobSignals []os.Signal

// suspendByKey: Ctrl-Z is a key like any other on Windows.
const suspendByKey = false

// termNeeded: Windows consoles set no TERM.
const termNeeded = false

func (w *watcher) job(os.Signal) bool { return false }

// suspend never comes: no key or signal asks for it on Windows.
func (w *watcher) suspend() {}
