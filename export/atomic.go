package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// writeFile writes the file at path through a temporary file in the same
// directory, renamed over path once complete. write produces the content.
func writeFile(path string, write func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := write(f); err != nil {
		if strings.HasPrefix(err.Error(), "export: ") {
			return err // it already says where
		}
		return fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// writeBytes writes b to path through a temporary file.
func writeBytes(path string, b []byte) error {
	return writeFile(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
