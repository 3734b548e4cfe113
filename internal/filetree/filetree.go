// Package filetree fingerprints directory trees, so that tests can say
// whether two runs wrote the same files byte for byte. Only tests import
// it.
package filetree

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Hashes returns the hex SHA-256 of every regular file under dir, keyed by
// its slash-separated path relative to dir.
func Hashes(dir string) (map[string]string, error) {
	sums := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		sums[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	return sums, err
}

// MustHashes returns Hashes(dir), ending the test on error.
func MustHashes(tb testing.TB, dir string) map[string]string {
	tb.Helper()
	sums, err := Hashes(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return sums
}
