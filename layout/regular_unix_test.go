//go:build unix

package layout

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestScanNamedPipe checks that a named pipe named like a shard is an
// error naming it, found without opening it (which would block).
func TestScanNamedPipe(t *testing.T) {
	dir := tree(t, "plan/test-00000-of-00002.parquet")
	fifo := filepath.Join(dir, "plan", "test-00001-of-00002.parquet")
	mkfifo(t, fifo)
	if _, err := Scan(dir); err == nil || err.Error() != fifo+" is not a regular file (a named pipe)" {
		t.Fatalf("Scan: %v", err)
	}
}

func TestRegular(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	symlink(t, file, link)
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	dangling := filepath.Join(dir, "dangling")
	symlink(t, filepath.Join(dir, "gone"), dangling)
	for _, tc := range []struct {
		path string
		want string // in the error; "" for none
	}{
		{file, ""}, {link, ""},
		{fifo, "is not a regular file (a named pipe)"},
		{dir, "is not a regular file (a directory)"},
		{dangling, "is not a regular file (a symbolic link that does not resolve"},
		{filepath.Join(dir, "none"), "no such file"},
	} {
		err := Regular(tc.path)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Regular(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
}
