package suites

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
)

// Spec is what every builder needs besides the index.
type Spec struct {
	Seed     uint64
	Families []forms.Family // questions cycle through them by index
	Choices  int            // options of a multiple-choice question, 2 to 8 (0 means 4)
	// Horizon bounds the horizon (see Suite.Horizon for what it counts in
	// each suite); the zero Range means 1-4.
	Horizon Range
	// Mix, if set, replaces the round robin over Families: question indices
	// run through the parts in order, each part with its own family, count
	// and horizon range.
	Mix []Part
	// Horizons, if set (to what Fit found), lists per family the horizons
	// its questions cycle through (nil for a family: every horizon of the
	// range).
	Horizons [][]int
	// Protocol is "" for formplan's own settings or Paper for the seed
	// paper's.
	Protocol string
}

// Paper is the protocol of the seed paper's synthetic tests. Under it,
// temporal_order asks about the first and last state of a run, in groups
// of four rows (both orders, both formats); future_state pairs plans of
// different lengths in half its rows; plan_shuffle offers the paper's
// fixed reorderings of a 4- or 5-step plan; and every prompt follows the
// paper's structure. Suite.Paper says what changes for each suite.
const Paper = "paper"

// Range is a range of horizons, Min to Max, both included: the one form
// a horizon range takes from the --horizon flag to the builders.
type Range struct{ Min, Max int }

// String writes the range as the --horizon flag takes it: "MIN-MAX".
func (r Range) String() string { return strconv.Itoa(r.Min) + "-" + strconv.Itoa(r.Max) }

// Part is a run of questions of one family within a suite.
type Part struct {
	Family  int   // index into Spec.Families
	Count   int64 // questions in this part
	Horizon Range // the zero Range: the spec's
}

// Even splits n questions over the first families of a spec as evenly as
// possible, the earlier families taking one more when n does not divide.
func Even(n int64, families int) []Part {
	mix := make([]Part, families)
	for k := range mix {
		mix[k] = Part{Family: k, Count: n / int64(families)}
		if int64(k) < n%int64(families) {
			mix[k].Count++
		}
	}
	return mix
}

// Total returns how many questions the mix holds, or -1 without a mix.
func (sp *Spec) Total() int64 {
	if sp.Mix == nil {
		return -1
	}
	var n int64
	for _, p := range sp.Mix {
		n += p.Count
	}
	return n
}

// cell is where a question sits: its family, its horizon, and its index
// among the questions of the same family and horizon (local). Builders
// balance answers over local indices with slot.
type cell struct {
	sp     *Spec
	suite  string
	index  int64
	fam    *forms.Family
	h      int
	local  int64
	family int // index into sp.Families
	member int // the row's place in its group, for suites asked in groups
}

// place returns the cell of question index: families take turns (or follow
// the mix), and within a family the horizons take turns, so every family x
// horizon cell holds as many questions as the others, give or take one.
func (sp *Spec) place(suite string, index int64) cell {
	return sp.placeIn(suite, index, 1, false)
}

// placeIn is place for questions asked in groups of unit rows: index
// counts groups, and every part of the mix holds Count/unit of them. A
// suite without horizon (free) has one cell per family, at horizon 0.
func (sp *Spec) placeIn(suite string, index int64, unit int64, free bool) cell {
	r := sp.horizons()
	fi, famLocal := 0, index
	if sp.Mix == nil {
		nf := int64(len(sp.Families))
		fi, famLocal = int(index%nf), index/nf
	} else {
		rest := index
		for k, p := range sp.Mix {
			if rest < p.Count/unit || k == len(sp.Mix)-1 {
				fi, famLocal = p.Family, rest
				if p.Horizon.Min > 0 {
					r = p.Horizon
				}
				break
			}
			rest -= p.Count / unit
		}
	}
	hs := sp.cycleOf(fi, r)
	if free {
		hs = []int{0}
	}
	n := int64(len(hs))
	return cell{sp: sp, suite: suite, index: index, fam: &sp.Families[fi], family: fi,
		h: hs[famLocal%n], local: famLocal / n}
}

// cycleOf returns the horizons family fi cycles through within r.
func (sp *Spec) cycleOf(fi int, r Range) []int {
	var hs []int
	for h := r.Min; h <= r.Max; h++ {
		if fi < len(sp.Horizons) && sp.Horizons[fi] != nil && !slices.Contains(sp.Horizons[fi], h) {
			continue
		}
		hs = append(hs, h)
	}
	if len(hs) == 0 && fi < len(sp.Horizons) {
		// Fit gave the family the smallest horizon it allows above the range.
		for _, h := range sp.Horizons[fi] {
			if h > r.Max {
				return []int{h}
			}
		}
	}
	if len(hs) == 0 { // Fit refuses such specs; stay total anyway
		hs = append(hs, r.Min)
	}
	return hs
}

// slot returns a number from 0 to k-1 for the question: within its cell,
// every run of k consecutive local indices takes each number once, in an
// order drawn from the seed. Answers placed by slot are balanced exactly
// in every cell, and no index tells which one a question got.
func (c *cell) slot(salt string, k int) int {
	block := c.local / int64(k)
	rng := Source(c.sp.Seed, c.suite+"/"+salt+"/"+strconv.Itoa(c.family)+"/"+strconv.Itoa(c.h), block)
	return rng.Perm(k)[c.local%int64(k)]
}

func (sp *Spec) choices() int {
	if sp.Choices == 0 {
		return 4
	}
	return sp.Choices
}

// horizons returns the spec's horizon range, 1-4 where it gives none.
func (sp *Spec) horizons() Range {
	r := sp.Horizon
	if r.Min == 0 {
		r.Min = 1
	}
	if r.Max == 0 {
		r.Max = max(r.Min, 4)
	}
	return r
}

// Validate reports a spec no builder can work with.
func (sp *Spec) Validate() error {
	if len(sp.Families) == 0 {
		return errors.New("suites: no families selected")
	}
	if sp.Protocol != "" && sp.Protocol != Paper {
		return fmt.Errorf("suites: protocol %q: want none or %q", sp.Protocol, Paper)
	}
	if c := sp.choices(); c < 2 || c > len(question.Letters) {
		return fmt.Errorf("suites: %d choices: want 2 to %d", c, len(question.Letters))
	}
	if r := sp.horizons(); r.Min < 1 || r.Max < r.Min || r.Max > MaxHorizon {
		return fmt.Errorf("suites: horizon %d-%d: want 1 <= MIN <= MAX <= %d", r.Min, r.Max, MaxHorizon)
	}
	for k, p := range sp.Mix {
		if p.Family < 0 || p.Family >= len(sp.Families) || p.Count < 0 {
			return fmt.Errorf("suites: mix part %d: family %d, count %d out of range", k, p.Family, p.Count)
		}
		if h := p.Horizon; h.Min != 0 && (h.Min < 1 || h.Max < h.Min || h.Max > MaxHorizon) {
			return fmt.Errorf("suites: mix part %d: horizon %d-%d: want 1 <= MIN <= MAX <= %d", k, h.Min, h.Max, MaxHorizon)
		}
	}
	return nil
}

// MaxHorizon is the longest horizon a spec may ask for.
const MaxHorizon = 12
