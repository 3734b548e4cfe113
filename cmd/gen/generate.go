package main

import (
	"context"
	"io"

	"github.com/formplan/formplan/job"
)

// generateCmd runs the generation c describes (job.Run.Execute).
func generateCmd(ctx context.Context, c *config, stdout, stderr io.Writer) error {
	date, err := published()
	if err != nil {
		return err
	}
	return usage(c.run.Execute(ctx, job.Env{Version: version, Published: date, Stdout: stdout, Stderr: stderr}))
}
