package job

import (
	"strings"
	"sync"

	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/suites"
)

// suiteJob is one suite of a run and the spec its questions are built
// from.
type suiteJob struct {
	suite suites.Suite
	spec  suites.Spec
}

// plan returns each suite of the run with its spec, fitted (the horizons
// each family allows, suites.Fit), and how many questions the run's shard
// of them holds. Every suite x family that cannot give what was asked is
// refused at once, one line each.
func (r *Run) plan() ([]suiteJob, int64, error) {
	fams := r.families()
	var jobs []suiteJob
	for _, name := range r.Suites {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: r.Seed, Families: fams, Choices: r.Choices, Horizon: r.Horizon, Protocol: r.protocolName()}
		group := groupOf(r.Protocol, s)
		if !r.HorizonSet {
			spec.Horizon = horizonOf(r.Protocol, s, spec.Horizon)
		}
		n, ok := r.Counts[name]
		if !ok {
			n = r.N
		}
		switch {
		case r.Preset != nil:
			spec.Mix = presetMix(r.Preset, name, r.PaperTasks, group, len(fams), spec.Horizon)
		case n%int64(group) != 0:
			return nil, 0, usagef("%s: %d questions: under --protocol %s %s asks about each item in %d rows; give a count that is a multiple of %d, such as %d",
				name, n, r.protocolName(), name, group, group, (n+int64(group)-1)/int64(group)*int64(group))
		default:
			spec.Mix = groupedEven(n, len(fams), group)
		}
		jobs = append(jobs, suiteJob{s, spec})
	}
	// Every suite is fitted at once, each on goroutines of its own: a
	// probe depends only on its suite, family and horizon, and a suite
	// waiting for its slowest family leaves the cores to the others.
	found := make([][][]int, len(jobs))
	fitted := make([]error, len(jobs))
	var wg sync.WaitGroup
	for k := range jobs {
		wg.Go(func() { found[k], fitted[k] = suites.Fit(jobs[k].suite, &jobs[k].spec, r.HorizonSet) })
	}
	wg.Wait()
	var refused []string // every suite x family that cannot give what was asked
	var total int64
	for k := range jobs {
		if err := fitted[k]; err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				refused = append(refused, strings.TrimPrefix(line, "suites: "))
			}
			continue
		}
		sp := &jobs[k].spec
		sp.Horizons = found[k]
		if r.Preset != nil {
			sp.Mix = fittedMix(r.Preset, sp.Mix, found[k], sp.Horizon)
			if jobs[k].suite.NoHorizon && r.Preset.CellRows > 0 {
				for p := range sp.Mix {
					sp.Mix[p].Count = r.Preset.CellRows // one cell a family
				}
			}
		}
		lo, hi := layout.ShardRange(sp.Total(), r.Shard, r.Shards)
		total += hi - lo
	}
	if len(refused) > 0 {
		return nil, 0, UsageError{Msg: strings.Join(refused, ". ")} // a refusal is one line, a sentence a cell
	}
	return jobs, total, nil
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
