package publish

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/formplan/formplan/internal/atomicfile"
)

// writeFile writes the file at path through a hidden temporary file in the
// same directory (internal/atomicfile), renamed over path once
// complete, so a reader never sees half a file. write produces the content.
func writeFile(path string, write func(w io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	f, err := atomicfile.Pending(path)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	defer f.Cleanup()
	if err := write(f); err != nil {
		if strings.HasPrefix(err.Error(), "publish: ") {
			return err // it already says where
		}
		return fmt.Errorf("publish: write %s: %w", path, err)
	}
	if err := f.CloseAtomicallyReplace(); err != nil {
		return fmt.Errorf("publish: write %s: %w", path, err)
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
