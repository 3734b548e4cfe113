package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/job"
	"github.com/formplan/formplan/verify"
)

const verifyUsage = `gen verify re-checks a generated dataset from its files alone: it re-simulates
every row's plans from its metadata and checks the labels, ids and pictures,
and runs every row's PDDL plans on its PDDL problem under a PDDL interpreter.

Usage:
  gen verify [flags] DIR

DIR holds one directory per suite: DIR/<suite>/test-0000K-of-0000N.parquet,
and the PDDL domain of every family: DIR/pddl/<family>.domain.pddl.
Failing rows are listed on stderr and the exit status is 1.

Flags:
%s
Example:
  gen --no-images --out out && gen verify out
`

// rerenderModes maps the values of gen verify --rerender to their modes.
var rerenderModes = map[string]verify.Rerender{"auto": verify.RerenderAuto, "always": verify.RerenderAlways, "off": verify.RerenderOff}

// verifyCmd is gen verify DIR.
func verifyCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen verify", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.BoolP("quiet", "q", false, "print nothing but failures and errors")
	rerender := fs.String("rerender", "auto", `render every picture again in Chromium and compare pixel for pixel: "auto" when this machine's Chromium and font are the dataset's (else probe only, saying so), "always" (--rerender alone; another Chromium's differences are notes), "off"`)
	fs.Lookup("rerender").NoOptDefVal = "always"
	chrome := fs.String("chrome", "", "Chromium to re-render with (default: $CHROME_PATH, then chromium on PATH)")
	fs.Usage = func() { fmt.Fprintf(stderr, verifyUsage, fs.FlagUsages()) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil
		}
		return usagef("verify: %v (see gen verify --help)", err)
	}
	switch fs.NArg() {
	case 0:
		return usagef("verify: missing DIR: write gen verify DIR (see gen verify --help)")
	case 1:
	default:
		return usagef("verify: %d arguments (%s): give exactly one DIR", fs.NArg(), strings.Join(fs.Args(), " "))
	}
	mode, ok := rerenderModes[*rerender]
	if !ok {
		return usagef("verify: --rerender %q: want auto, always or off", *rerender)
	}
	dir := fs.Arg(0)
	start := time.Now()
	rep, err := verify.DirWith(ctx, dir, verify.Options{Rerender: mode, Chrome: *chrome})
	if err != nil {
		return err
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(stderr, "note: %s\n", n)
	}
	if !*quiet {
		for _, s := range rep.Suites {
			status := "ok"
			if s.Failed > 0 {
				status = fmt.Sprintf("%d failed", s.Failed)
			}
			fmt.Fprintf(stdout, "%-15s %6d rows %s\n", s.Suite, s.Rows, status)
		}
	}
	for _, s := range rep.Suites {
		for _, m := range s.Missing {
			fmt.Fprintf(stderr, "note: %s: shard %s is not in %s\n", s.Suite, m, dir)
		}
	}
	for _, f := range rep.Failures {
		id := f.ID
		if id == "" {
			id = "(no id)"
		}
		fmt.Fprintf(stderr, "FAIL %s %s (index %d): %s\n", f.Suite, id, f.Index, f.Reason)
	}
	if more := rep.Failed - int64(len(rep.Failures)); more > 0 {
		fmt.Fprintf(stderr, "... and %d more failing rows\n", more)
	}
	if !rep.OK() {
		return fmt.Errorf("verify: %d of %d rows failed", rep.Failed, rep.Rows)
	}
	if !*quiet {
		fmt.Fprintf(stdout, "%d rows (%d pictures probed) in %d files ok in %s\n", rep.Rows, rep.Pictures, len(rep.Files), job.Elapsed(time.Since(start)))
	}
	return nil
}
