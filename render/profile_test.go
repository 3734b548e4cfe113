package render

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// deadPID returns the process id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// leftover starts a process that runs until killed with --user-data-dir=dir
// on its command line, like a helper process of a browser whose owner died.
// It returns a channel that receives the error of its end.
func leftover(t *testing.T, dir string) <-chan error {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "--", "--user-data-dir="+dir)
	cmd.Env = append(os.Environ(), "FORMPLAN_HELPER_PROCESS=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	return done
}

// TestHelperProcess is the process of leftover: it sleeps.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("FORMPLAN_HELPER_PROCESS") != "1" {
		t.Skip("helper process of TestSweepProfiles")
	}
	time.Sleep(time.Minute)
	os.Exit(0)
}

func TestSweepProfiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead, self := deadPID(t), os.Getpid()
	name := func(pid int, rest string) string { return profilePrefix + strconv.Itoa(pid) + rest }
	tests := []struct {
		name  string
		file  string // in os.TempDir()
		dir   bool   // a directory, or else a file
		inUse bool   // a process uses it as --user-data-dir
		gone  bool   // after SweepProfiles, with its singleton directory
	}{
		{"dead owner", name(dead, "-123"), true, false, true},
		{"dead owner, leftover browser", name(dead, "-456"), true, true, true},
		{"this process", name(self, "-123"), true, false, false},
		{"parent process", name(os.Getppid(), "-123"), true, false, false},
		{"init", name(1, "-123"), true, false, false},
		{"dead owner, a file", name(dead, "-789"), false, false, false},
		{"no random part", name(dead, ""), true, false, false},
		{"not a pid", profilePrefix + "x-123", true, false, false},
		{"someone else's", "chromedp-runner123", true, false, false},
	}
	// singleton makes the directory of the socket of a browser profile, as
	// Chromium does, and links to it from the profile.
	singleton := func(profile string) string {
		dir, err := os.MkdirTemp(tmp, "org.chromium.Chromium.")
		if err != nil {
			t.Fatal(err)
		}
		sock := filepath.Join(dir, "SingletonSocket")
		if err := os.WriteFile(sock, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(sock, filepath.Join(profile, "SingletonSocket")); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	singletons := make([]string, len(tests))
	var ends []<-chan error
	for i, tt := range tests {
		path := filepath.Join(tmp, tt.file)
		if tt.dir {
			// A profile has files in subdirectories.
			if err := os.MkdirAll(filepath.Join(path, "Default"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(path, "Default", "Preferences"), []byte("{}"), 0o600); err != nil {
				t.Fatal(err)
			}
			singletons[i] = singleton(path)
		} else if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if tt.inUse {
			ends = append(ends, leftover(t, path))
		}
	}
	removed, err := SweepProfiles()
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for i, tt := range tests {
		_, err := os.Lstat(filepath.Join(tmp, tt.file))
		if gone := os.IsNotExist(err); gone != tt.gone {
			t.Errorf("%s: %s gone = %v, want %v", tt.name, tt.file, gone, tt.gone)
		}
		if singletons[i] != "" {
			_, err := os.Lstat(singletons[i])
			if gone := os.IsNotExist(err); gone != tt.gone {
				t.Errorf("%s: singleton directory gone = %v, want %v", tt.name, gone, tt.gone)
			}
		}
		if tt.gone {
			want++
		}
	}
	if removed != want {
		t.Errorf("SweepProfiles removed %d, want %d", removed, want)
	}
	for _, end := range ends {
		select {
		case <-end:
		case <-time.After(5 * time.Second):
			t.Error("the process using a swept profile still runs")
		}
	}
	// A second sweep finds nothing more.
	if removed, err := SweepProfiles(); removed != 0 || err != nil {
		t.Errorf("second SweepProfiles = %d, %v; want 0, nil", removed, err)
	}
}

// rendererProfile returns the profile directory of the running browser.
func rendererProfile(t *testing.T, r *Renderer) string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inst == nil {
		t.Fatal("no browser runs")
	}
	return r.inst.profile
}

// TestProfileRemoved checks that the browser's profile directory is the
// Renderer's own, named after this process, and that it is removed when the
// browser is replaced after a crash and when the Renderer closes, with
// nothing else left in the temporary directory.
func TestProfileRemoved(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	r, err := New(context.Background(), Options{Head: testHead})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	first := rendererProfile(t, r)
	if filepath.Dir(first) != tmp || !strings.HasPrefix(filepath.Base(first), profilePrefix+strconv.Itoa(os.Getpid())+"-") {
		t.Errorf("profile %s, want %s/%s%d-*", first, tmp, profilePrefix, os.Getpid())
	}
	if _, err := os.Stat(filepath.Join(first, "Default")); err != nil {
		t.Errorf("the browser does not use its profile: %v", err)
	}

	// A crash: the next call starts a new browser with a new profile.
	if err := syscall.Kill(browserPID(r), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	jobs, states := formJobs(2, 1)
	results, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, results, states)
	second := rendererProfile(t, r)
	if second == first {
		t.Errorf("the new browser uses the profile %s of the one that crashed", first)
	}
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Errorf("profile of the crashed browser: %v, want it removed", err)
	}

	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(second); !os.IsNotExist(err) {
		t.Errorf("profile after Close: %v, want it removed", err)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s left in the temporary directory", e.Name())
	}
}
