//go:build unix

package verify

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNotRegularFiles names a shard after something that is not a regular
// file: Dir must return at once with an error naming it, without opening
// it (opening a named pipe would block until a writer comes).
func TestNotRegularFiles(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"named pipe", func(t *testing.T, path string) { mkfifo(t, path) }, "is not a regular file (a named pipe)"},
		{"link to a named pipe", func(t *testing.T, path string) {
			fifo := filepath.Join(t.TempDir(), "fifo")
			mkfifo(t, fifo)
			symlink(t, fifo, path)
		}, "is not a regular file (a symbolic link to a named pipe)"},
		{"socket", func(t *testing.T, path string) {
			l, err := net.Listen("unix", path)
			if err != nil {
				t.Skipf("no Unix socket: %v", err)
			}
			t.Cleanup(func() { l.Close() })
		}, "is not a regular file (a socket)"},
		{"device", func(t *testing.T, path string) { symlink(t, "/dev/null", path) }, "is not a regular file (a symbolic link to a character device)"},
		{"directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "is not a regular file (a directory)"},
		{"dangling link", func(t *testing.T, path string) { symlink(t, filepath.Join(t.TempDir(), "gone"), path) }, "a symbolic link that does not resolve"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			path := suiteFile(t, dir, "future_state")
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			tc.make(t, path)
			done := make(chan error, 1)
			start := time.Now()
			go func() {
				_, err := Dir(context.Background(), dir)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				// Unblock a reader stuck on the pipe before failing.
				if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					w.Close()
				}
				t.Fatal("Dir is still running after 10s")
			}
			t.Logf("%v in %v", err, time.Since(start))
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %s and containing %q", err, path, tc.want)
			}
		})
	}
}

func TestRegularFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	symlink(t, file, link)
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	for _, tc := range []struct {
		path string
		ok   bool
	}{{file, true}, {link, true}, {fifo, false}, {dir, false}, {filepath.Join(dir, "none"), false}} {
		if err := regularFile(tc.path); (err == nil) != tc.ok {
			t.Errorf("regularFile(%s) = %v, want ok %v", tc.path, err, tc.ok)
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
