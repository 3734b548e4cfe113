package main

import (
	"context"
	"io"
)

// previewCmd is gen preview DIR.
func previewCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("gen preview is not available yet")
}
