package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/export"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/generate"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/outdir"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

// paperCounts are the seed paper's synthetic counts per built-in family
// (checkboxes, slider_checkboxes, radio_textboxes).
var paperCounts = map[string][3]int64{
	"future_state_long":  {960, 1816, 1062},
	"future_state_short": {960, 1336, 1062},
	"edge_case":          {531, 500, 499},
	"other":              {510, 510, 510},
}

// figuresTasks maps the paper's future-state Task 1-3 to built-in families
// as its figures show them: slider and checkbox plans for Tasks 1 and 2,
// labelled checkboxes for Task 3. The appendix reading is Task k to
// built-in family k.
var figuresTasks = [3]int{1, 1, 0}

// paperMix returns the paper preset's mix for a suite over the built-ins,
// reading the paper's future-state tasks as tasks says ("appendix" or
// "figures"), with counts rounded up to whole groups of group rows.
func paperMix(suite, tasks string, group int) []suites.Part {
	var mix []suites.Part
	taskFamily := func(k int) int {
		if tasks == "figures" {
			return figuresTasks[k]
		}
		return k
	}
	switch suite {
	case "future_state":
		for k, c := range paperCounts["future_state_short"] {
			mix = append(mix, suites.Part{Family: taskFamily(k), Count: c, HorizonMin: 1, HorizonMax: 2})
		}
		for k, c := range paperCounts["future_state_long"] {
			mix = append(mix, suites.Part{Family: taskFamily(k), Count: c, HorizonMin: 3, HorizonMax: 4})
		}
	case "edge_case":
		for k, c := range paperCounts["edge_case"] {
			mix = append(mix, suites.Part{Family: k, Count: c})
		}
	default:
		for k, c := range paperCounts["other"] {
			mix = append(mix, suites.Part{Family: k, Count: c})
		}
	}
	if group > 1 {
		for k := range mix {
			mix[k].Count = (mix[k].Count + int64(group) - 1) / int64(group) * int64(group)
		}
	}
	return mix
}

// groupedEven splits n questions over families as suites.Even does, in
// whole groups of group rows; n must be a multiple of group.
func groupedEven(n int64, families, group int) []suites.Part {
	mix := suites.Even(n/int64(group), families)
	for k := range mix {
		mix[k].Count *= int64(group)
	}
	return mix
}

