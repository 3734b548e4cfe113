package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteBeside writes through both ways with TMPDIR on another folder
// of the same file system: the content lands, with mode 0644, and nothing
// is left in TMPDIR or beside the file.
func TestWriteBeside(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := WriteFile(a, []byte("one")); err != nil {
		t.Fatal(err)
	}
	f, err := Pending(b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Cleanup()
	if filepath.Dir(f.Name()) != dir {
		t.Errorf("temporary file %s, want it in %s", f.Name(), dir)
	}
	if _, err := f.WriteString("two"); err != nil {
		t.Fatal(err)
	}
	if err := f.CloseAtomicallyReplace(); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{a: "one", b: "two"} {
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s holds %q (%v), want %q", path, got, err, want)
		}
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v (%v), want 0644", path, st.Mode().Perm(), err)
		}
	}
	for _, d := range []string{dir, tmp} {
		if left, _ := os.ReadDir(d); d == tmp && len(left) != 0 || d == dir && len(left) != 2 {
			t.Errorf("%s holds %d files", d, len(left))
		}
	}
}
