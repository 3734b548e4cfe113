package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/outdir"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/publish"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

// Env is what a run takes from the command that starts it.
type Env struct {
	Version string // the generator's, recorded in every row
	// Published returns the card's datePublished, YYYY-MM-DD; its error
	// refuses the run before anything starts.
	Published func() (string, error)
	Stdout    io.Writer
	Stderr    io.Writer
}

// Generate checks what req asks for (Describe) and runs it (Execute).
func Generate(ctx context.Context, req Request, env Env) error {
	r, err := Describe(req)
	if err != nil {
		return err
	}
	return r.Execute(ctx, env)
}

// Execute runs r: it refuses, before the browser starts or anything in
// the output directory changes, what the run cannot give (a link inside
// it, a cell without the horizons or distinct questions asked for, too
// little free space, another run's files); then it writes every suite's
// file, the dataset card and the harness files asked for, and prints a
// summary unless r.Quiet.
func (r *Run) Execute(ctx context.Context, env Env) error {
	date, err := env.Published()
	if err != nil {
		return err
	}
	// A link inside the output directory is bad input: refused before
	// anything runs (Acquire checks again under its lock).
	if err := outdir.CheckLinks(r.Out, suites.Names()); errors.Is(err, outdir.ErrLink) {
		return UsageError{Msg: err.Error()}
	}
	jobs, total, err := r.plan()
	if err != nil {
		return err
	}
	total *= r.rowsPer() // rows: a question is a group of rows with --variants
	if err := r.checkSpace(total, env.Stderr); err != nil {
		return err
	}
	// One plan of every suite: while a suite's last rows are written, the
	// workers go on with the next one.
	plan := pipeline.Plan{
		Out: r.Out, Workers: r.Workers, Version: env.Version, Flags: r.ContentFlags(),
		Shard: r.Shard, Shards: r.Shards, Resume: r.Resume, Paired: r.Probes > 0,
		Variants: pipeline.Variants{N: r.Variants, Scale: r.Scale},
	}
	for _, j := range jobs {
		plan.Suites = append(plan.Suites, j.suite)
		plan.Counts = append(plan.Counts, j.spec.Total())
		plan.Specs = append(plan.Specs, j.spec)
	}
	if !r.NoImages {
		// Every row is built text only before the browser starts or
		// anything in the output directory changes (a few percent of the
		// time of its pictures), so that a cell without enough distinct
		// questions is refused now; without pictures the run itself
		// refuses it, once the suites before are written.
		if err := pipeline.Check(ctx, plan); err != nil {
			return refusal(err)
		}
	}
	lock, err := outdir.Acquire(r.Out, outdir.Run{Key: RunKey(env.Version, r.ContentFlags()), Shard: r.Shard, Shards: r.Shards,
		Suites: r.ownSuites(), AllSuites: suites.Names(), Families: forms.Names(r.families()), Force: r.Force, FlagsOf: FileKey})
	if err != nil {
		if errors.Is(err, outdir.ErrForeign) || errors.Is(err, outdir.ErrBusy) || errors.Is(err, outdir.ErrLink) {
			return UsageError{Msg: err.Error()}
		}
		return err
	}
	wrote := false
	defer func() {
		if wrote {
			lock.Release()
		} else {
			lock.Abandon()
		}
	}()
	if len(lock.Removed) > 0 && !r.Quiet {
		fmt.Fprintf(env.Stderr, "removed %d files from %s (%s)\n", len(lock.Removed), r.Out, strings.Join(firstN(lock.Removed, 3), ", "))
	}
	chromium, fonts := "", ""
	meta := map[string]string{}
	if !r.NoImages {
		// Remove the browser profiles killed runs left; a failure only leaves them.
		render.SweepProfiles()
		scripts := formview.ScriptsOf(r.families())
		head := formview.HeadWith(scripts)
		rd, err := render.New(ctx, render.Options{ChromePath: r.Chrome, Scale: r.Scale, Head: head, Fonts: formview.Fonts()}) // finds Chromium
		if err != nil {
			return err
		}
		defer rd.Close()
		heights, err := formview.Fit(ctx, rd, r.families())
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return UsageError{Msg: fmt.Sprintf("%v (at --scale %g)", err, r.Scale)}
		}
		screens := &pipeline.Screens{Renderer: rd, Scale: r.Scale, Heights: heights}
		if r.Variants > 1 {
			other, flippable, err := r.looks(ctx, rd, head)
			if err != nil {
				return err
			}
			defer other.Close()
			screens.Other, plan.Variants.Flippable = other, flippable
		}
		plan.Painter = screens
		chromium, fonts = rd.Version(), scripts.ID()
		meta[layout.ChromiumKey], meta[layout.FontsKey] = chromium, fonts
		meta[layout.ScaleKey] = strconv.FormatFloat(r.Scale, 'g', -1, 64)
	}
	wrote = true
	return r.write(ctx, plan, meta, total, writeInfo{env: env, published: date, chromium: chromium, fonts: fonts})
}

