package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
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
//
// The sandbox flag depends on the user (see sandboxFlag), and the profile
// directory is the Renderer's own (see newProfile); startInstance adds both.
var chromeFlags = []chromedp.ExecAllocatorOption{
	chromedp.Headless,
	chromedp.DisableGPU,
	chromedp.NoFirstRun,
	chromedp.Flag("disable-quic", true),
	chromedp.Flag("disable-background-networking", true),
	chromedp.Flag("disable-component-update", true),
	chromedp.Flag("disable-sync", true),
	chromedp.Flag("disable-default-apps", true),
	chromedp.Flag("disable-gpu-vsync", true),
	chromedp.Flag("disable-frame-rate-limit", true),
	chromedp.Flag("disable-partial-raster", true),
	// The GPU service (software compositing here) runs as a thread of the
	// browser instead of a process of its own, which saves a picture the
	// hops between the two: a new Live picture's p50 fell from 11.0-13.0
	// to 8.8-9.9 ms at scale 1 and from 14.4-15.8 to 12.4-13.5 ms at scale
	// 2 (three runs each, in turns, load 3), with pictures byte-identical
	// and Render's rate unchanged.
	chromedp.Flag("in-process-gpu", true),
	// Headless Chromium still preloads the WebUI of the omnibox popup for
	// every window (each tab opens in a window of its own), and without a
	// frame rate limit that page keeps a core busy. The value replaces the
	// default of chromedp, so it repeats it.
	chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI"),
}

// isolationFlags keep the browser off the network, on top of the blocking
// of every request in each tab (see blockNetwork), which only covers what
// goes through a tab's URL loading.
var isolationFlags = []chromedp.ExecAllocatorOption{
	// No name lookups: every host, by name or by number, localhost
	// included, resolves to nothing, so no DNS query or connection leaves
	// the machine, whoever asks: a page (a preconnect, a WebSocket, which
	// the tab's blocking misses) or the browser's own services (network
	// time, component updates and accounts, which Chromium 156 still
	// reaches for with the flags above). Nothing needs a host: a page is
	// set with Page.setDocumentContent in about:blank, and chromedp talks
	// to the browser over a pipe, not a port.
	chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
	// No proxy: the proxy settings of the environment (http_proxy and the
	// like) or auto-detection (WPAD, a lookup of its own) would send
	// requests to a proxy, which a numeric proxy address reaches without
	// any lookup.
	chromedp.Flag("no-proxy-server", true),
	// No WebRTC traffic: a page's peer connection sends UDP (STUN, TURN)
	// to numeric addresses outside the URL loading, where neither the
	// blocking of the tab nor the host rules apply. This sets the default
	// of the preference webrtc.ip_handling_policy: UDP that is not proxied
	// is off, and there is no proxy. (The switch that some guides name,
	// force-webrtc-ip-handling-policy, does nothing in Chromium 156.)
	chromedp.Flag("webrtc-ip-handling-policy", "disable_non_proxied_udp"),
}

// testFlags are extra switches that a test adds to every browser that it
// starts, such as a net log.
var testFlags []chromedp.ExecAllocatorOption

// runningAsRoot reports whether the browser runs as root; a test replaces
// it.
var runningAsRoot = func() bool { return os.Geteuid() == 0 }

// scaleFlags give the browser the device scale factor of its pictures, as
// a high-density screen would, on top of the factor that every tab also
// sets by emulation (tab.resize). A screenshot of a tab whose emulated
// factor differs from the browser's goes through a slower path: at scale
// 2, 16-18 ms against 5-7 ms for a 320 x 420 picture on this project's
// machine (BenchmarkScreenshotScale). Scale 1 is the browser's own, so it
// needs no switch.
func scaleFlags(scale float64) []chromedp.ExecAllocatorOption {
	if scale == 1 {
		return nil
	}
	return []chromedp.ExecAllocatorOption{chromedp.Flag("force-device-scale-factor", strconv.FormatFloat(scale, 'g', -1, 64))}
}

// sandboxFlag keeps Chromium's sandbox, which confines the renderer
// processes that parse the pages, unless the browser runs as root: Chromium
// refuses to start as root with its sandbox, and the root user of a
// container often cannot make the namespaces that it needs anyway.
func sandboxFlag(root bool) chromedp.ExecAllocatorOption {
	if root {
		return chromedp.NoSandbox
	}
	// chromedp adds --no-sandbox by itself when the real user id is 0;
	// an explicit false keeps it from doing so.
	return chromedp.Flag("no-sandbox", false)
}

// ErrSandbox is the error of New when Chromium cannot start its sandbox,
// which it uses unless the program runs as root. The error says why, in
// Chromium's words, and how to fix it, in one line.
var ErrSandbox = errors.New("Chromium's sandbox could not start")

