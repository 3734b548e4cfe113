package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// ErrNoChrome is the error of FindChrome when no Chromium binary is found.
// Its text says how to install Chromium or how to point to it.
var ErrNoChrome = errors.New("render: Chromium not found: install it (apt-get install -y chromium) or point to it with --chrome PATH or CHROME_PATH")

// chromeNames are the programs that FindChrome looks for on PATH, in order.
var chromeNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// FindChrome returns the path of the Chromium binary to run. It tries the
// explicit path first (a command-line flag), then $CHROME_PATH, then the
// programs chromium, chromium-browser, google-chrome and
// google-chrome-stable on PATH. When none is usable, the error is one line
// that wraps ErrNoChrome and says how to install Chromium or point to it.
func FindChrome(explicit string) (string, error) {
	for _, c := range []struct{ path, from string }{
		{explicit, "--chrome"},
		{os.Getenv("CHROME_PATH"), "CHROME_PATH"},
	} {
		if c.path == "" {
			continue
		}
		p, err := exec.LookPath(c.path)
		if err != nil {
			return "", fmt.Errorf("%w (%s=%s is not an executable file)", ErrNoChrome, c.from, c.path)
		}
		return p, nil
	}
	for _, name := range chromeNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChrome
}

// startTimeout bounds the start of a browser.
const startTimeout = 30 * time.Second

// chromeFlags are the command-line switches of every browser, on top of the
// defaults of chromedp. The machine may have no network, and Chromium keeps
// trying to reach it otherwise. Without vsync and the frame rate limit, a
// tab is not held to 60 frames a second, which would cap its screenshots a
// second.
var chromeFlags = []chromedp.ExecAllocatorOption{
	chromedp.Headless,
	chromedp.DisableGPU,
	chromedp.NoSandbox,
	chromedp.NoFirstRun,
	chromedp.Flag("disable-quic", true),
	chromedp.Flag("disable-background-networking", true),
	chromedp.Flag("disable-component-update", true),
	chromedp.Flag("disable-sync", true),
	chromedp.Flag("disable-default-apps", true),
	chromedp.Flag("disable-gpu-vsync", true),
	chromedp.Flag("disable-frame-rate-limit", true),
	// Headless Chromium still preloads the WebUI of the omnibox popup for
	// every window (each tab opens in a window of its own), and without a
	// frame rate limit that page keeps a core busy. The value replaces the
	// default of chromedp, so it repeats it.
	chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI"),
}

// instance is one running browser and its tabs. A Renderer replaces its
// instance when the browser crashes or hangs.
type instance struct {
	allocCancel   context.CancelFunc
	browserCtx    context.Context
	browserCancel context.CancelFunc
	proc          *os.Process
	version       string

	render, exec *tabPool

	closeOnce sync.Once
	done      chan struct{} // closed by close
}

// startInstance launches a browser. ctx bounds only the start: the browser
// lives until close.
func startInstance(ctx context.Context, path string, tabs int) (*instance, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromeFlags...)
	// The allocator passes a fresh temporary --user-data-dir and removes it,
	// and any process left over from it, when the browser exits.
	opts = append(opts, chromedp.ExecPath(path))
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	browserCtx, browserCancel := chromedp.NewContext(allocCtx)
	in := &instance{
		allocCancel:   allocCancel,
		browserCtx:    browserCtx,
		browserCancel: browserCancel,
		done:          make(chan struct{}),
	}
	in.render = newTabPool(in, tabs, setupTab)
	in.exec = newTabPool(in, tabs, setupExecTab)

	// The first Do binds the life of the browser to the context it gets, so
	// it runs on browserCtx and the start is bounded here instead.
	err := bounded(ctx, startTimeout, func() error {
		if err := chromedp.Do(browserCtx); err != nil {
			return err
		}
		v, err := chromedp.CallBrowser(browserCtx, browser.GetVersion, cdp.Empty{})
		if err != nil {
			return err
		}
		in.version = v.Product
		return nil
	})
	if c := chromedp.FromContext(browserCtx); c.Browser != nil {
		in.proc = c.Browser.Process()
	}
	if err != nil {
		in.close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	return in, nil
}

// bounded runs f and returns its error, or an error when ctx ends or the
// timeout passes first. f keeps running in the background in that case; the
// caller must make it fail, for example by closing the browser.
func bounded(ctx context.Context, timeout time.Duration, f func() error) error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case err := <-ch:
		return err
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return fmt.Errorf("no answer within %v", timeout)
	}
}

// close kills the browser and frees its resources. It is safe to call more
// than once and from several goroutines. It does not close the browser
// gracefully: a browser that hangs must die too, and every result that
// matters has been read when close runs.
func (in *instance) close() {
	in.closeOnce.Do(func() {
		close(in.done)
		if in.proc != nil {
			in.proc.Kill()
		}
		in.browserCancel()
		in.allocCancel()
	})
}

// pid returns the process id of the browser, or 0.
func (in *instance) pid() int {
	if in.proc == nil {
		return 0
	}
	return in.proc.Pid
}