func generateCmd(ctx context.Context, c *config, stdout, stderr io.Writer) error {
	date, err := published()
	if err != nil {
		return err
	}
	// A link inside --out is bad input: refused before anything runs
	// (Acquire checks again under its lock).
	if err := outdir.CheckLinks(c.out, suites.Names()); errors.Is(err, outdir.ErrLink) {
		return usageError{err.Error()}
	}
	fams := c.families
	if c.preset == "paper" {
		fams = forms.Paper()
	}
	type job struct {
		suite suites.Suite
		spec  suites.Spec
	}
	var jobs []job
	var total int64
	var refused []string // every suite x family that cannot give what was asked
	for _, name := range c.suites {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: c.seed, Families: fams, Choices: c.choices, HorizonMin: c.horizonMin, HorizonMax: c.horizonMax, Protocol: c.protocol}
		group := 1
		if c.protocol == suites.Paper {
			group = max(s.Group, 1)
			if !c.horizonSet && s.PaperHorizon[0] > 0 {
				spec.HorizonMin, spec.HorizonMax = s.PaperHorizon[0], s.PaperHorizon[1]
			}
		}
		n, ok := c.counts[name]
		if !ok {
			n = c.n
		}
		switch {
		case c.preset == "paper":
			spec.Mix = paperMix(name, c.paperTasks, group)
		case c.preset == "long":
			spec.Mix = longMix(&spec)
		case n%int64(group) != 0:
			return usagef("%s: %d questions: under --protocol paper %s asks about each item in %d rows; give a count that is a multiple of %d, such as %d",
				name, n, name, group, group, (n+int64(group)-1)/int64(group)*int64(group))
		default:
			spec.Mix = groupedEven(n, len(fams), group)
		}
		jobs = append(jobs, job{s, spec})
	}
	// Every suite is fitted at once, each on goroutines of its own: a
	// probe depends only on its suite, family and horizon, and a suite
	// waiting for its slowest family leaves the cores to the others.
	fitted := make([]error, len(jobs))
	var wg sync.WaitGroup
	for k := range jobs {
		wg.Go(func() { fitted[k] = suites.Fit(jobs[k].suite, &jobs[k].spec, c.horizonSet) })
	}
	wg.Wait()
	if c.preset == "long" {
		for k := range jobs {
			if fitted[k] == nil {
				fitLongMix(&jobs[k].spec)
			}
		}
	}
	kept := jobs[:0]
	for k, j := range jobs {
		if err := fitted[k]; err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				refused = append(refused, strings.TrimPrefix(line, "suites: "))
			}
			continue
		}
		lo, hi := layout.ShardRange(j.spec.Total(), c.shard, c.shards)
		total += hi - lo
		kept = append(kept, j)
	}
	jobs = kept
	if len(refused) > 0 {
		return usageError{strings.Join(refused, ". ")} // a refusal is one line, a sentence a cell
	}
	if err := checkSpace(c, total, stderr); err != nil {
		return err
	}
	// One plan of every suite: while a suite's last rows are written, the
	// workers go on with the next one.
	plan := generate.Plan{
		Out: c.out, Workers: c.workers, Version: version, Flags: c.contentFlags(),
		Shard: c.shard, Shards: c.shards, Resume: c.resume,
	}
	for _, j := range jobs {
		plan.Suites = append(plan.Suites, j.suite)
		plan.Counts = append(plan.Counts, j.spec.Total())
		plan.Specs = append(plan.Specs, j.spec)
	}
	if !c.noImages {
		// Every row is built text only before the browser starts or
		// anything in --out changes (a few percent of the time of its
		// pictures), so that a cell without enough distinct questions is
		// refused now; without pictures the run itself refuses it, once
		// the suites before are written.
		if err := generate.Check(ctx, plan); err != nil {
			return refusal(err)
		}
	}
	lock, err := outdir.Acquire(c.out, outdir.Run{Key: runKey(version, c.contentFlags()), Shard: c.shard, Shards: c.shards,
		Suites: c.suites, AllSuites: suites.Names(), Families: familyNames(fams), Force: c.force, FlagsOf: fileKey})
	if err != nil {
		if errors.Is(err, outdir.ErrForeign) || errors.Is(err, outdir.ErrBusy) || errors.Is(err, outdir.ErrLink) {
			return usageError{err.Error()}
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
	if len(lock.Removed) > 0 && !c.quiet {
		fmt.Fprintf(stderr, "removed %d files from %s (%s)\n", len(lock.Removed), c.out, strings.Join(firstN(lock.Removed, 3), ", "))
	}
	var painter generate.Painter
	chromium, fonts := "", ""
	meta := map[string]string{}
	if !c.noImages {
		// Remove the browser profiles killed runs left; a failure only leaves them.
		render.SweepProfiles()
		scripts := formview.ScriptsOf(fams)
		r, err := render.New(ctx, render.Options{ChromePath: c.chrome, Scale: c.scale, Head: formview.HeadWith(scripts), Fonts: formview.Fonts()}) // finds Chromium
		if err != nil {
			return err
		}
		defer r.Close()
		heights, err := formview.Fit(ctx, r, fams)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return usageError{fmt.Sprintf("%v (at --scale %g)", err, c.scale)}
		}
		painter = &generate.Screens{Renderer: r, Scale: c.scale, Heights: heights}
		chromium, fonts = r.Version(), scripts.ID()
		meta[layout.ChromiumKey], meta[layout.FontsKey] = chromium, fonts
		meta[layout.ScaleKey] = strconv.FormatFloat(c.scale, 'g', -1, 64)
	}
	wrote = true
	bar := newProgress(total, stderr, c.quiet)
	start := time.Now()
	// The card's counts and hashes are kept as the files are written, so
	// that writing the card reads none of them again. A shard writes no
	// card (gen card does, once every shard is done), so it keeps none.
	var tally *export.Tally
	if c.shards <= 1 {
		tally = export.NewTally(c.out)
	}
	defer budgetMemory(!c.noImages, c.workers, os.Getenv)()
	plan.Painter, plan.Progress, plan.Metadata = painter, bar.add, meta
	if tally != nil {
		plan.Observe = tally.Rows
	}
	results, err := generate.Run(ctx, plan)
	if err != nil {
		bar.finish()
		return refusal(err)
	}
	if tally != nil {
		for _, r := range results {
			if !r.Resumed {
				tally.Written(r.File, r.Size, r.SHA256, r.Metadata)
			}
		}
	}
	bar.finish()
	info := export.Info{Seed: c.seed, Flags: c.contentFlags(), Version: version, Chromium: chromium, Fonts: fonts, Published: date, Blind: blind.Tables{}}
	if !c.noImages {
		info.Scale = c.scale // as gen card reads it back: none without pictures
	}
	if tally != nil {
		if err := export.CardKept(c.out, info, tally); err != nil {
			return err
		}
	}
	if slices.Contains(c.formats, "vlmevalkit") {
		if err := export.VLMEvalKit(c.out); err != nil {
			return err
		}
	}
	if !c.quiet {
		for _, r := range results {
			note := ""
			if r.Resumed {
				note = "  (already complete, kept)"
			}
			fmt.Fprintf(stdout, "%-15s %6d rows  %s%s\n", r.Suite, r.Rows, r.File, note)
		}
		fmt.Fprintf(stdout, "%d questions in %s (%s)\n", total, generate.Elapsed(time.Since(start)), pick(chromium == "", "no images", "Chromium "+chromium))
		if c.shards > 1 {
			fmt.Fprintf(stdout, "shard %d/%d done; once every shard is, run: gen card %s\n", c.shard, c.shards, c.out)
		}
	}
	return nil
}

