package main

import (
	"context"
	"io"
)

// verifyCmd is gen verify DIR.
func verifyCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("gen verify is not available yet")
}
