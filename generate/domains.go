package generate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"

	"github.com/formplan/formplan/forms"
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
// as it is (every Run writes them, and a Run writes them for each suite).
func WriteDomains(out string, fams []forms.Family) error {
	if err := os.MkdirAll(filepath.Join(out, domainDir), 0o755); err != nil {
		return fmt.Errorf("generate: PDDL domains: %w", err)
	}
	for i := range fams {
		path := DomainPath(out, fams[i].Name)
		text := []byte(pddl.Domain(&fams[i]))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, text) {
			continue // written already, by this run's other suites or another shard
		}
		// The temporary file goes beside path: left to itself, renameio
		// first tests whether TMPDIR is on the same file system by making
		// and renaming two files, and the five domains took 12.5 ms
		// instead of 4.6 in a new folder.
		if err := renameio.WriteFile(path, text, 0o644, renameio.WithTempDir(filepath.Dir(path))); err != nil {
			return fmt.Errorf("generate: PDDL domain of %s: %w", fams[i].Name, err)
		}
	}
	return nil
}
