package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/preview"
)

const previewExamples = `
Examples:
  gen preview out                       out/preview/index.html, 12 questions per suite
  gen preview --n 30 --out /tmp/look.html out
`

// previewCmd is gen preview DIR.
func previewCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen preview", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", preview.DefaultPerSuite, "questions shown per suite, spread over its families and horizons")
	out := fs.String("out", "", "HTML file to write (default DIR/preview/index.html)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen preview writes an HTML gallery of a dataset's questions, one self-contained\nfile with the pictures embedded, to look the dataset over in a browser.\n\nUsage:\n  gen preview [flags] DIR\n\nFlags:\n%s%s", fs.FlagUsages(), previewExamples)
	}
	if done, err := parseArgs(fs, args); done || err != nil {
		return err
	}
	switch {
	case fs.NArg() == 0:
		return usagef("gen preview needs the dataset directory: gen preview DIR (see gen preview --help)")
	case fs.NArg() > 1:
		return usagef("unexpected argument %q: gen preview takes one DIR (see gen preview --help)", fs.Arg(1))
	case *n < 1:
		return usagef("--n %d: show at least 1 question per suite", *n)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	path, err := preview.Write(ctx, fs.Arg(0), preview.Options{PerSuite: *n, Out: *out})
	if errors.Is(err, preview.ErrLink) {
		return usageError{err.Error()}
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, path)
	return nil
}
