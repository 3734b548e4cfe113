package job

import (
	"context"
	"fmt"
	"slices"

	"github.com/formplan/formplan/probes"
	"github.com/formplan/formplan/publish"
	"github.com/formplan/formplan/suites"
)

// MaxProbes is the most perception probes a planning row may get.
const MaxProbes = 8

// checkProbes refuses a --probes the run cannot give.
func (r *Run) checkProbes() error {
	switch {
	case r.Probes == 0:
		return nil
	case r.Probes < 0 || r.Probes > MaxProbes:
		return usagef("--probes %d: give 0 (none) to %d probes per planning row", r.Probes, MaxProbes)
	case r.NoImages:
		return usagef("--probes asks about the screenshots, and --no-images writes none: leave out one of them")
	case r.Shards > 1:
		return usagef("--probes pairs probes over the whole run, and --shard writes part of it: run without --shard")
	case r.Variants > 1:
		return usagef("--probes pairs probes with one row a question, and --variants %d asks each %d times: run them apart", r.Variants, r.Variants)
	}
	for _, name := range r.Suites {
		if s, _ := suites.Lookup(name); !s.Probe {
			return nil
		}
	}
	return usagef("--probes pairs probes with planning rows, and --suites %s has none: add a planning suite", r.Suites[0])
}

// pairedSuites returns the run's suites whose rows get probes: its
// planning suites, in the run's order.
func (r *Run) pairedSuites() []string {
	var out []string
	for _, name := range r.Suites {
		if s, _ := suites.Lookup(name); !s.Probe {
			out = append(out, name)
		}
	}
	return out
}

// writeProbes writes the probes file once the planning suites' files are
// complete, tallying its rows for the card.
func (r *Run) writeProbes(ctx context.Context, counts map[string]int64, version string, meta map[string]string, tally *publish.Tally) (probes.Result, error) {
	p := probes.Plan{Out: r.Out, K: r.Probes, Seed: r.Seed, Version: version, Flags: r.ContentFlags(), Metadata: meta}
	for _, name := range r.pairedSuites() {
		p.Suites = append(p.Suites, name)
		p.Counts = append(p.Counts, counts[name])
	}
	if tally != nil {
		p.Observe = tally.Rows
	}
	res, err := probes.Write(ctx, p)
	if err != nil {
		return res, fmt.Errorf("gen: %w", err)
	}
	if tally != nil {
		tally.Written(res.File, res.Size, res.SHA256, res.Metadata)
	}
	return res, nil
}

// ownSuites returns the suites whose folders the run writes: its suites,
// and probes when it pairs them.
func (r *Run) ownSuites() []string {
	if r.Probes > 0 {
		return append(slices.Clone(r.Suites), suites.Probes)
	}
	return r.Suites
}
