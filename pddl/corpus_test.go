package pddl

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// row is one question of the corpus.
type row struct {
	suite, protocol string
	q               question.Question
}

// corpusPart asks for questions of every suite over some families, under
// a protocol: perSuite[name] of suite name.
type corpusPart struct {
	protocol string
	families []forms.Family
	perSuite map[string]int64
}

var (
	corpusOnce sync.Once
	corpusRows []row
	corpusErr  error
)

// corpus builds the test rows once per test binary: by default 10,000
// rows of every suite over the five built-in families, under formplan's
// own protocol and the paper's, and over the mixed family; under -short,
// a tenth. The suites that take long to build (plan_shuffle under
// formplan's protocol, edge_case) have fewer rows than the others.
func corpus(t testing.TB) []row {
	t.Helper()
	corpusOnce.Do(func() {
		scale := int64(10)
		if testing.Short() {
			scale = 1
		}
		counts := func(ec, fs, ps, psh, to, open int64) map[string]int64 {
			return map[string]int64{"edge_case": ec * scale, "future_state": fs * scale, "plan_semantic": ps * scale,
				"plan_shuffle": psh * scale, "temporal_order": to * scale, "plan_generation": open * scale, "next_action": open * scale}
		}
		parts := []corpusPart{
			{"", forms.Defaults(), counts(80, 180, 160, 25, 160, 80)},
			{suites.Paper, forms.Defaults(), counts(30, 80, 40, 80, 80, 20)},
			{"", []forms.Family{testforms.Mixed()}, counts(15, 20, 20, 10, 20, 20)},
		}
		corpusRows, corpusErr = buildCorpus(parts)
	})
	if corpusErr != nil {
		t.Fatal(corpusErr)
	}
	return corpusRows
}

func buildCorpus(parts []corpusPart) ([]row, error) {
	type job struct {
		s     suites.Suite
		sp    *suites.Spec
		i     int64
		at    int
		proto string
	}
	var jobs []job
	for _, part := range parts {
		for _, s := range suites.DrawnSuites() {
			sp := &suites.Spec{Seed: 7, Families: part.families, Protocol: part.protocol}
			group := int64(1)
			if part.protocol == suites.Paper {
				group = int64(max(s.Group, 1))
				if s.PaperHorizon.Min > 0 {
					sp.Horizon = s.PaperHorizon
				}
			}
			n := (part.perSuite[s.Name] + group - 1) / group * group
			mix := suites.Even(n/group, len(part.families))
			for k := range mix {
				mix[k].Count *= group
			}
			sp.Mix = mix
			var err error
			if sp.Horizons, err = suites.Fit(s, sp, false); err != nil {
				return nil, fmt.Errorf("%s (protocol %q): %w", s.Name, part.protocol, err)
			}
			for i := int64(0); i < n; i++ {
				jobs = append(jobs, job{s, sp, i, len(jobs), part.protocol})
			}
		}
	}
	out := make([]row, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan job)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				q, err := j.s.Build(j.sp, j.i)
				out[j.at], errs[j.at] = row{j.s.Name, j.proto, q}, err
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