// sandboxHelp is the fix that the error of a sandbox failure suggests.
const sandboxHelp = "run as root, or allow unprivileged user namespaces " +
	"(sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces>0; " +
	"Ubuntu 23.10+: kernel.apparmor_restrict_unprivileged_userns=0), " +
	"or install Chromium's setuid sandbox (Debian: apt-get install chromium-sandbox)"

// sandboxFailure returns what Chromium printed about the failure of its
// sandbox, in the error of a start that failed: the first sentence of the
// line that says so, without its log prefix; or "" when the error is about
// something else.
func sandboxFailure(msg string) string {
	lines := strings.Split(msg, "\n")
	// The zygote host says "No usable sandbox!" when it finds neither user
	// namespaces nor the setuid helper; the namespace sandbox says "Failed
	// to move to new namespace" when making them fails after all.
	for _, marker := range []string{"no usable sandbox", "failed to move to new namespace", "sandbox"} {
		for _, line := range lines {
			if !strings.Contains(strings.ToLower(line), marker) {
				continue
			}
			// A log line starts with [pid:tid:time:LEVEL:file:line].
			if _, rest, ok := strings.Cut(line, "] "); ok && strings.HasPrefix(line, "[") {
				line = rest
			}
			line = strings.TrimSpace(line)
			line = firstSentence(line)
			if r := []rune(line); len(r) > 200 {
				line = string(r[:197]) + "..."
			}
			return line
		}
	}
	return ""
}

// firstSentence returns s up to the first full stop or exclamation mark
// that a space and a capital letter follow.
func firstSentence(s string) string {
	for i := 0; i+2 < len(s); i++ {
		if (s[i] == '.' || s[i] == '!') && s[i+1] == ' ' && 'A' <= s[i+2] && s[i+2] <= 'Z' {
			return s[:i+1]
		}
	}
	return s
}

// instance is one running browser and its tabs. A Renderer replaces its
// instance when the browser crashes or hangs.
type instance struct {
	allocCancel   context.CancelFunc
	profile       string // the user data directory, removed by close
	browserCtx    context.Context
	browserCancel context.CancelFunc
	proc          *os.Process
	version       string

	render, exec, live *tabPool

	closeOnce sync.Once
	done      chan struct{} // closed by close
}

// startInstance launches a browser that draws at device scale factor
// scale. ctx bounds only the start: the browser lives until close.
func startInstance(ctx context.Context, path string, tabs int, scale float64) (*instance, error) {
	profile, err := newProfile()
	if err != nil {
		return nil, fmt.Errorf("browser profile: %w", err)
	}
	root := runningAsRoot()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromeFlags...)
	opts = append(opts, isolationFlags...)
	opts = append(opts, scaleFlags(scale)...)
	opts = append(opts, testFlags...)
	// With a directory of its own, chromedp neither makes one nor removes
	// it: close does.
	opts = append(opts, sandboxFlag(root), chromedp.UserDataDir(profile), chromedp.ExecPath(path))
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	browserCtx, browserCancel := chromedp.NewContext(allocCtx)
	in := &instance{
		allocCancel:   allocCancel,
		profile:       profile,
		browserCtx:    browserCtx,
		browserCancel: browserCancel,
		done:          make(chan struct{}),
	}
	in.render = newTabPool(in, tabs, setupTab)
	in.exec = newTabPool(in, tabs, setupExecTab)
	in.live = newTabPool(in, tabs, setupExecTab)

	// The first Do binds the life of the browser to the context it gets, so
	// it runs on browserCtx and the start is bounded here instead.
	err = bounded(ctx, startTimeout, func() error {
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
		if !root {
			if why := sandboxFailure(err.Error()); why != "" {
				return nil, fmt.Errorf("%w (%s): %s", ErrSandbox, why, sandboxHelp)
			}
		}
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

// close kills the browser, frees its resources and removes its profile
// directory. It is safe to call more than once and from several goroutines;
// every call returns when the directory is gone. It does not close the
// browser gracefully: a browser that hangs must die too, and every result
// that matters has been read when close runs.
func (in *instance) close() {
	in.closeOnce.Do(func() {
		close(in.done)
		if in.proc != nil {
			in.proc.Kill()
		}
		in.browserCancel()
		in.allocCancel() // waits for the browser process to exit
		// A directory that cannot be removed now is left to
		// SweepProfiles in a later run.
		removeProfile(in.profile)
	})
}

// pid returns the process id of the browser, or 0.
func (in *instance) pid() int {
	if in.proc == nil {
		return 0
	}
	return in.proc.Pid
}
