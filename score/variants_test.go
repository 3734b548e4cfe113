package score

import (
	"context"
	"math"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/suites"
)

// variantData writes groups questions of edge_case with four options,
// each a variant group of three rows, without pictures (the pipeline
// writes the rows and their looks; score needs no picture), and loads
// them.
func variantData(t *testing.T, groups int64) *Dataset {
	t.Helper()
	dir := t.TempDir()
	s, _ := suites.Lookup("edge_case")
	fams := forms.Paper()
	spec := suites.Spec{Seed: 9, Families: fams, Choices: 4, Mix: suites.Even(groups, len(fams))}
	var err error
	if spec.Horizons, err = suites.Fit(s, &spec, false); err != nil {
		t.Fatal(err)
	}
	plan := pipeline.Plan{Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec, Version: "test",
		Variants: pipeline.Variants{N: 3, Scale: 1}}
	if _, err := pipeline.Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Order) != int(3*groups) {
		t.Fatalf("%d rows for %d groups of 3", len(d.Order), groups)
	}
	return d
}

// pooled adds up the variant cells of run model into one.
func pooled(t *testing.T, cells []VariantCell, model string) (groups, rows, worst int, mean float64) {
	t.Helper()
	for _, c := range cells {
		if c.Model != model {
			continue
		}
		groups += c.Groups
		rows += c.Rows
		worst += c.Worst.Correct
		mean += c.Mean.Value * float64(c.Rows)
	}
	return groups, rows, worst, mean / float64(rows)
}

// TestVariantScores scores responders on 3,000 groups of three rows
// with four options each: the oracle's worst case is 100%; a uniform
// guess on every row, independently, is right on a whole group with
// odds of exactly (1/4)^3, which its worst case's interval holds (and
// 1/4 its mean's); always-A, which answers a group's rows alike as their
// text is alike, has a worst case equal to its mean.
func TestVariantScores(t *testing.T) {
	const groups = 3000
	d := variantData(t, groups)
	var replies []Reply
	for _, r := range []string{"oracle", "random", "always-A"} {
		rs, err := Respond(d, r, 5, false)
		if err != nil {
			t.Fatal(err)
		}
		replies = append(replies, rs...)
	}
	tally := NewTally(d, []string{"suite"}, false)
	for _, r := range replies {
		if _, err := tally.Add(r, "test"); err != nil {
			t.Fatal(err)
		}
	}
	cells := tally.Summary().Variants
	for _, c := range cells {
		if c.Rows != 3*c.Groups || c.Options != 4 || c.Suite != "edge_case" {
			t.Fatalf("cell %+v", c)
		}
		if c.Model == "oracle" && (c.Worst.Correct != c.Groups || c.Mean.Value != 1) {
			t.Errorf("oracle on %s at horizon %d: worst %d of %d groups, mean %g", c.Family, c.Horizon, c.Worst.Correct, c.Groups, c.Mean.Value)
		}
		if c.Model == "always-A" && math.Abs(c.Worst.Accuracy-c.Mean.Value) > 1e-12 {
			t.Errorf("always-A on %s at horizon %d: worst %g, mean %g", c.Family, c.Horizon, c.Worst.Accuracy, c.Mean.Value)
		}
	}
	n, rows, worst, mean := pooled(t, cells, "random")
	if n != groups || rows != 3*groups {
		t.Fatalf("random answered %d groups, %d rows", n, rows)
	}
	exact := math.Pow(0.25, 3)
	t.Logf("random: worst case %d of %d groups, mean %.4f over %d rows", worst, n, mean, rows)
	lo, hi := Wilson(worst, n)
	if exact < lo || exact > hi {
		t.Errorf("random's worst case %d of %d groups, [%.4f, %.4f], does not hold (1/4)^3 = %.4f", worst, n, lo, hi, exact)
	}
	if mlo, mhi := wilsonAt(mean, n); 0.25 < mlo || 0.25 > mhi {
		t.Errorf("random's mean %.4f, [%.4f, %.4f], does not hold 1/4", mean, mlo, mhi)
	}
	if hi-lo > 0.012 {
		t.Errorf("the worst case's interval [%.4f, %.4f] is too wide to tell (1/4)^3 from (1/4)^2", lo, hi)
	}
}

// TestVariantScoresLeaveOutPartGroups answers one row of a group fewer:
// that group is not scored, the others are.
func TestVariantScoresLeaveOutPartGroups(t *testing.T) {
	d := variantData(t, 12)
	replies, err := Respond(d, "oracle", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	tally := NewTally(d, []string{"suite"}, false)
	for _, r := range replies[1:] {
		if _, err := tally.Add(r, "test"); err != nil {
			t.Fatal(err)
		}
	}
	if n, rows, worst, _ := pooled(t, tally.Summary().Variants, "oracle"); n != 11 || rows != 33 || worst != 11 {
		t.Errorf("%d groups, %d rows, %d right, want 11, 33, 11", n, rows, worst)
	}
}

func TestWilsonAt(t *testing.T) {
	for _, c := range []struct{ k, n int }{{0, 10}, {3, 10}, {10, 10}, {47, 3000}} {
		lo, hi := Wilson(c.k, c.n)
		alo, ahi := wilsonAt(float64(c.k)/float64(c.n), c.n)
		if lo != alo || hi != ahi {
			t.Errorf("%d of %d: Wilson [%g, %g], wilsonAt [%g, %g]", c.k, c.n, lo, hi, alo, ahi)
		}
	}
	if lo, hi := wilsonAt(0.5, 0); lo != 0 || hi != 1 {
		t.Errorf("no trials: [%g, %g]", lo, hi)
	}
}
