package pipeline

import (
	"os"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pddl"
)

// TestWriteDomains writes the domains, then again over a directory that
// holds them already (left alone: the same file, not a new one renamed
// into place), over one that holds other bytes and over one that is gone
// (both written anew).
func TestWriteDomains(t *testing.T) {
	out := t.TempDir()
	fams := forms.Defaults()
	if err := WriteDomains(out, fams); err != nil {
		t.Fatal(err)
	}
	path := layout.DomainPath(out, fams[0].Name)
	tests := []struct {
		name  string
		setup func() error
		same  bool // the file from before is kept
	}{
		{"the same bytes", func() error { return nil }, true},
		{"other bytes", func() error { return os.WriteFile(path, []byte("(define"), 0o644) }, false},
		{"no file", func() error { return os.Remove(path) }, false},
	}
	for _, tt := range tests {
		if err := tt.setup(); err != nil {
			t.Fatal(err)
		}
		kept, _ := os.Stat(path) // nil when there is no file
		if err := WriteDomains(out, fams); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		after, err := os.Stat(path)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := kept != nil && os.SameFile(kept, after); got != tt.same {
			t.Errorf("%s: the file before kept = %v, want %v", tt.name, got, tt.same)
		}
		b, err := os.ReadFile(path)
		if err != nil || string(b) != pddl.Domain(&fams[0]) {
			t.Errorf("%s: the domain file does not hold the family's domain (%v)", tt.name, err)
		}
	}
}
