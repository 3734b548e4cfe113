package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/job"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// blindCmd is gen blind: it scores readers of the text alone on every
// suite x family x options x horizon cell and prints the table; it exits
// non-zero when a reader beats chance.
func blindCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen blind", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "random seed of the questions")
	rows := fs.Int("rows", 0, "rows per cell (0: enough that 3 points above chance is 4.5 standard errors, at least 1000)")
	optList := fs.String("options", "2,3,4,6,8", "comma-separated option counts of the multiple-choice suites")
	horizon := fs.String("horizon", "1-12", "horizon range MIN-MAX; horizons a family cannot give are left out")
	suiteList := fs.String("suites", strings.Join(suites.Defaults(), ","), "comma-separated suites")
	famNames := forms.Names(forms.Builtins())
	famList := fs.String("families", strings.Join(forms.Names(forms.Defaults()), ","), "comma-separated built-in families (also: "+strings.Join(forms.Names(forms.Long()), ", ")+")")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	protocol := fs.String("protocol", "", `"paper": measure questions made under the seed paper's settings (plan_shuffle's are expected to fail)`)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen blind scores readers that see only the text (surface heuristics, a symbolic reader, the exact bound)\non fresh questions of every cell and prints a Markdown table.\n\nUsage:\n  gen blind [flags]\n\nFlags:\n%s", fs.FlagUsages())
	}
	if done, err := parseArgs(fs, args); done || err != nil {
		return err
	}
	if *protocol != "" && *protocol != suites.Paper {
		return usagef("--protocol %q: the only protocol is %q (leave the flag out for formplan's own)", *protocol, suites.Paper)
	}
	cfg := blind.Config{Seed: *seed, Workers: max(*workers, 1), Protocol: *protocol}
	names, err := splitKnown(*famList, "families", famNames)
	if err != nil {
		return err
	}
	for _, n := range names {
		cfg.Families = append(cfg.Families, *forms.Builtin(n))
	}
	h, err := job.ParseHorizon(*horizon)
	if err != nil {
		return usage(err)
	}
	cfg.HorizonMin, cfg.HorizonMax = h.Min, h.Max
	if cfg.Suites, err = splitKnown(*suiteList, "suites", suites.Names()); err != nil {
		return err
	}
	for _, o := range strings.Split(*optList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(o))
		if err != nil || n < 2 || n > len(question.Letters) {
			return usagef("--options %q: list option counts from 2 to %d, such as 2,4,8", *optList, len(question.Letters))
		}
		cfg.Options = append(cfg.Options, n)
	}
	if *rows < 0 {
		return usagef("--rows %d: give a positive number, or 0 for the default", *rows)
	}
	cfg.Rows = func(n int) int {
		if *rows > 0 {
			return *rows
		}
		return blind.RowsFor(n)
	}
	var mu sync.Mutex
	done, start := 0, time.Now()
	cfg.Progress = func(c *blind.Cell) {
		mu.Lock()
		defer mu.Unlock()
		done++
		opts := fmt.Sprintf("%d options", c.Options)
		if c.Options == 0 {
			opts = "open-ended"
		}
		fmt.Fprintf(stderr, "%s  cell %d: %s %s %s horizon %d, %d rows\n", job.Elapsed(time.Since(start)), done, c.Suite, c.Family, opts, c.Horizon, c.Rows)
	}
	cells, err := blind.Run(ctx, cfg)
	if err != nil {
		return err
	}
	if err := blind.Write(stdout, cells); err != nil {
		return err
	}
	fails := blind.Check(cells, 0.03, 1000, 0.01)
	for _, f := range fails {
		fmt.Fprintf(stdout, "BEATS CHANCE %s %s %d options horizon %d: %q %s\n", f.Cell.Suite, f.Cell.Family, f.Cell.Options, f.Cell.Horizon, f.Score.Reader, f.Reason)
	}
	if len(fails) > 0 {
		return fmt.Errorf("blind: %d reader scores beat chance", len(fails))
	}
	fmt.Fprintf(stdout, "%d cells, no reader of the text alone beats chance (within 3 points on cells of 1000 rows or more, and no one-sided test significant at 1%% after correcting for %d tests)\n", len(cells), blind.Tests(cells))
	return nil
}
