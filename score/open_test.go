package score

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// built returns n questions of suite over the built-in families at
// horizons 1-4, with their metadata as a reader of the files decodes it.
func built(t testing.TB, suite string, n int64, choices int) []question.Question {
	t.Helper()
	s, ok := suites.Lookup(suite)
	if !ok {
		t.Fatalf("no suite %s", suite)
	}
	fams := forms.Defaults()
	if choices > 4 {
		fams = fams[:2] // the families whose tasks allow six different options
	}
	sp := &suites.Spec{Seed: 5, Families: fams, Choices: choices, Horizon: suites.Range{Min: 1, Max: 4}}
	var err error
	if sp.Horizons, err = suites.Fit(s, sp, false); err != nil {
		t.Fatal(err)
	}
	out := make([]question.Question, 0, n)
	for i := int64(0); i < n; i++ {
		q, err := s.Build(sp, i)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(q.Meta)
		if err != nil {
			t.Fatal(err)
		}
		q.Meta = question.Meta{}
		if err := json.Unmarshal(raw, &q.Meta); err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	return out
}

// TestGoldScoresOne checks that on plan_generation the gold reply, any
// reordering of it that still runs, and the gold plan with every step
// swapped for another one-step way to meet the same want all score
// success, optimal and efficiency 1; and that next_action's gold reply
// matches strictly and leniently.
func TestGoldScoresOne(t *testing.T) {
	n := int64(5000)
	if testing.Short() {
		n = 500
	}
	rng := rand.New(rand.NewPCG(1, 2))
	reorders, others := 0, 0
	for _, q := range built(t, "plan_generation", n, 4) {
		o := &OpenRow{Meta: q.Meta}
		f := &q.Meta.Form
		check := func(what, reply string) {
			r, ok := ScorePlan(o, reply)
			if !ok || !r.Success || !r.Optimal || r.Efficiency != 1 || !r.Valid || r.Repeats != 0 {
				t.Fatalf("%s %d: %s scores %+v (parsed %v):\n%s", q.Family, q.Index, what, r, ok, reply)
			}
		}
		check("the gold reply", q.Answer)
		gold := q.Meta.Plans[0]
		steps := slices.Clone(gold[:len(gold)-1])
		for range 3 {
			rng.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
			if out, err := statesim.Run(f, q.Meta.Start, steps); err == nil && q.Meta.Goal.Met(f, out.Final) {
				check("a reordering", suites.PlanText(f, steps)) // no Submit: also accepted
				reorders++
			}
		}
		alt := make([]statesim.Action, 0, len(gold))
		for _, a := range gold {
			alt = append(alt, another(f, q.Meta.Start, a))
		}
		check("another shortest plan", suites.PlanPDDL(f, alt))
		others++
	}
	t.Logf("%d gold replies, %d reorderings and %d other shortest plans (in PDDL) score 1", n, reorders, others)
	for _, q := range built(t, "next_action", n/5, 4) {
		o := &OpenRow{Meta: q.Meta}
		r, ok := ScoreNext(o, q.Answer)
		if !ok || !r.Strict || !r.Lenient {
			t.Fatalf("next_action %d: the gold reply %q scores %+v (parsed %v)", q.Index, q.Answer, r, ok)
		}
		for _, a := range q.Meta.Next {
			if r, ok := ScoreNext(o, statesim.English(&q.Meta.Form, a)); !ok || !r.Lenient {
				t.Fatalf("next_action %d: %s of the lenient set scores %+v", q.Index, statesim.English(&q.Meta.Form, a), r)
			}
		}
	}
}

// another returns an action with a's effect from s by another operation
// where there is one: Check or Uncheck for a click on a box, a move for
// setting a slider, a click for selecting a radio button.
func another(f *forms.Form, s statesim.State, a statesim.Action) statesim.Action {
	i, err := statesim.Resolve(f, a)
	if err != nil {
		return a
	}
	switch {
	case a.Op == statesim.Click && a.Target.Kind == forms.Checkbox:
		if s[i].N == 0 {
			return statesim.Action{Op: statesim.Check, Target: a.Target}
		}
		return statesim.Action{Op: statesim.Uncheck, Target: a.Target}
	case a.Op == statesim.Set:
		return statesim.Action{Op: statesim.Move, Target: a.Target, N: a.N - s[i].N}
	case a.Op == statesim.Select:
		return statesim.Action{Op: statesim.Click, Target: a.Target}
	}
	return a
}

// TestDistractorsKeepTheirVerdict feeds every plan of the
// multiple-choice suites back as a plan_generation reply: it succeeds
// (runs, hits Submit and meets the goal) exactly when its option is
// labelled correct, and it is invalid exactly when its label says a step
// cannot be done.
func TestDistractorsKeepTheirVerdict(t *testing.T) {
	per := int64(1700)
	if testing.Short() {
		per = 170
	}
	plans := 0
	for _, suite := range []string{"edge_case", "plan_semantic", "plan_shuffle"} {
		for _, choices := range []int{4, 6} {
			for _, q := range built(t, suite, per, choices) {
				o := &OpenRow{Meta: q.Meta}
				for k, p := range q.Meta.Plans {
					for _, reply := range []string{suites.PlanText(&q.Meta.Form, p), suites.PlanPDDL(&q.Meta.Form, p)} {
						r, ok := ScorePlan(o, reply)
						if !ok {
							t.Fatalf("%s %d option %d does not parse: %v\n%s", suite, q.Index, k, r.Problems, reply)
						}
						label := q.Labels[k]
						if got := r.Valid && r.Submitted && r.Success; got != (label == "correct") {
							t.Fatalf("%s %d option %d labelled %q scores %+v", suite, q.Index, k, label, r)
						}
						if r.Valid == strings.Contains(label, "cannot be done") {
							t.Fatalf("%s %d option %d labelled %q: valid %v", suite, q.Index, k, label, r.Valid)
						}
						plans++
					}
				}
			}
		}
	}
	t.Logf("%d plans (English and PDDL) keep their verdicts", plans)
}

// TestHostileReplies checks that garbage, empty and very long replies
// are unparsed, quickly, and never crash.
func TestHostileReplies(t *testing.T) {
	q := built(t, "plan_generation", 1, 4)[0]
	n := built(t, "next_action", 1, 4)[0]
	replies := map[string]string{
		"empty":          "",
		"spaces":         " \n\t\n ",
		"garbage":        "lorem ipsum dolor sit amet",
		"bytes":          "\x00\xff\xfe(((((\"",
		"long":           strings.Repeat("click the 1st checkbox\n", 100_000),
		"one long line":  strings.Repeat("a", 1<<20),
		"parens":         strings.Repeat("(", 50_000),
		"json garbage":   `{"op": 12, "target": [1,2]}`,
		"huge number":    "set the slider to 99999999999999999999999",
		"two and a half": "1. click the 1st checkbox\nsomething else\n2. submit",
	}
	for name, reply := range replies {
		start := time.Now()
		r, ok := ScorePlan(&OpenRow{Meta: q.Meta}, reply)
		if ok && r.Success {
			t.Errorf("%s: plan scores success", name)
		}
		if name != "huge number" && ok {
			t.Errorf("%s: plan parsed: %+v", name, r)
		}
		x, ok := ScoreNext(&OpenRow{Meta: n.Meta}, reply)
		if ok && x.Lenient {
			t.Errorf("%s: next action scores lenient", name)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
}
