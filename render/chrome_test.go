package render

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFindChrome(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	tests := []struct {
		name               string
		explicit, env, dir string // dir is PATH
		want               string // path found, or "" for ErrNoChrome
		mention            string // in the error
	}{
		{"explicit", fake, "", empty, fake, ""},
		{"explicit before env", fake, "/nonexistent/chrome", empty, fake, ""},
		{"env", "", fake, empty, fake, ""},
		{"on PATH", "", "", dir, fake, ""},
		{"explicit missing", "/nonexistent/chrome", "", dir, "", "--chrome=/nonexistent/chrome"},
		{"env missing", "", "/nonexistent/chrome", dir, "", "CHROME_PATH=/nonexistent/chrome"},
		{"nowhere", "", "", empty, "", "apt-get install -y chromium"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CHROME_PATH", tt.env)
			t.Setenv("PATH", tt.dir)
			got, err := FindChrome(tt.explicit)
			if tt.want != "" {
				if err != nil || got != tt.want {
					t.Fatalf("FindChrome(%q) = %q, %v; want %q", tt.explicit, got, err, tt.want)
				}
				return
			}
			if !errors.Is(err, ErrNoChrome) {
				t.Fatalf("FindChrome(%q) = %q, %v; want ErrNoChrome", tt.explicit, got, err)
			}
			msg := err.Error()
			for _, s := range []string{tt.mention, "apt-get install -y chromium", "--chrome PATH", "CHROME_PATH"} {
				if !strings.Contains(msg, s) {
					t.Errorf("error %q does not mention %q", msg, s)
				}
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error %q has more than one line", msg)
			}
		})
	}
}

func TestNewWithoutChrome(t *testing.T) {
	_, err := New(context.Background(), Options{ChromePath: "/nonexistent/chrome"})
	if !errors.Is(err, ErrNoChrome) {
		t.Fatalf("New = %v, want ErrNoChrome", err)
	}
}

func TestNewWithBrokenChrome(t *testing.T) {
	// A program that exits at once is found but cannot start.
	_, err := New(context.Background(), Options{ChromePath: "/bin/false"})
	if err == nil || !strings.HasPrefix(err.Error(), "render: start /bin/false") {
		t.Fatalf("New = %v, want a start error", err)
	}
}
