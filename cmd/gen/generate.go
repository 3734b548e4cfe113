package main

import (
	"context"
	"io"

	"github.com/formplan/formplan/job"
)

// generateCmd runs the generation c asks for (job.Generate).
func generateCmd(ctx context.Context, c *config, stdout, stderr io.Writer) error {
	return usage(job.Generate(ctx, c.req, job.Env{Version: version, Published: published, Stdout: stdout, Stderr: stderr}))
}
