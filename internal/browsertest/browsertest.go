// Package browsertest drives a real browser for the web pages' tests:
// Debian's chromium, headless, through chromedp. A test gets a tab with
// New, and Shot saves what the tab shows as a PNG, for a person to look
// at: into the folder TERMGAMES_SHOTS names, or the test's own temporary
// folder. Without a Chromium the test is skipped, unless CI is set: there
// it fails, as .ci/run installs one. Only tests import it.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Timeout bounds a test's whole use of its browser.
const Timeout = 60 * time.Second

// browsers are the names a Chromium goes by, Debian's first.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Path returns the Chromium to run, "" when there is none.
func Path() string {
	for _, name := range browsers {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// New starts a headless Chromium of its own, with a new profile, and
// returns a tab of it, 1000x800; both end with the test.
func New(t testing.TB) context.Context {
	t.Helper()
	path := Path()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium: Debian's chromium package is needed for the web pages' tests")
		}
		t.Skip("no Chromium (Debian's chromium package): the web pages' browser tests are skipped")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoSandbox, // the tests may run as root, where Chromium's sandbox refuses to start
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 800),
		// No connection but to the test's server: the machine may have
		// no network, and Chromium would try Google's hosts at every start.
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tab, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancel()
	})
	if err := chromedp.Do(tab); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	return tab
}

// Shot saves what tab shows, the whole page, as name.png: into the folder
// TERMGAMES_SHOTS names, or the test's temporary folder. It returns the
// file's path.
func Shot(t testing.TB, tab context.Context, name string) string {
	t.Helper()
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("TERMGAMES_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}
