package pipeline

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pddl"
)

// WriteDomains writes the PDDL domain of every family (pddl.Domain) to
// layout.DomainPath, each file atomically: written under a temporary name
// in the same folder and renamed into place, so a reader never sees half a
// file.
// The content depends on the family alone, so shards of one run, which all
// write them, write the same bytes; a file that holds them already is left
// as it is (every Run, and every shard, writes them).
func WriteDomains(out string, fams []forms.Family) error {
	if err := os.MkdirAll(filepath.Join(out, layout.DomainDir), 0o755); err != nil {
		return fmt.Errorf("pipeline: PDDL domains: %w", err)
	}
	for i := range fams {
		path := layout.DomainPath(out, fams[i].Name)
		text := []byte(pddl.Domain(&fams[i]))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, text) {
			continue // written already, by another shard or an earlier run
		}
		if err := atomicfile.WriteFile(path, text); err != nil {
			return fmt.Errorf("pipeline: PDDL domain of %s: %w", fams[i].Name, err)
		}
	}
	return nil
}
