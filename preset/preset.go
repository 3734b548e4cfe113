// Package preset holds the ready-made mixes a run can ask for by name
// (--preset) and the protocols it can ask its questions under
// (--protocol), as data beside the suite registry: what each fixes, and
// how many questions it gives each suite x family x horizon.
//
//	p, _ := preset.Lookup("paper")
//	p.Parts["edge_case"] // 531, 500 and 499 questions of the paper's three families
package preset

import (
	"slices"

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
	// range it allows. The counts are the cells', so --n is refused and
	// left out of the recorded flags.
	CellRows int64
	// Parts, if set, are the preset's counts per suite, "" for every
	// suite not named; a suite asked in groups (suites.Suite.Group) takes
	// each count rounded up to whole groups.
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
