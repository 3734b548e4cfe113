package report

import (
	"bytes"
	"context"
	"fmt"

	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/score"
)

// Write writes the HTML report of s to path, through a temporary file put
// in place once whole; title names what was scored. It stops with ctx's
// error, writing nothing, once ctx is done.
func Write(ctx context.Context, path string, s *score.Summary, title string) error {
	var b bytes.Buffer
	if err := HTML(&b, s, title); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, b.Bytes()); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}
