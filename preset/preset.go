// Package preset holds the ready-made mixes a run can ask for by name
// (--preset) and the protocols it can ask its questions under
// (--protocol), as data beside the suite registry: what each fixes, and
// how many questions it gives each suite x family x horizon.
//
//	p, _ := preset.Lookup("paper")
//	mix := p.Mix("edge_case", "appendix", 1, len(p.Families), suites.Range{})
//	// mix: 531, 500 and 499 questions of the paper's three families
package preset

import (
	"slices"
	"sort"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// Preset is a ready-made mix of questions.
type Preset struct {
	Name string // as --preset takes it
	// Families, if set, are the families a run of the preset uses,
	// whatever the command line says of them.
	Families []forms.Family
	// DefaultFamilies, if set, are the families a run of the preset uses
	// when it names none.
	DefaultFamilies []forms.Family
	// Fixes, if set, says in words what the preset fixes: a run of it may
	// then name neither families nor counts (--config, --families, --n).
	Fixes string
	// Horizon, if set, is the horizon range of a run that asks for none.
	Horizon suites.Range
	// CellRows, if set, is how many rows the preset gives each family x
	// horizon cell: each family takes CellRows at each horizon of the run's
	// range it allows (Mix, then Fitted once the horizons are known). The
	// counts are the cells', so --n is refused and left out of the
	// recorded flags.
	CellRows int64
	// Parts, if set, are the preset's counts per suite, "" for every
	// suite not named.
	Parts map[string][]Part
	// Readings, if set, maps each reading of the paper's tasks
	// (--paper-tasks) to the family index of each Task (see Part.Task).
	Readings map[string][]int
	// HorizonFixed, if set, says in words the horizons the suites whose
	// parts set their own take; --horizon is refused for those suites.
	HorizonFixed string
}

// Part is a run of questions of one family in a preset's mix.
type Part struct {
	// Family indexes the preset's Families; with Task set it is the
	// paper's Task k instead, whose family the run's reading gives.
	Family int
	Task   bool
	Count  int64
	// Horizon, if set, is the part's own horizon range.
	Horizon suites.Range
}

// All returns the presets, in the order they are listed.
func All() []Preset { return slices.Clone(presets) }

// Names returns the presets' names.
func Names() []string {
	names := make([]string, len(presets))
	for k, p := range presets {
		names[k] = p.Name
	}
	return names
}

// Lookup returns the preset called name.
func Lookup(name string) (*Preset, bool) {
	for k := range presets {
		if presets[k].Name == name {
			p := presets[k]
			return &p, true
		}
	}
	return nil, false
}

// ReadingNames returns the preset's readings of the paper's tasks, sorted.
func (p *Preset) ReadingNames() []string {
	names := make([]string, 0, len(p.Readings))
	for name := range p.Readings {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// FixesHorizon reports whether the preset fixes the horizons of suite:
// whether one of its parts sets a horizon range of its own.
func (p *Preset) FixesHorizon(suite string) bool {
	for _, part := range p.Parts[suite] {
		if part.Horizon != (suites.Range{}) {
			return true
		}
	}
	return false
}

// Mix returns the preset's mix for suite over families families at the
// horizon range horizon, before the horizons are fitted: a table preset's
// parts, reading the paper's tasks as reading says, with counts rounded
// up to whole groups of group rows; or, for a preset of CellRows, one part
// per family, CellRows at every horizon of the range.
func (p *Preset) Mix(suite, reading string, group, families int, horizon suites.Range) []suites.Part {
	if p.CellRows > 0 {
		mix := make([]suites.Part, families)
		for k := range mix {
			mix[k] = suites.Part{Family: k, Count: p.CellRows * int64(horizon.Max-horizon.Min+1)}
		}
		return mix
	}
	parts, ok := p.Parts[suite]
	if !ok {
		parts = p.Parts[""]
	}
	mix := make([]suites.Part, len(parts))
	for k, part := range parts {
		fam := part.Family
		if part.Task {
			fam = p.Readings[reading][fam]
		}
		mix[k] = suites.Part{Family: fam, Count: part.Count, Horizon: part.Horizon}
		if group > 1 {
			mix[k].Count = (mix[k].Count + int64(group) - 1) / int64(group) * int64(group)
		}
	}
	return mix
}

// Fitted returns the mix of a CellRows preset once the horizons each
// family allows are known (found, as suites.Fit returns them): each part
// of mix CellRows rows at each horizon of the range horizon its family
// cycles through, so that every family x horizon cell holds exactly
// CellRows. Other presets' mixes are returned as they are.
func (p *Preset) Fitted(mix []suites.Part, found [][]int, horizon suites.Range) []suites.Part {
	if p.CellRows == 0 {
		return mix
	}
	out := slices.Clone(mix)
	for k := range out {
		fi := out[k].Family
		n := horizon.Max - horizon.Min + 1
		if fi < len(found) && found[fi] != nil {
			n = 0
			for h := horizon.Min; h <= horizon.Max; h++ {
				if slices.Contains(found[fi], h) {
					n++
				}
			}
			n = max(n, 1) // a family given the smallest horizon above the range
		}
		out[k].Count = p.CellRows * int64(n)
	}
	return out
}
