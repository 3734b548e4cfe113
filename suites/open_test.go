package suites

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// TestLenientIsExact checks next_action's lenient set against a search:
// every action of the vocabulary is in it exactly when, applied and then
// completed by a shortest plan (breadth-first over the vocabulary), it
// reaches the goal in the row's optimal number of steps.
func TestLenientIsExact(t *testing.T) {
	in, out := 0, 0
	for _, q := range rows(t, "next_action") {
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

// blindReader guesses, from a question's text alone (the form's
// structure and the task, not the state), which wants are unmet.
type blindReader struct {
	name  string
	score func(f *forms.Form, g statesim.Goal, k int) float64 // higher: more likely unmet, to this reader
}

var blindReaders = []blindReader{
	{"first wants", func(f *forms.Form, g statesim.Goal, k int) float64 { return -float64(k) }},
	{"last wants", func(f *forms.Form, g statesim.Goal, k int) float64 { return float64(k) }},
	{"wanted checked first", func(f *forms.Form, g statesim.Goal, k int) float64 { return float64(g.Wants[k].Value.N) }},
	{"text and sliders first", func(f *forms.Form, g statesim.Goal, k int) float64 {
		return float64(g.Wants[k].Target.Kind)
	}},
}

// TestOpenBlind runs readers of the text alone on every suite x family x
// horizon cell of the open-ended suites: naming the unmet wants
// (plan_generation's optimal plan) and picking one of them
// (next_action's lenient match) must not beat the rows' own bound,
// Meta.Chance, by more than four standard errors.
func TestOpenBlind(t *testing.T) {
	for _, suite := range []string{"plan_generation", "next_action"} {
		type key struct {
			family, reader string
			h              int
		}
		hits, chance, n := map[key]float64{}, map[key]float64{}, map[key]float64{}
		for _, q := range rows(t, suite) {
			m := decoded(t, q)
			f, g := &m.Form, *m.Goal
			done := map[forms.Ref]bool{}
			for _, a := range m.History {
				done[a.Target] = true
			}
			for _, r := range blindReaders {
				var left []int
				for k, w := range g.Wants {
					if !done[w.Target] {
						left = append(left, k)
					}
				}
				slices.SortStableFunc(left, func(a, b int) int {
					return -cmpFloat(r.score(f, g, a), r.score(f, g, b))
				})
				guess := left[:q.Horizon]
				if suite == "next_action" {
					guess = left[:1]
				}
				hit := true
				for _, k := range guess {
					i, _ := f.Find(g.Wants[k].Target)
					hit = hit && m.Start[i] != g.Wants[k].Value
				}
				c := key{q.Family, r.name, q.Horizon}
				n[c]++
				chance[c] += m.Chance
				if hit {
					hits[c]++
				}
			}
		}
		worst := ""
		gap := math.Inf(-1)
		for c, k := range n {
			p := chance[c] / k
			se := math.Sqrt(p*(1-p)/k) + 1e-9
			z := (hits[c]/k - p) / se
			if z > gap {
				gap, worst = z, fmt.Sprintf("%s %s h%d: %.1f%% vs chance %.1f%% (n=%v)", c.family, c.reader, c.h, 100*hits[c]/k, 100*p, k)
			}
			if z > 4 {
				t.Errorf("%s: %s %s h%d beats chance from the text alone: %.1f%% vs %.1f%%", suite, c.family, c.reader, c.h, 100*hits[c]/k, 100*p)
			}
		}
		t.Logf("%s: %d cells x readers; the largest gap %s (z=%.2f)", suite, len(n), worst, gap)
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
