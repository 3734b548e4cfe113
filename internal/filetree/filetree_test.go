package filetree

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHashes(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"x": "one", "a/b/y": "two", "a/z": "one"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Hashes(dir)
	if err != nil {
		t.Fatal(err)
	}
	const one = "7692c3ad3540bb803c020b3aee66cd8887123234ea0c6e7143c0add73ff431ed" // sha256("one")
	if len(got) != 3 || got["x"] != one || got["a/z"] != one || got["a/b/y"] == one || got["a/b/y"] == "" {
		t.Errorf("Hashes = %v", got)
	}
	if _, err := Hashes(filepath.Join(dir, "missing")); err == nil {
		t.Error("Hashes of a missing directory gave no error")
	}
}

func TestMustHashes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x"), []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := Hashes(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := MustHashes(t, dir); len(got) != 1 || got["x"] != want["x"] {
		t.Errorf("MustHashes = %v, Hashes = %v", got, want)
	}
}
