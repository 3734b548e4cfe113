package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	if err := os.WriteFile(path, []byte("same"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, got string
		fails           bool
	}{
		{"same bytes", path, "same", false},
		{"other bytes", path, "other", true},
		{"no file", filepath.Join(dir, "missing.golden"), "same", true},
	} {
		r := &recorder{TB: t}
		Check(r, c.path, []byte(c.got))
		if r.failed != c.fails {
			t.Errorf("%s: failed %v, want %v", c.name, r.failed, c.fails)
		}
	}
}
