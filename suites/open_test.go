package suites

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// TestLenientIsExact checks next_action's lenient set against a search:
// every action of the vocabulary is in it exactly when, applied and then
// completed by a shortest plan (breadth-first over the vocabulary), it
// reaches the goal in the row's optimal number of steps. The search is
// breadth-first over every state a form can reach, which a long family's
// forms (forms.Long) have far too many of: their rows are left out.
func TestLenientIsExact(t *testing.T) {
	in, out := 0, 0
	for _, q := range rows(t, "next_action") {
		if slices.ContainsFunc(forms.Long(), func(g forms.Family) bool { return g.Name == q.Family }) {
			continue
		}
		m := decoded(t, q)
		f := &m.Form
		e := statesim.NewEngine(f)
		for _, a := range statesim.Vocabulary(f) {
			s, err := statesim.Apply(f, m.Start, a)
			if err != nil {
				t.Fatal(err)
			}
			rest, err := e.Shortest(s, *m.Goal, 0)
			if err != nil {
				t.Fatal(err)
			}
			begins := 1+len(rest) == m.Optimal
			if begins != slices.Contains(m.Next, a) {
				t.Fatalf("%s %d: %s: a shortest completion after it takes %d steps of %d, but lenient set says %v",
					q.Family, q.Index, statesim.English(f, a), len(rest), m.Optimal, !begins)
			}
			if begins {
				in++
			} else {
				out++
			}
		}
		if !slices.Contains(m.Next, m.Plans[0][0]) && m.Plans[0][0].Op != statesim.Enter && m.Plans[0][0].Op != statesim.Type {
			t.Errorf("%s %d: the gold step is not in the lenient set", q.Family, q.Index)
		}
	}
	t.Logf("%d actions in lenient sets, %d outside, all as the search says", in, out)
}

// TestOpenRows checks what every open-ended row promises: the start
// misses exactly horizon wants, fewer than the task has; the gold plan
// takes that many steps and reaches the goal; image_needed holds.
func TestOpenRows(t *testing.T) {
	for _, suite := range []string{"plan_generation", "next_action"} {
		for _, q := range rows(t, suite) {
			m := decoded(t, q)
			f := &m.Form
			h := m.Goal.Unmet(f, m.Start)
			if h != q.Horizon || h != m.Optimal || len(m.Plans[0]) != h+1 {
				t.Fatalf("%s %d: misses %d wants, horizon %d, optimal %d, gold %d steps", suite, q.Index, h, q.Horizon, m.Optimal, len(m.Plans[0]))
			}
			if h+len(m.History) >= len(m.Goal.Wants) {
				t.Fatalf("%s %d: misses every want", suite, q.Index)
			}
			out, err := statesim.Run(f, m.Start, m.Plans[0])
			if err != nil || !out.Submitted || !m.Goal.Met(f, out.Final) {
				t.Fatalf("%s %d: the gold plan fails: %v", suite, q.Index, err)
			}
			if !q.ImageNeeded || q.Choices != nil || q.Answer == "" {
				t.Fatalf("%s %d: image_needed %v, choices %v, answer %q", suite, q.Index, q.ImageNeeded, q.Choices, q.Answer)
			}
		}
	}
}
