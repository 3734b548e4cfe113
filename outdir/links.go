package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/formplan/formplan/layout"
)

// ErrLink is wrapped by the error of Acquire and Exclusive when a symbolic
// link stands where formplan keeps a file or folder of its own: formplan
// never writes, replaces or removes through a link, which could reach
// outside the output directory.
var ErrLink = errors.New("is a symbolic link")

// exportDirs are the folders besides the suites' that a run writes.
var exportDirs = []string{"lmms-eval", "vlmevalkit", layout.DomainDir}

// CheckLinks reports the first symbolic link in dir where formplan keeps
// its own entries: its hidden files (.formplan*), the card (README.md,
// croissant.json), the folder of a suite (any of suites, written by this
// run or not) or of an export, and, inside such folders, any entry; inside
// any other folder, an entry named as formplan names its data. The error
// names the link and the fix.
func CheckLinks(dir string, suites []string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("--out %s: %w", dir, err)
	}
	for _, e := range entries {
		name := e.Name()
		ours := slices.Contains(suites, name) || slices.Contains(exportDirs, name)
		if e.Type()&os.ModeSymlink != 0 {
			if ours || strings.HasPrefix(name, ".formplan") || slices.Contains(cardKeep, name) {
				return linkError(dir, name)
			}
			continue
		}
		if !e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("--out %s: %w", dir, err)
		}
		for _, f := range files {
			n := f.Name()
			if f.Type()&os.ModeSymlink != 0 && (ours || isData(n) || tempRE.MatchString(n) || pendRE.MatchString(n)) {
				return linkError(dir, filepath.Join(name, n))
			}
		}
	}
	return nil
}

// linkError words the refusal of the link at rel in dir.
func linkError(dir, rel string) error {
	target, _ := os.Readlink(filepath.Join(dir, rel))
	return fmt.Errorf("--out %s: %s %w (to %s) where formplan keeps its own files: formplan never writes through a link; remove it or choose another --out", dir, rel, ErrLink, target)
}

// lockError words an error opening the lock file at path, naming a link
// that stands there.
func lockError(dir, path string, err error) error {
	if errors.Is(err, syscall.ELOOP) {
		return linkError(dir, filepath.Base(path))
	}
	return fmt.Errorf("--out %s: %w", dir, err)
}
