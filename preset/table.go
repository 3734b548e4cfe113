package preset

import (
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// presets are the ready-made mixes, in the order gen lists them.
var presets = []Preset{
	{
		// The seed paper's synthetic counts per built-in family
		// (checkboxes, slider_checkboxes, radio_textboxes).
		Name:     "paper",
		Families: forms.Paper(),
		Fixes:    "the families and counts (the seed paper's synthetic sizes on checkboxes, slider_checkboxes and radio_textboxes)",
		Parts: map[string][]Part{
			// Short plans of the paper's Task 1-3, then long ones.
			"future_state": {
				{Family: 0, Task: true, Count: 960, Horizon: suites.Range{Min: 1, Max: 2}},
				{Family: 1, Task: true, Count: 1336, Horizon: suites.Range{Min: 1, Max: 2}},
				{Family: 2, Task: true, Count: 1062, Horizon: suites.Range{Min: 1, Max: 2}},
				{Family: 0, Task: true, Count: 960, Horizon: suites.Range{Min: 3, Max: 4}},
				{Family: 1, Task: true, Count: 1816, Horizon: suites.Range{Min: 3, Max: 4}},
				{Family: 2, Task: true, Count: 1062, Horizon: suites.Range{Min: 3, Max: 4}},
			},
			"edge_case": {{Family: 0, Count: 531}, {Family: 1, Count: 500}, {Family: 2, Count: 499}},
			"":          {{Family: 0, Count: 510}, {Family: 1, Count: 510}, {Family: 2, Count: 510}},
		},
		// The appendix reads Task k as built-in family k; the figures show
		// slider and checkbox plans for Tasks 1 and 2, labelled checkboxes
		// for Task 3.
		Readings: map[string][]int{
			"appendix": {0, 1, 2},
			"figures":  {1, 1, 0},
		},
		HorizonFixed: "1-2 and 3-4, as the paper's short and long plans",
	},
	{
		// 1,000 rows a cell: a 95% interval on an accuracy is then at most
		// ±3.1 points (1.96 x sqrt(0.25/1000)), whatever the accuracy.
		Name:            "long",
		DefaultFamilies: forms.Long(),
		Horizon:         suites.Range{Min: 1, Max: suites.MaxHorizon},
		CellRows:        1000,
	},
}
