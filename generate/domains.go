package generate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/pddl"
)

// domainDir is the folder of a run's output directory that holds the PDDL
// domain of every family of the run.
const domainDir = "pddl"

// DomainPath returns where the PDDL domain of a family goes:
// <out>/pddl/<family>.domain.pddl.
func DomainPath(out, family string) string {
	return filepath.Join(out, domainDir, family+".domain.pddl")
}

// WriteDomains writes the PDDL domain of every family (pddl.Domain) to
// DomainPath, each file atomically: written under a temporary name in the
// same folder and renamed into place, so a reader never sees half a file.
// The content depends on the family alone, so shards of one run, which all
// write them, write the same bytes; a file that holds them already is left
// as it is (every Run, and every shard, writes them).
func WriteDomains(out string, fams []forms.Family) error {
	if err := os.MkdirAll(filepath.Join(out, domainDir), 0o755); err != nil {
		return fmt.Errorf("generate: PDDL domains: %w", err)
	}
	for i := range fams {
		path := DomainPath(out, fams[i].Name)
		text := []byte(pddl.Domain(&fams[i]))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, text) {
			continue // written already, by another shard or an earlier run
		}
		if err := atomicfile.WriteFile(path, text); err != nil {
			return fmt.Errorf("generate: PDDL domain of %s: %w", fams[i].Name, err)
		}
	}
	return nil
}
