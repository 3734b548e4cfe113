package score

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/generate"
	"github.com/formplan/formplan/suites"
)

// load writes every suite, 24 questions each, under protocol into a new
// directory (no pictures) and loads it.
func load(t *testing.T, protocol string) *Dataset {
	t.Helper()
	dir := t.TempDir()
	for _, name := range suites.Names() {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: 2, Families: forms.Builtins(), Protocol: protocol, Mix: suites.Even(24, 3)}
		if protocol == suites.Paper && s.PaperHorizon[0] > 0 {
			spec.HorizonMin, spec.HorizonMax = s.PaperHorizon[0], s.PaperHorizon[1]
		}
		if err := suites.Fit(s, &spec, false); err != nil {
			t.Fatal(err)
		}
		plan := generate.Plan{Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec, Version: "test"}
		if _, err := generate.Run(context.Background(), plan); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestResponders(t *testing.T) {
	for _, protocol := range []string{"", suites.Paper} {
		d := load(t, protocol)
		if len(d.Order) != 24*len(suites.Names()) {
			t.Fatalf("%d questions", len(d.Order))
		}
		var replies []Reply
		for _, r := range Responders {
			rs, err := Respond(d, r, 1)
			if err != nil {
				t.Fatal(err)
			}
			replies = append(replies, rs...)
		}
		results, err := Score(d, replies)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range Breakdown(results, []string{"suite", "family", "horizon", "order"}) {
			if c.Unparsed != 0 {
				t.Errorf("%s %v: %d unparsed", c.Model, c.Key, c.Unparsed)
			}
			if c.Model == "oracle" && c.Correct != c.N {
				t.Errorf("oracle %v: %d of %d", c.Key, c.Correct, c.N)
			}
			// Always Picture 1 is right exactly when the earlier picture
			// comes first: the whole order gap.
			if c.Model == "always-A" && c.Key["suite"] == "temporal_order" {
				want := map[string]int{suites.EarlierFirst: c.N, suites.LaterFirst: 0}[c.Key["order"]]
				if c.Correct != want {
					t.Errorf("always-A %v: %d of %d right", c.Key, c.Correct, c.N)
				}
			}
		}
	}
}

func TestScoreErrors(t *testing.T) {
	d := &Dataset{ByID: map[string]*Question{}}
	if _, err := Score(d, []Reply{{ID: "nope", Response: "A"}}); err == nil || !strings.Contains(err.Error(), "no row with id nope") {
		t.Errorf("unknown id: %v", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"{\"id\": \"x\", \"response\": \"A\"}\nnot json\n", "replies.jsonl:2"},
		{"{\"response\": \"A\"}\n", "no id"},
	} {
		if _, err := ReadReplies(strings.NewReader(tc.in), "replies.jsonl", "m"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadReplies(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
	rs, err := ReadReplies(strings.NewReader("{\"id\": \"x\", \"response\": \"A\"}\n\n{\"id\": \"y\", \"response\": \"B\", \"model\": \"other\"}\n"), "f", "default")
	if err != nil || len(rs) != 2 || rs[0].Model != "default" || rs[1].Model != "other" {
		t.Errorf("ReadReplies: %+v, %v", rs, err)
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n     int
		lo, high float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.high) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.high)
		}
	}
}