// refusal turns the error of a cell without enough distinct questions
// into a usage error, which exits with status 2 as the other refusals of
// what a run asks for do; other errors are returned as they are.
func refusal(err error) error {
	var ex *generate.ExhaustedError
	if errors.As(err, &ex) {
		return usageError{ex.Error()}
	}
	return err
}

// runKey identifies a run's content for outdir: the generator version and
// the content flags.
func runKey(version, flags string) string { return "formplan " + version + " " + flags }

// fileKey reads the run key and shard count the data file at path was
// written with.
func fileKey(path string) (string, int, error) {
	r, err := dataset.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer r.Close()
	return keyOf(r, path)
}

// keyOf returns the run key and shard count of the data file r, opened
// from path.
func keyOf(r *dataset.Reader, path string) (string, int, error) {
	flags, _ := r.Metadata(layout.FlagsKey)
	v, _ := r.Metadata(layout.VersionKey)
	shard, _ := r.Metadata(layout.ShardKey)
	_, n, _ := strings.Cut(shard, "/")
	shards, err := strconv.Atoi(n)
	if err != nil {
		return "", 0, fmt.Errorf("%s: no shard count in its metadata", path)
	}
	return runKey(v, flags), shards, nil
}

// firstN returns up to n elements of list, with "..." after them when
// there are more.
func firstN(list []string, n int) []string {
	if len(list) <= n {
		return list
	}
	return append(list[:n:n], "...")
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// contentFlags renders the settings that decide the files' content, in a
// fixed form: output directory, workers and verbosity are left out, so they
// never change a byte of the output.
func (c *config) contentFlags() string {
	parts := []string{
		fmt.Sprintf("--seed %d", c.seed),
		"--suites " + strings.Join(c.suites, ","),
		"--families " + strings.Join(familyNames(c.families), ","),
		fmt.Sprintf("--n %d", c.n),
		fmt.Sprintf("--horizon %d-%d", c.horizonMin, c.horizonMax),
		fmt.Sprintf("--choices %d", c.choices),
	}
	if c.preset == "long" {
		parts = slices.Delete(parts, 3, 4) // the preset sets the counts, not --n
	}
	if len(c.counts) > 0 {
		var mix []string
		for _, name := range c.suites {
			mix = append(mix, fmt.Sprintf("%s=%d", name, c.counts[name]))
		}
		parts = append(parts, "--config-suites "+strings.Join(mix, ","))
	}
	if custom := customFamilies(c.families); custom != "" {
		parts = append(parts, "--config-families "+custom)
	}
	if c.preset != "" {
		parts = append(parts, "--preset "+c.preset)
		if c.paperTasks != "appendix" {
			parts = append(parts, "--paper-tasks "+c.paperTasks)
		}
	}
	if c.protocol != "" {
		parts = append(parts, "--protocol "+c.protocol)
	}
	if c.noImages {
		parts = append(parts, "--no-images")
	} else {
		parts = append(parts, fmt.Sprintf("--scale %g", c.scale))
	}
	return strings.Join(parts, " ")
}

func familyNames(fams []forms.Family) []string {
	names := make([]string, len(fams))
	for i, f := range fams {
		names[i] = f.Name
	}
	return names
}

// customFamilies fingerprints the families that are not built in, so a
// changed config family changes the recorded flags (and --resume redoes it).
func customFamilies(fams []forms.Family) string {
	var custom []forms.Family
	for _, f := range fams {
		if b := forms.Builtin(f.Name); b == nil || !reflect.DeepEqual(*b, f) {
			custom = append(custom, f)
		}
	}
	if len(custom) == 0 {
		return ""
	}
	raw, _ := json.Marshal(custom)
	return fmt.Sprintf("sha256:%x", sha256.Sum256(raw))[:23]
}
