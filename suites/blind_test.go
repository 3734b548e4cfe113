package suites

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// A blind baseline answers from the options' structure alone, never looking
// at the state. It returns a score per option; the highest wins, ties at
// random.
type blind func(q Question) []float64

func steps(q Question, j int) []statesim.Action {
	p := q.Meta.Plans[j]
	return p[:len(p)-1] // without the final Submit
}

var mcqBaselines = map[string]blind{
	"longest plan": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 { return float64(len(q.Meta.Plans[j])) })
	},
	"shortest plan": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 { return -float64(len(q.Meta.Plans[j])) })
	},
	"longest text": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 { return float64(len(q.Choices[j])) })
	},
	"shortest text": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 { return -float64(len(q.Choices[j])) })
	},
	"most steps in common with the others": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 {
			n := 0
			for k := range q.Choices {
				if k != j {
					a, b := steps(q, j), steps(q, k)
					for i := range min(len(a), len(b)) {
						if a[i] == b[i] {
							n++
						}
					}
				}
			}
			return float64(n)
		})
	},
	"per-position majority": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 {
			n := 0
			for i, a := range steps(q, j) {
				agree := 0
				for k := range q.Choices {
					if b := steps(q, k); i < len(b) && b[i] == a {
						agree++
					}
				}
				if 2*agree > len(q.Choices) {
					n++
				}
			}
			return float64(n)
		})
	},
	"enter or clear always works": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 {
			n := 0
			for _, a := range steps(q, j) {
				if a.Op == statesim.Enter || a.Op == statesim.Clear {
					n++
				}
			}
			return float64(n)
		})
	},
	"fewest repeated steps": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 {
			a := steps(q, j)
			n := 0
			for k := range a {
				if slices.Contains(a[:k], a[k]) {
					n++
				}
			}
			return -float64(n)
		})
	},
	"fewest steps the task text rules out": func(q Question) []float64 {
		return scoreEach(q, func(j int) float64 { return -float64(contradictions(q, j)) })
	},
	"the others are the paper's permutations of it": func(q Question) []float64 {
		paper := map[int][][]int{
			4: {{3, 2, 1, 0}, {3, 2, 0, 1}, {2, 3, 1, 0}},
			5: {{4, 3, 2, 1, 0}, {4, 3, 2, 0, 1}, {3, 2, 1, 0, 4}},
		}
		return scoreEach(q, func(j int) float64 {
			n := 0
			a := steps(q, j)
			for _, perm := range paper[len(a)] {
				p := make([]statesim.Action, len(a))
				for i, from := range perm {
					p[i] = a[from]
				}
				for k := range q.Choices {
					if k != j && slices.Equal(steps(q, k), p) {
						n++
					}
				}
			}
			return float64(n)
		})
	},
}

// contradictions counts the steps of option j that the task text alone rules
// out: a box checked that the task wants unchecked (or the reverse), a radio
// button selected that is not the wanted one, text put into a box the task
// does not name or with another value, the slider set to another value, or an
// element the form does not have. A model reading only the task and the
// options could avoid these without seeing the picture.
func contradictions(q Question, j int) int {
	f := &q.Meta.Form
	want := map[int]statesim.Value{}
	for _, w := range q.Meta.Goal.Wants {
		if i, err := f.Find(w.Target); err == nil {
			want[i] = w.Value
		}
	}
	n := 0
	for _, a := range steps(q, j) {
		i, err := f.Find(a.Target)
		if err != nil {
			n++
			continue
		}
		w, named := want[i]
		switch a.Op {
		case statesim.Check, statesim.Uncheck:
			if named && (w.N == 1) != (a.Op == statesim.Check) {
				n++
			}
		case statesim.Select:
			if !named {
				n++
			}
		case statesim.Set:
			if named && w.N != a.N {
				n++
			}
		case statesim.Type, statesim.Enter:
			if !named || (a.Op == statesim.Enter && w.S != a.Text) || !strings.HasSuffix(w.S, a.Text) {
				n++
			}
		}
	}
	return n
}

func scoreEach(q Question, f func(j int) float64) []float64 {
	s := make([]float64, len(q.Choices))
	for j := range s {
		s[j] = f(j)
	}
	return s
}

func pickBest(scores []float64, rng *rand.Rand) int {
	best, ties := -1, 0
	for j, s := range scores {
		switch {
		case best < 0 || s > scores[best]:
			best, ties = j, 1
		case s == scores[best]:
			ties++
			if rng.IntN(ties) == 0 {
				best = j
			}
		}
	}
	return best
}

