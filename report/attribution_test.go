package report

import (
	"strings"
	"testing"

	"github.com/formplan/formplan/score"
)

// TestAttributionTables builds a report of a summary with attribution
// and perception-gap lines: each is a table of the page, written as CSV
// and LaTeX beside it, a line per cell; without them there is neither.
func TestAttributionTables(t *testing.T) {
	rate := func(k, n int) score.Rate {
		lo, hi := score.Wilson(k, n)
		return score.Rate{N: n, Correct: k, Accuracy: float64(k) / float64(n), Low: lo, High: hi}
	}
	s := &score.Summary{
		Attribution: []score.Attribution{{Model: "m", Suite: "edge_case", Family: "checkboxes", Horizon: 2, Pairs: 10,
			Perception: rate(8, 10), Plan: rate(7, 10), GivenRight: rate(7, 8), GivenMisread: score.Rate{High: 1}, ErrorsMisread: rate(2, 3)}},
		PerceptionGaps: []score.PerceptionGap{{Model: "m", Setting: "image", Protocol: "paper", Suite: "edge_case", Family: "checkboxes", Horizon: 2,
			Picture: rate(7, 10), Caption: rate(9, 10), Gap: 0.2, Low: -0.05, High: 0.45}},
	}
	r, err := Build(s, "t", "f")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ file, want string }{
		{"table-attribution.csv", "edge_case,checkboxes,2,m,10,\"80.0% [49.0, 94.3] n=10\",\"87.5% [52.9, 97.8] n=8\",- n=0,\"66.7% [20.8, 93.9] n=3\"\n"},
		{"table-perception-gap.csv", "edge_case,checkboxes,2,m (image) [paper],10,70.0,90.0,+20.0,\"[-5.0, +45.0]\"\n"},
		{"table-attribution.tex", "errors after a misreading"},
		{"table-perception-gap.tex", "caption"},
	}
	for _, c := range cases {
		if got := string(r.File(c.file)); !strings.Contains(got, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.file, c.want, got)
		}
	}
	if page := string(r.Page()); !strings.Contains(page, "Was it the eyes or the plan?") {
		t.Error("the page has no attribution section")
	}
	r, err = Build(&score.Summary{}, "t", "f")
	if err != nil {
		t.Fatal(err)
	}
	if r.File("table-attribution.csv") != nil || strings.Contains(string(r.Page()), "eyes or the plan") {
		t.Error("a summary without pairs has an attribution table")
	}
}