// writeInfo is what the card and the summary say of the run besides its
// rows.
type writeInfo struct {
	env                        Env
	published, chromium, fonts string
}

// write runs plan, with meta in every file's metadata, then writes the
// card (unless the run is one shard of several), the harness files and
// the summary.
func (r *Run) write(ctx context.Context, plan pipeline.Plan, meta map[string]string, total int64, w writeInfo) error {
	bar := newProgress(total, w.env.Stderr, r.Quiet)
	start := time.Now()
	// The card's counts and hashes are kept as the files are written, so
	// that writing the card reads none of them again. A shard writes no
	// card (gen card does, once every shard is done), so it keeps none.
	var tally *publish.Tally
	if r.Shards <= 1 {
		tally = publish.NewTally(r.Out)
	}
	defer budgetMemory(!r.NoImages, r.Workers, os.Getenv)()
	plan.Progress, plan.Metadata = bar.add, meta
	if tally != nil {
		plan.Observe = tally.Rows
	}
	results, err := pipeline.Run(ctx, plan)
	if err != nil {
		bar.finish()
		return refusal(err)
	}
	if tally != nil {
		for _, res := range results {
			if !res.Resumed {
				tally.Written(res.File, res.Size, res.SHA256, res.Metadata)
			}
		}
	}
	if r.Probes > 0 {
		counts := map[string]int64{}
		for _, res := range results {
			counts[res.Suite] = res.Rows
		}
		pr, err := r.writeProbes(ctx, counts, w.env.Version, meta, tally)
		if err != nil {
			bar.finish()
			return err
		}
		results = append(results, pipeline.SuiteResult{Suite: suites.Probes, Rows: pr.Rows, File: pr.File})
		total += pr.Rows
	}
	bar.finish()
	info := publish.Info{Seed: r.Seed, Flags: r.ContentFlags(), Version: w.env.Version, Chromium: w.chromium, Fonts: w.fonts, Published: w.published, Blind: blind.Tables{}}
	if !r.NoImages {
		info.Scale = r.Scale // as gen card reads it back: none without pictures
	}
	if tally != nil {
		if err := publish.CardKept(r.Out, info, tally); err != nil {
			return err
		}
	}
	if slices.Contains(r.Formats, "vlmevalkit") {
		if err := publish.VLMEvalKit(r.Out); err != nil {
			return err
		}
	}
	if !r.Quiet {
		for _, res := range results {
			note := ""
			if res.Resumed {
				note = "  (already complete, kept)"
			}
			fmt.Fprintf(w.env.Stdout, "%-15s %6d rows  %s%s\n", res.Suite, res.Rows, res.File, note)
		}
		pictures := "Chromium " + w.chromium
		if w.chromium == "" {
			pictures = "no images"
		}
		fmt.Fprintf(w.env.Stdout, "%d questions in %s (%s%s)\n", total/r.rowsPer(), Elapsed(time.Since(start)), pictures, describeVariants(r.Variants))
		if r.Shards > 1 {
			fmt.Fprintf(w.env.Stdout, "shard %d/%d done; once every shard is, run: gen card %s\n", r.Shard, r.Shards, r.Out)
		}
	}
	return nil
}

// refusal turns the error of a cell without enough distinct questions
// into a UsageError, as the other refusals of what a run asks for are;
// other errors are returned as they are.
func refusal(err error) error {
	var ex *pipeline.ExhaustedError
	if errors.As(err, &ex) {
		return UsageError{Msg: ex.Error()}
	}
	return err
}

// firstN returns up to n elements of list, with "..." after them when
// there are more.
func firstN(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(list[:n:n], "...")
}

// Elapsed formats a duration for the summaries of gen's commands.
func Elapsed(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
