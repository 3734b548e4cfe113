package job

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/preset"
	"github.com/formplan/formplan/suites"
)

// TestLongMix checks that --preset long gives every family 1,000 rows at
// each horizon it allows in 1-12, and none at the others.
func TestLongMix(t *testing.T) {
	p, _ := preset.Lookup("long")
	s, _ := suites.Lookup("edge_case")
	sp := &suites.Spec{Seed: 1, Families: forms.Long(), Choices: 4, Horizon: suites.Range{Min: 1, Max: suites.MaxHorizon}}
	sp.Mix = presetMix(p, s.Name, "appendix", 1, len(sp.Families), sp.Horizon)
	found, err := suites.Fit(s, sp, false)
	if err != nil {
		t.Fatal(err)
	}
	sp.Horizons = found
	sp.Mix = fittedMix(p, sp.Mix, found, sp.Horizon)
	for k, part := range sp.Mix {
		allowed := len(suites.Reach(s, sp, part.Family))
		if part.Count != int64(p.CellRows*int64(allowed)) {
			t.Errorf("part %d (%s): %d rows, want %d for %d horizons", k, sp.Families[part.Family].Name, part.Count, p.CellRows*int64(allowed), allowed)
		}
	}
}

// TestPaperTasks checks the two readings of the paper's future-state tasks.
func TestPaperTasks(t *testing.T) {
	p, _ := preset.Lookup("paper")
	paperMix := func(suite, tasks string, group int) []suites.Part {
		return presetMix(p, suite, tasks, group, len(p.Families), suites.Range{})
	}
	counts := func(tasks string) map[int]int64 {
		out := map[int]int64{}
		for _, p := range paperMix("future_state", tasks, 1) {
			out[p.Family] += p.Count
		}
		return out
	}
	if got := counts("appendix"); got[0] != 1920 || got[1] != 3152 || got[2] != 2124 {
		t.Errorf("appendix reading: %v", got)
	}
	if got := counts("figures"); got[0] != 2124 || got[1] != 5072 || got[2] != 0 {
		t.Errorf("figures reading: %v", got)
	}
	for _, p := range paperMix("temporal_order", "appendix", 4) {
		if p.Count != 512 {
			t.Errorf("temporal_order under the paper protocol: %d rows of family %d, want 512 (510 in whole groups of four)", p.Count, p.Family)
		}
	}
}
