//go:build linux

package opencount

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOpens(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "suite")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(sub, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Watch(root)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	tests := []struct {
		name  string
		read  []string
		list  bool
		wantA int
		wantB int
	}{
		{"nothing", nil, false, 0, 0},
		{"once each", []string{a, b}, false, 1, 1},
		{"one twice", []string{b, b}, false, 0, 2},
		{"folders listed are not counted", nil, true, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range tt.read {
				if _, err := os.ReadFile(p); err != nil {
					t.Fatal(err)
				}
			}
			if tt.list {
				if _, err := os.ReadDir(sub); err != nil {
					t.Fatal(err)
				}
			}
			got, err := w.Opens()
			if err != nil {
				t.Fatal(err)
			}
			if got[a] != tt.wantA || got[b] != tt.wantB || len(got) > 2 {
				t.Errorf("opens %v: want %s %d times and %s %d times", got, a, tt.wantA, b, tt.wantB)
			}
		})
	}
}
