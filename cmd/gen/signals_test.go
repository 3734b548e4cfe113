package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/formplan/formplan/internal/filetree"
)

// TestMain lets a test run this test binary as gen itself, so that signals
// reach a real process: FORMPLAN_GEN_MAIN=1 makes it run main.
func TestMain(m *testing.M) {
	if os.Getenv("FORMPLAN_GEN_MAIN") == "1" {
		if n, err := strconv.ParseUint(os.Getenv("FORMPLAN_FSIZE"), 10, 64); err == nil {
			// A file size limit: writes past it fail as on a full disk.
			syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
		}
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// genProcess starts gen with args in a process of its own, with TMPDIR set
// to tmp so that its browser profile is seen.
func genProcess(t *testing.T, tmp string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	return genProcessEnv(t, tmp, nil, args...)
}

// genProcessEnv is genProcess with the NAME=value entries of env added to
// the process's environment.
func genProcessEnv(t *testing.T, tmp string, env []string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "FORMPLAN_GEN_MAIN=1", "TMPDIR="+tmp), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitForTemp waits until a suite's temporary file appears in out: the run
// is writing rows.
func waitForTemp(t *testing.T, out string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(filepath.Join(out, "*", ".test-*.tmp-*")); len(m) > 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the run wrote no rows within a minute")
}

// debris lists what a run left that is neither data nor export: temporary
// files in out and anything in tmp (browser profiles).
func debris(t *testing.T, out, tmp string) []string {
	t.Helper()
	var left []string
	for _, pattern := range []string{filepath.Join(out, "*", ".test-*.tmp-*"), filepath.Join(out, ".*[0-9]"), filepath.Join(tmp, "*")} {
		m, _ := filepath.Glob(pattern)
		left = append(left, m...)
	}
	return left
}

// Signals at several points of a run: each stops it with 128 + the
// signal's number, "interrupted" and no debris; a KILL leaves debris that
// the next run sweeps; every run resumed gives the bytes of one undisturbed
// run.
func TestSignals(t *testing.T) {
	args := []string{"--suites", "edge_case,temporal_order", "--n", "240", "--seed", "5", "--quiet", "--workers", "2"}
	whole := t.TempDir()
	if _, _, err := runGen(t, append(args, "--out", whole)...); err != nil {
		t.Fatal(err)
	}
	want := filetree.MustHashes(t, whole)
	tests := []struct {
		name  string
		sigs  []syscall.Signal
		delay time.Duration // after the first rows, before the first signal
		code  int
		say   string
	}{
		{"INT while writing", []syscall.Signal{syscall.SIGINT}, 0, 130, "interrupted (SIGINT)"},
		{"TERM while writing", []syscall.Signal{syscall.SIGTERM}, 0, 143, "interrupted (SIGTERM)"},
		{"HUP later", []syscall.Signal{syscall.SIGHUP}, 300 * time.Millisecond, 129, "interrupted (SIGHUP)"},
		{"INT twice", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, 0, 130, "SIGINT"},
		{"KILL", []syscall.Signal{syscall.SIGKILL}, 100 * time.Millisecond, -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, tmp := t.TempDir(), t.TempDir()
			cmd, stderr := genProcess(t, tmp, append(args, "--out", out)...)
			waitForTemp(t, out)
			time.Sleep(tc.delay)
			for _, s := range tc.sigs {
				cmd.Process.Signal(s)
			}
			start := time.Now()
			cmd.Wait()
			code := cmd.ProcessState.ExitCode()
			if code != tc.code || !strings.Contains(stderr.String(), tc.say) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), tc.code, tc.say)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v to stop", d)
			}
			if len(tc.sigs) == 1 && tc.code > 0 {
				if left := debris(t, out, tmp); len(left) > 0 {
					t.Errorf("a clean stop left %v", left)
				}
			}
			// Resume: the debris of a killed run is swept and the files
			// are those of the undisturbed run.
			resume, _ := genProcess(t, tmp, append(args, "--out", out, "--resume")...)
			if err := resume.Wait(); err != nil {
				t.Fatalf("resume: %v", err)
			}
			if left := debris(t, out, tmp); len(left) > 0 {
				t.Errorf("resume left %v", left)
			}
			got := filetree.MustHashes(t, out)
			sameFiles(t, want, got, "%s differs from the undisturbed run")
			if len(got) != len(want) {
				t.Errorf("%d files, the undisturbed run has %d", len(got), len(want))
			}
		})
	}
}

// The first signal cancels the run with itself as the cause; the second
// exits at once with its own status.
func TestSecondSignalQuits(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	codes := make(chan int, 1)
	var stderr bytes.Buffer
	done := make(chan struct{})
	go func() {
		handleSignals(ch, cancel, &stderr, func(c int) { codes <- c })
		close(done)
	}()
	ch <- syscall.SIGTERM
	<-ctx.Done()
	var sig interrupted
	if !errors.As(context.Cause(ctx), &sig) || sig.exitCode() != 143 {
		t.Fatalf("cause %v, want SIGTERM with exit 143", context.Cause(ctx))
	}
	ch <- syscall.SIGINT
	<-done
	if code := <-codes; code != 130 || !strings.Contains(stderr.String(), "SIGINT again: quitting now") {
		t.Fatalf("second signal: exit %d, %q", code, stderr.String())
	}
}
