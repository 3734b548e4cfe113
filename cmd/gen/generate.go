package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/generate"
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

// spreadMix splits n questions over families as evenly as possible.
func spreadMix(n int64, families int) []suites.Part {
	var mix []suites.Part
	for k := 0; k < families; k++ {
		c := n / int64(families)
		if int64(k) < n%int64(families) {
			c++
		}
		mix = append(mix, suites.Part{Family: k, Count: c})
	}
	return mix
}

// paperMix returns the paper preset's mix for a suite over the built-ins.
func paperMix(suite string) []suites.Part {
	var mix []suites.Part
	switch suite {
	case "future_state":
		for k, c := range paperCounts["future_state_short"] {
			mix = append(mix, suites.Part{Family: k, Count: c, HorizonMin: 1, HorizonMax: 2})
		}
		for k, c := range paperCounts["future_state_long"] {
			mix = append(mix, suites.Part{Family: k, Count: c, HorizonMin: 3, HorizonMax: 4})
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
	return mix
}

func generateCmd(ctx context.Context, c *config, stdout, stderr io.Writer) error {
	var fams []forms.Family
	for _, name := range c.families {
		fams = append(fams, *forms.Builtin(name))
	}
	if c.preset == "paper" {
		fams = forms.Builtins()
	}
	var painter generate.Painter
	if !c.noImages {
		chrome, err := render.FindChrome(c.chrome)
		if err != nil {
			return err
		}
		r, err := render.New(ctx, render.Options{ChromePath: chrome, Scale: c.scale, Head: formview.Head()})
		if err != nil {
			return err
		}
		defer r.Close()
		painter = &generate.Screens{Renderer: r, Scale: c.scale}
	}
	if err := checkWritable(c.out); err != nil {
		return err
	}
	start := time.Now()
	var total int64
	var results []generate.SuiteResult
	for _, name := range c.suites {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: c.seed, Families: fams, Choices: c.choices, HorizonMin: c.horizonMin, HorizonMax: c.horizonMax}
		if c.preset == "paper" {
			spec.Mix = paperMix(name)
		} else {
			spec.Mix = spreadMix(c.n, len(fams))
		}
		n := spec.Total()
		plan := generate.Plan{
			Out: c.out, Suites: []suites.Suite{s}, Counts: []int64{n}, Spec: spec,
			Workers: c.workers, Version: version, Flags: c.contentFlags(), Painter: painter,
		}
		res, err := generate.Run(ctx, plan)
		if err != nil {
			return err
		}
		results = append(results, res...)
		total += n
	}
	if !c.quiet {
		for _, r := range results {
			fmt.Fprintf(stdout, "%-15s %6d rows  %s\n", r.Suite, r.Rows, r.File)
		}
		fmt.Fprintf(stdout, "%d questions in %s\n", total, generate.Elapsed(time.Since(start)))
	}
	return nil
}

// checkWritable makes sure out exists (or can be made) and takes files.
func checkWritable(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("--out %s: cannot create the directory: %w; choose a writable --out", out, err)
	}
	f, err := os.CreateTemp(out, ".gen-probe-*")
	if err != nil {
		return fmt.Errorf("--out %s: not writable: %w; choose a writable --out", out, err)
	}
	f.Close()
	return os.Remove(filepath.Clean(f.Name()))
}

// contentFlags renders the settings that decide the files' content, in a
// fixed form: output directory, workers and verbosity are left out, so they
// never change a byte of the output.
func (c *config) contentFlags() string {
	parts := []string{
		fmt.Sprintf("--seed %d", c.seed),
		"--suites " + strings.Join(c.suites, ","),
		"--families " + strings.Join(c.families, ","),
		fmt.Sprintf("--n %d", c.n),
		fmt.Sprintf("--horizon %d-%d", c.horizonMin, c.horizonMax),
		fmt.Sprintf("--choices %d", c.choices),
	}
	if c.preset != "" {
		parts = append(parts, "--preset "+c.preset)
	}
	if c.noImages {
		parts = append(parts, "--no-images")
	} else {
		parts = append(parts, fmt.Sprintf("--scale %g", c.scale))
	}
	return strings.Join(parts, " ")
}