// TestBlindBaselines fails if any structural shortcut beats chance by more
// than 5 points on thousands of rows per suite.
func TestBlindBaselines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, suite := range []string{"edge_case", "plan_shuffle", "plan_semantic"} {
		qs := rows(t, suite)
		chance := 1 / float64(len(qs[0].Choices))
		for _, name := range slices.Sorted(maps.Keys(mcqBaselines)) { // in one order: ties draw from rng
			b := mcqBaselines[name]
			hits := map[string]int{}
			for _, q := range qs {
				if pickBest(b(q), rng) == q.AnswerIdx {
					hits[""]++
					hits[q.Family]++
				}
			}
			acc := float64(hits[""]) / float64(len(qs))
			t.Logf("%s / %s: %.1f%% (chance %.1f%%) %v", suite, name, 100*acc, 100*chance, hits)
			if ceiling, known := textOnlyKnownGap(suite, name); known {
				if acc > ceiling {
					t.Errorf("%s: %q scores %.1f%%, above the %.0f%% it is held to", suite, name, 100*acc, 100*ceiling)
				}
				continue
			}
			if acc > chance+0.05 {
				t.Errorf("%s: blind baseline %q scores %.1f%%, chance is %.1f%%", suite, name, 100*acc, 100*chance)
			}
		}
	}
	yesNo := map[string]func(q Question) bool{
		"same actions means Yes": func(q Question) bool {
			return sameActions(q.Meta.Plans[0], q.Meta.Plans[1])
		},
		"same length means Yes": func(q Question) bool { return len(q.Meta.Plans[0]) == len(q.Meta.Plans[1]) },
		"mostly the same steps means Yes": func(q Question) bool {
			same := 0
			for i := range q.Meta.Plans[0] {
				if q.Meta.Plans[0][i] == q.Meta.Plans[1][i] {
					same++
				}
			}
			return 2*same > len(q.Meta.Plans[0])
		},
		"a shared final step means Yes": func(q Question) bool {
			a, b := q.Meta.Plans[0], q.Meta.Plans[1]
			return a[len(a)-2] == b[len(b)-2]
		},
		"an Enter or Set in both means Yes": func(q Question) bool {
			abs := func(p []statesim.Action) bool {
				for _, a := range p {
					if a.Op == statesim.Enter || a.Op == statesim.Set || a.Op == statesim.Check || a.Op == statesim.Uncheck {
						return true
					}
				}
				return false
			}
			return abs(q.Meta.Plans[0]) && abs(q.Meta.Plans[1])
		},
	}
	qs := rows(t, "future_state")
	for name, says := range yesNo {
		hits := 0
		for _, q := range qs {
			if says(q) == (q.Answer == "Yes") {
				hits++
			}
		}
		acc := float64(hits) / float64(len(qs))
		t.Logf("future_state / %s: %.1f%%", name, 100*acc)
		if acc > 0.55 {
			t.Errorf("future_state: blind baseline %q scores %.1f%%, chance is 50%%", name, 100*acc)
		}
	}
	hits := 0
	for _, q := range rows(t, "temporal_order") {
		if strings.HasSuffix(q.Choices[q.AnswerIdx], "1") {
			hits++
		}
	}
	if acc := float64(hits) / float64(3*perFamily); acc > 0.55 {
		t.Errorf("temporal_order: always Picture 1 scores %.1f%%", 100*acc)
	}
}

// TestBlindBaselinesOtherChoices runs the structural baselines at other
// option counts than the default, where the option sets are built
// differently (more positions, several mistakes at one position). The
// task-text baseline is held to chance up to 4 options and only logged past
// that, where edge_case on radio_textboxes falls back on mistakes the words
// rule out (see README), and for plan_semantic, where it beats chance by
// design.
func TestBlindBaselinesOtherChoices(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, n := range []int{2, 3, 6, 8} {
		sp := &Spec{Seed: 13, Families: forms.Builtins(), Choices: n}
		for _, suite := range []string{"edge_case", "plan_shuffle", "plan_semantic"} {
			s, _ := Lookup(suite)
			var qs []Question
			for i := int64(0); i < 1200; i++ {
				q, err := s.Build(sp, i)
				if err != nil {
					t.Fatal(err)
				}
				qs = append(qs, q)
			}
			chance := 1 / float64(n)
			for _, name := range slices.Sorted(maps.Keys(mcqBaselines)) { // in one order: ties draw from rng
				b := mcqBaselines[name]
				hits := 0
				for _, q := range qs {
					if pickBest(b(q), rng) == q.AnswerIdx {
						hits++
					}
				}
				acc := float64(hits) / float64(len(qs))
				if name == "fewest steps the task text rules out" && (suite == "plan_semantic" || n > 4) {
					t.Logf("%d choices, %s / %s: %.1f%% (chance %.1f%%)", n, suite, name, 100*acc, 100*chance)
					continue
				}
				if acc > chance+0.05 {
					t.Errorf("%d choices, %s: blind baseline %q scores %.1f%%, chance is %.1f%%", n, suite, name, 100*acc, 100*chance)
				}
			}
		}
	}
}

// textOnlyKnownGap returns the ceiling of a baseline that beats chance by
// design: plan_semantic's distractors take a step of another task, which
// often names another value than the task does. Where the form allows, the
// builder prefers replacements the words cannot rule out (lookalikes, steps
// the form already shows done), which holds this baseline near 59% (41% on
// checkboxes, 52% on slider_checkboxes, 83% on radio_textboxes, whose tasks
// name two elements only); the ceiling keeps it from creeping back up.
func textOnlyKnownGap(suite, baseline string) (ceiling float64, known bool) {
	if suite == "plan_semantic" && baseline == "fewest steps the task text rules out" {
		return 0.63, true
	}
	return 0, false
}
