package score

import (
	"errors"
	"math"
	"testing"
)

// tally adds replies under source names to a new Tally of d by dims.
func tally(t *testing.T, d *Dataset, dims []string, sources map[string][]Reply, order ...string) *Summary {
	t.Helper()
	tl := NewTally(d, dims, false)
	for _, name := range order {
		for _, r := range sources[name] {
			if _, err := tl.Add(r, name); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tl.Summary()
}

// restyle returns replies with prompt style set.
func restyle(rs []Reply, style string) []Reply {
	out := make([]Reply, len(rs))
	for k, r := range rs {
		r.PromptStyle = style
		out[k] = r
	}
	return out
}

// TestNoPooling scores the same model's replies under two prompt styles:
// every suite has a cell per style, each over the suite's questions once,
// never one cell over both.
func TestNoPooling(t *testing.T) {
	d := load(t, "")
	rs, err := Respond(d, "random", 4, false)
	if err != nil {
		t.Fatal(err)
	}
	s := tally(t, d, []string{"suite"}, map[string][]Reply{"instruct.jsonl": restyle(rs, "instruct"), "cot.jsonl": restyle(rs, "cot")}, "instruct.jsonl", "cot.jsonl")
	perSuite := map[string]int{}
	for _, c := range s.Cells {
		perSuite[c.Key["suite"]]++
		if c.N != 24 {
			t.Errorf("%s %s: n=%d, want the suite's 24 questions", c.Key["suite"], c.PromptStyle, c.N)
		}
	}
	for suite, n := range perSuite {
		if n != 2 {
			t.Errorf("%s: %d cells, want one per prompt style", suite, n)
		}
	}
	if len(s.Overall) != 2 || len(s.Answered) != 2 {
		t.Errorf("%d overall rows and %d runs, want 2", len(s.Overall), len(s.Answered))
	}
}

func TestDuplicate(t *testing.T) {
	d := load(t, "")
	rs, err := Respond(d, "always-A", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		sources [][2]any // name, replies
		first   string
	}{
		{"one file twice over", [][2]any{{"a.jsonl", append(rs[:3:3], rs[1])}}, "a.jsonl"},
		{"two files", [][2]any{{"a.jsonl", rs[:3]}, {"b.jsonl", rs[2:4]}}, ""},
	} {
		tl := NewTally(d, nil, false)
		var dup *DuplicateError
		for _, src := range tc.sources {
			for _, r := range src[1].([]Reply) {
				if _, err := tl.Add(r, src[0].(string)); err != nil && !errors.As(err, &dup) {
					t.Fatal(err)
				}
			}
		}
		if dup == nil || dup.First != tc.first || dup.Second != tc.sources[len(tc.sources)-1][0] {
			t.Errorf("%s: %+v", tc.name, dup)
		}
	}
	// Another rotation, or another prompt style, is no repeat.
	q := d.Order[0]
	tl := NewTally(d, nil, false)
	for _, r := range []Reply{{ID: q.ID, Response: "A", Model: "m"}, {ID: q.ID, Response: "A", Model: "m", Rotation: 1},
		{ID: q.ID, Response: "A", Model: "m", PromptStyle: "cot"}} {
		if _, err := tl.Add(r, "x"); err != nil {
			t.Error(err)
		}
	}
	if _, err := tl.Add(Reply{ID: q.ID, Response: "B", Model: "m", Rotation: 1}, "y"); !errors.As(err, new(*DuplicateError)) {
		t.Errorf("a second reply in rotation 1: %v", err)
	}
}

func TestOverall(t *testing.T) {
	d := load(t, "")
	sources := map[string][]Reply{}
	for _, r := range []string{"oracle", "always-A"} {
		rs, err := Respond(d, r, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		sources[r] = rs
	}
	s := tally(t, d, []string{"suite"}, sources, "oracle", "always-A")
	for _, o := range s.Overall {
		var sum float64
		var correct, n int
		for _, c := range s.Suites {
			if c.Model == o.Model {
				sum += c.Accuracy
				correct += c.Correct
				n += c.N
			}
		}
		macro := sum / float64(o.Suites)
		if math.Abs(o.Macro.Value-macro) > 1e-12 || o.Micro.Correct != correct || o.Micro.N != n {
			t.Errorf("%s: overall %+v, want macro %.4f and micro %d of %d", o.Model, o, macro, correct, n)
		}
		if o.Macro.Low > o.Macro.Value || o.Macro.High < o.Macro.Value || o.Micro.Low > o.Micro.Accuracy {
			t.Errorf("%s: the intervals do not hold the estimates: %+v", o.Model, o)
		}
		if o.Model == "oracle" && (o.Macro.Value != 1 || o.Micro.Accuracy != 1 || o.Macro.High != 1 || o.Macro.Low > 0.99 || o.Macro.Low < 0.9) {
			t.Errorf("oracle: %+v", o)
		}
	}
	// The paired test: the oracle is right wherever always-A is, so
	// only the oracle is ever right alone.
	var all *Paired
	for k, p := range s.Paired {
		if p.A.Model != "oracle" || p.B.Model != "always-A" || p.OnlyB != 0 || p.AccuracyA != 1 {
			t.Errorf("paired %+v", p)
		}
		if p.P != McNemar(p.OnlyA, 0) || math.Abs(p.Diff-(p.AccuracyA-p.AccuracyB)) > 1e-12 {
			t.Errorf("paired %+v: p or difference", p)
		}
		if p.Suite == "" {
			all = &s.Paired[k]
		}
	}
	if all == nil || all.P > 1e-6 {
		t.Errorf("over all suites: %+v", all)
	}
}

func TestMcNemar(t *testing.T) {
	for _, tc := range []struct {
		b, c int
		p    float64
	}{
		{0, 0, 1},
		{5, 5, 1},
		{10, 0, 2.0 / 1024},
		{0, 10, 2.0 / 1024},
		{3, 7, 2 * 176.0 / 1024}, // 1 + 10 + 45 + 120 ways of at most 3 of 10
		{1, 1, 1},
		{0, 1, 1},
	} {
		if got := McNemar(tc.b, tc.c); math.Abs(got-tc.p) > 1e-9 {
			t.Errorf("McNemar(%d, %d) = %.6f, want %.6f", tc.b, tc.c, got, tc.p)
		}
	}
}
