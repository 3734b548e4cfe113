package blind

import (
	"context"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// pairedProbes is how many probes a planning row gets in a cell of a
// Paired suite, as gen --probes 3 gives.
const pairedProbes = 3

// pairedJobs returns the cells of s, a Paired suite (probes), one per
// family and horizon: the probes paired with planning rows of every
// default suite that can give that family and horizon at the cell's
// options, the suites taking turns.
func pairedJobs(ctx context.Context, cfg Config, s suites.Suite) []job {
	var jobs []job
	for _, fam := range cfg.Families {
		type source struct {
			suite suites.Suite
			spec  suites.Spec
			hs    []int
		}
		var srcs []source
		for _, name := range suites.Defaults() {
			ps, _ := suites.Lookup(name)
			if ps.Probe || ctx.Err() != nil {
				continue
			}
			sp := suites.Spec{Seed: cfg.Seed, Families: []forms.Family{fam}, Horizon: suites.Range{Min: cfg.HorizonMin, Max: cfg.HorizonMax}, Protocol: cfg.Protocol}
			fit, err := suites.Fit(ps, &sp, false)
			if err != nil {
				continue
			}
			srcs = append(srcs, source{ps, sp, fit[0]})
		}
		for h := cfg.HorizonMin; h <= cfg.HorizonMax; h++ {
			var cellSrcs []source
			for _, src := range srcs {
				if src.hs == nil || slices.Contains(src.hs, h) {
					src.spec.Mix = []suites.Part{{Family: 0, Count: 1 << 40, Horizon: suites.Range{Min: h, Max: h}}}
					cellSrcs = append(cellSrcs, src)
				}
			}
			if len(cellSrcs) == 0 {
				continue
			}
			seed := cfg.Seed
			build := func(i int64) ([]question.Question, error) {
				src := &cellSrcs[i%int64(len(cellSrcs))]
				q, err := src.suite.Build(&src.spec, i/int64(len(cellSrcs)))
				if err != nil {
					return nil, err
				}
				return suites.PairProbes(&q, pairedProbes, seed, i)
			}
			jobs = append(jobs, job{rows: int64(cfg.Rows(2)), build: build, cell: Cell{Suite: s.Name, Family: fam.Name, Options: 2, Horizon: h}})
		}
	}
	return jobs
}
