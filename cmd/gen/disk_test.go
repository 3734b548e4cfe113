package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A disk that fills mid-run: the write fails (here past a file size
// limit, which the kernel reports as it reports a full disk), gen exits 1
// naming the file and saying the disk is full, and leaves no temporary
// file; --resume on a disk with room keeps what was complete.
func TestFullDisk(t *testing.T) {
	out, tmp := t.TempDir(), t.TempDir()
	args := []string{"--no-images", "--n", "1000", "--suites", "future_state,edge_case", "--out", out}
	cmd := exec.Command(os.Args[0], append(args, "--quiet")...)
	// future_state's file takes about 360 KB, edge_case's 670 KB.
	cmd.Env = append(os.Environ(), "FORMPLAN_GEN_MAIN=1", "TMPDIR="+tmp, "FORMPLAN_FSIZE=500000")
	msg, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(msg), "the disk is full") || !strings.Contains(string(msg), "edge_case") {
		t.Fatalf("exit %d: %s; want exit 1 saying the disk is full and naming edge_case's file", code, msg)
	}
	if left := debris(t, out, tmp); len(left) > 0 {
		t.Errorf("a full disk left %v", left)
	}
	if _, err := os.Stat(filepath.Join(out, "future_state", "test-00000-of-00001.parquet")); err != nil {
		t.Fatalf("the suite completed before the disk filled is gone: %v", err)
	}
	stdout, _, err := runGen(t, append(args, "--resume")...)
	if err != nil || !strings.Contains(stdout, "kept") {
		t.Fatalf("resume: %v\n%s", err, stdout)
	}
}

// A read-only --out is refused before anything starts.
func TestReadOnlyOut(t *testing.T) {
	dir := t.TempDir()
	if os.Geteuid() == 0 {
		// Permissions do not stop root: mount a read-only file system.
		if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_RDONLY, "size=64k"); err != nil {
			t.Skipf("root, and no read-only mount here (%v): nothing to make read-only", err)
		}
		defer syscall.Unmount(dir, 0)
	} else {
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
	}
	for _, out := range []string{dir, filepath.Join(dir, "sub")} {
		_, _, err := runGen(t, "--out", out, "--n", "5")
		if err == nil || !strings.Contains(err.Error(), "writable --out") {
			t.Errorf("--out %s: %v, want a refusal asking for a writable --out", out, err)
		}
	}
}
