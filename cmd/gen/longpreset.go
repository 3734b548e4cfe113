package main

import (
	"slices"

	"github.com/formplan/formplan/suites"
)

// longCellRows is how many rows --preset long gives each family x horizon
// cell: at 1,000 a 95% interval on an accuracy is at most ±3.1 points
// (1.96 x sqrt(0.25/1000)), whatever the accuracy.
const longCellRows = 1000

// longMix returns --preset long's mix for a spec over families, before
// Fit: one part per family, as many rows as longCellRows at every horizon
// of the spec's range. fitLongMix then keeps the horizons each family
// allows.
func longMix(sp *suites.Spec) []suites.Part {
	lo, hi := sp.HorizonMin, sp.HorizonMax
	mix := make([]suites.Part, len(sp.Families))
	for k := range mix {
		mix[k] = suites.Part{Family: k, Count: longCellRows * int64(hi-lo+1)}
	}
	return mix
}

// fitLongMix sets each part of a fitted --preset long mix to longCellRows
// rows at each horizon its family cycles through (sp.Horizons), so that
// every family x horizon cell holds exactly longCellRows.
func fitLongMix(sp *suites.Spec) {
	lo, hi := sp.HorizonMin, sp.HorizonMax
	for k := range sp.Mix {
		fi := sp.Mix[k].Family
		n := hi - lo + 1
		if fi < len(sp.Horizons) && sp.Horizons[fi] != nil {
			n = 0
			for h := lo; h <= hi; h++ {
				if slices.Contains(sp.Horizons[fi], h) {
					n++
				}
			}
			n = max(n, 1) // a family given the smallest horizon above the range
		}
		sp.Mix[k].Count = longCellRows * int64(n)
	}
}
