package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// profilePrefix starts the name of every browser profile directory, which
// is profilePrefix, the process id of the owner, a dash and random digits,
// such as formplan-chrome-4242-1736472819. The owner is the process that
// runs the Renderer, not the browser: SweepProfiles tells by it whether the
// directory is still in use.
const profilePrefix = "formplan-chrome-"

// newProfile creates an empty profile directory for a browser of this
// process in os.TempDir().
func newProfile() (string, error) {
	return os.MkdirTemp("", profilePrefix+strconv.Itoa(os.Getpid())+"-")
}

// profileOwner returns the process id in the name of a profile directory,
// and whether name is one.
func profileOwner(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, profilePrefix)
	if !ok {
		return 0, false
	}
	pidText, random, ok := strings.Cut(rest, "-")
	if !ok || random == "" {
		return 0, false
	}
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != pidText {
		return 0, false
	}
	return pid, true
}

// SweepProfiles removes the browser profile directories that Renderers left
// in os.TempDir() when their process died without closing them, for example
// when it was killed. A directory is named after the process that owns it
// (formplan-chrome-PID-RANDOM); the directories of processes that still run,
// such as other generators running at the same time, are kept, and so are
// those of other users. Browser processes still using a swept directory are
// killed first, and the directory of the browser's singleton socket
// (org.chromium.Chromium.XXXXXX) goes too. It returns how many profile
// directories it removed, and the first error, if any, with the number of
// directories it could not remove.
//
// Call it once when a program starts, before New. It is safe to call while
// Renderers of this or other processes run.
func SweepProfiles() (removed int, err error) {
	dir := os.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("render: sweep browser profiles: %w", err)
	}
	var (
		first  error
		failed int
	)
	for _, e := range entries {
		pid, ok := profileOwner(e.Name())
		if !ok || !e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		info, err := e.Info()
		if err != nil || !ownedByUs(info) || !processGone(pid) {
			continue
		}
		if err := removeProfile(path); err != nil {
			if first == nil {
				first = err
			}
			failed++
			continue
		}
		removed++
	}
	switch {
	case failed == 1:
		return removed, fmt.Errorf("render: sweep browser profiles: %w", first)
	case failed > 1:
		return removed, fmt.Errorf("render: sweep browser profiles: %w (and %d more)", first, failed-1)
	}
	return removed, nil
}

// removeProfile kills the browser processes that still use the profile
// directory dir, then removes it.
//
// The helper processes of Chromium (zygotes, renderers, the GPU and network
// processes) can outlive the browser process for a moment after it is
// killed, and write in the directory again. The killing is repeated until
// no process is found for a few passes, and the removal is tried again for
// a few seconds, as chromedp does for the directories it makes itself.
func removeProfile(dir string) error {
	const (
		quietPasses = 3
		pause       = 10 * time.Millisecond
		killLimit   = 2 * time.Second
		removeLimit = 5 * time.Second
	)
	deadline := time.Now().Add(killLimit)
	for quiet := 0; quiet < quietPasses && time.Now().Before(deadline); time.Sleep(pause) {
		if killProcessesUsing(dir) == 0 {
			quiet++
		} else {
			quiet = 0
		}
	}
	removeSingleton(dir)
	deadline = time.Now().Add(removeLimit)
	for {
		err := os.RemoveAll(dir)
		if err == nil || !time.Now().Before(deadline) {
			return err
		}
		time.Sleep(2 * pause)
	}
}

// removeSingleton removes the directory of the socket by which Chromium
// finds another browser of the same profile. Chromium makes it in the
// temporary directory, as org.chromium.Chromium.XXXXXX, and links to the
// socket from the profile; it removes both when it exits, but not when it
// is killed, as close does.
func removeSingleton(profile string) {
	target, err := os.Readlink(filepath.Join(profile, "SingletonSocket"))
	if err != nil || !filepath.IsAbs(target) || filepath.Base(target) != "SingletonSocket" {
		return
	}
	dir := filepath.Dir(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	// Only the socket and its cookie: never a directory of something else.
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "Singleton") {
			return
		}
	}
	os.RemoveAll(dir)
}

// killProcessesUsing kills the processes whose command line has
// --user-data-dir=dir, every Chromium process of that profile, and returns
// how many it found. It reads /proc, so it finds none on systems without
// it.
func killProcessesUsing(dir string) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	want := "--user-data-dir=" + dir
	self := os.Getpid()
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		for arg := range strings.SplitSeq(string(cmdline), "\x00") {
			if arg == want {
				if p, err := os.FindProcess(pid); err == nil {
					p.Kill()
				}
				n++
				break
			}
		}
	}
	return n
}
