package preset

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/suites"
)

// TestTable checks every preset and protocol against the suite registry
// and the preset's own families: each part names a family (or a Task of
// every reading) the preset has, a suite the registry has, a count above
// 0 and a horizon range a spec takes; a preset of cells sets no parts.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range All() {
		if p.Name == "" || seen[p.Name] {
			t.Errorf("preset %q: want a name of its own", p.Name)
		}
		seen[p.Name] = true
		if got, ok := Lookup(p.Name); !ok || got.Name != p.Name {
			t.Errorf("Lookup(%q) = %v, %v", p.Name, got, ok)
		}
		if p.CellRows > 0 && p.Parts != nil {
			t.Errorf("%s: a preset of cells sets no parts", p.Name)
		}
		if p.Families != nil && p.DefaultFamilies != nil {
			t.Errorf("%s: Families and DefaultFamilies both set", p.Name)
		}
		if h := p.Horizon; h != (suites.Range{}) && (h.Min < 1 || h.Max < h.Min || h.Max > suites.MaxHorizon) {
			t.Errorf("%s: horizon %s out of 1-%d", p.Name, h, suites.MaxHorizon)
		}
		for suite, parts := range p.Parts {
			if _, ok := suites.Lookup(suite); suite != "" && !ok {
				t.Errorf("%s: parts for %q, which is no suite", p.Name, suite)
			}
			for k, part := range parts {
				fams := []int{part.Family}
				if part.Task {
					fams = nil
					for name, r := range p.Readings {
						if part.Family >= len(r) {
							t.Errorf("%s: %s part %d: Task %d has no family in the %s reading", p.Name, suite, k, part.Family, name)
							continue
						}
						fams = append(fams, r[part.Family])
					}
				}
				for _, fi := range fams {
					if fi < 0 || fi >= len(p.Families) {
						t.Errorf("%s: %s part %d: family %d of %d", p.Name, suite, k, fi, len(p.Families))
					}
				}
				if part.Count <= 0 {
					t.Errorf("%s: %s part %d: count %d", p.Name, suite, k, part.Count)
				}
				if h := part.Horizon; h != (suites.Range{}) && (h.Min < 1 || h.Max < h.Min || h.Max > suites.MaxHorizon) {
					t.Errorf("%s: %s part %d: horizon %s", p.Name, suite, k, h)
				}
			}
		}
	}
	if !slices.Equal(Names(), []string{"paper", "long"}) {
		t.Errorf("names %q", Names())
	}
	for _, pr := range Protocols() {
		if pr.Name != suites.Paper {
			t.Errorf("protocol %q: suites knows only %q", pr.Name, suites.Paper)
		}
		for _, f := range pr.Choices {
			if _, ok := suites.Lookup(f.Suite); !ok || f.Choices < 2 || f.Why == "" {
				t.Errorf("protocol %s fixes %d options of %q (%q)", pr.Name, f.Choices, f.Suite, f.Why)
			}
		}
	}
}
