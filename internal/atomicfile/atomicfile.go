// Package atomicfile writes files through a hidden temporary file in the
// same folder, renamed over the destination once complete
// (github.com/google/renameio), so a reader never sees half a file.
//
// The temporary file is always put beside the destination: left to
// itself, renameio first tests whether TMPDIR is on the same file system
// by making and renaming two files, which made writing the five PDDL
// domains of a run take 12.5 ms instead of 4.6.
package atomicfile

import (
	"path/filepath"

	"github.com/google/renameio/v2"
)

// WriteFile writes b to path, mode 0644, as renameio.WriteFile does.
func WriteFile(path string, b []byte) error {
	return renameio.WriteFile(path, b, 0o644, renameio.WithTempDir(filepath.Dir(path)))
}

// Pending returns a file to write path's content to, mode 0644;
// CloseAtomicallyReplace puts it in place, and Cleanup removes it if it
// was not.
func Pending(path string) (*renameio.PendingFile, error) {
	return renameio.NewPendingFile(path, renameio.WithPermissions(0o644), renameio.WithTempDir(filepath.Dir(path)))
}
