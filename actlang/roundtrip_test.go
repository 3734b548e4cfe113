package actlang

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// canonical returns plan with every reference that resolves on f replaced
// by f.RefOf, as the parser returns references.
func canonical(f *forms.Form, plan []statesim.Action) []statesim.Action {
	out := make([]statesim.Action, len(plan))
	for k, a := range plan {
		if i, err := f.Find(a.Target); err == nil {
			a.Target = f.RefOf(i)
		}
		out[k] = a
	}
	return out
}

// specsFor returns the specs questions of suite s are drawn from: every
// built-in family at 4 options and horizons 1-4, and at 6 options the
// families that can give them.
func specsFor(t *testing.T, s suites.Suite) []*suites.Spec {
	t.Helper()
	four := &suites.Spec{Seed: 1, Families: forms.Defaults(), Choices: 4, Horizon: suites.Range{Min: 1, Max: 4}}
	var err error
	if four.Horizons, err = suites.Fit(s, four, false); err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	// Fit each family alone: a family that cannot give 6 options would
	// make Fit search every horizon for all of them.
	var fams []forms.Family
	for _, fam := range forms.Defaults() {
		one := &suites.Spec{Seed: 2, Families: []forms.Family{fam}, Choices: 6, Horizon: suites.Range{Min: 1, Max: 4}}
		if _, err := suites.Fit(s, one, false); err == nil {
			fams = append(fams, fam)
		}
	}
	if len(fams) == 0 {
		return []*suites.Spec{four}
	}
	six := &suites.Spec{Seed: 2, Families: fams, Choices: 6, Horizon: suites.Range{Min: 1, Max: 4}}
	if six.Horizons, err = suites.Fit(s, six, false); err != nil {
		t.Fatalf("%s at 6 options: %v", s.Name, err)
	}
	return []*suites.Spec{four, six}
}

// TestRoundTrip reads back every plan of 10,000 questions (1,000 in short
// mode) of every suite and built-in family, worded as suites.PlanText and
// suites.PlanPDDL word them, and every step of them as a next action in
// the formats next_action asks for.
func TestRoundTrip(t *testing.T) {
	total := 10000
	if testing.Short() {
		total = 1000
	}
	all := suites.DrawnSuites()
	var questions, plans, steps, parsing atomic.Int64
	start := time.Now()
	t.Run("suites", func(t *testing.T) {
		for k, s := range all {
			n := total / len(all)
			if k < total%len(all) {
				n++
			}
			t.Run(s.Name, func(t *testing.T) {
				t.Parallel()
				specs := specsFor(t, s)
				for i := 0; i < n; i++ {
					sp := specs[0]
					if len(specs) > 1 && i%6 == 5 {
						sp = specs[1] // a sixth of the questions at 6 options
					}
					q, err := s.Build(sp, int64(i))
					if err != nil {
						t.Fatal(err)
					}
					questions.Add(1)
					f := &q.Meta.Form
					for _, plan := range q.Meta.Plans {
						plans.Add(1)
						steps.Add(int64(len(plan)))
						t0 := time.Now()
						checkPlan(t, f, plan, fmt.Sprintf("%s %d", s.Name, i))
						parsing.Add(int64(time.Since(t0)))
					}
				}
			})
		}
	})
	t.Logf("%d questions, %d plans, %d steps (each read as English, PDDL and two next-action formats) in %v, %v of it reading",
		questions.Load(), plans.Load(), steps.Load(), time.Since(start).Round(time.Millisecond),
		time.Duration(parsing.Load()).Round(time.Millisecond))
}

// checkPlan reads plan back in every wording.
func checkPlan(t *testing.T, f *forms.Form, plan []statesim.Action, where string) {
	t.Helper()
	want := canonical(f, plan)
	for _, reply := range []string{suites.PlanText(f, plan), suites.PlanPDDL(f, plan)} {
		p := ParsePlan(f, reply)
		if !p.OK() {
			t.Fatalf("%s: %q: not read: err %v, unparsed %v", where, reply, p.Err, p.Unparsed)
		}
		if got := p.Actions(); !slices.Equal(got, want) {
			t.Fatalf("%s: %q:\n got %v\nwant %v", where, reply, got, want)
		}
	}
	for k, a := range plan {
		for _, format := range []string{suites.FormatText, suites.FormatJSON} {
			reply := suites.ActionReply(f, a, format)
			n, err := ParseNext(f, reply)
			if err != nil || n.Action == nil || *n.Action != want[k] {
				t.Fatalf("%s: next action %q: got %+v, %v; want %v", where, reply, n.Action, err, want[k])
			}
		}
	}
}
