package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDefaultCardSize keeps the card of the default run (make gen, with
// its pictures) short: it describes its own cells only, so it stays under
// 15 KB.
func TestDefaultCardSize(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--quiet"); err != nil { // make gen's run, pictures and all
		t.Fatal(err)
	}
	card, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(card) >= 15_000 {
		t.Errorf("the default run's card is %d bytes, want under 15,000", len(card))
	}
	for _, want := range []string{"## Limitations\n", "## Citation\n", "```bibtex\n", "author       = {{formplan contributors}}"} {
		if !strings.Contains(string(card), want) {
			t.Errorf("the card lacks %q", want)
		}
	}
}
