package suites

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

// The open-ended suites (plan_generation, next_action) ask for a plan or
// an action instead of a choice. Their start states follow the same rule
// as the candidates of a multiple-choice question: the text shows the
// task, and which of its wants the pictured state misses is a subset drawn
// uniformly among those of the horizon's size, independently of anything
// the text shows. A shortest plan acts on exactly the missed wants (each
// takes one action and no action fixes two: see statesim.Goal.Unmet), so a
// reader of the text alone names the right set with probability at most
// 1/C(W, h) for W wants and horizon h, even knowing h: that bound is the
// row's Meta.Chance.

// OpenStart returns a start state of f in which exactly the wants of g at
// the indices in miss are unmet: wants met hold their value, missed wants
// a value drawn among the others the element can show (a text box: empty,
// another text of the form, or the start of the wanted text), and elements
// the task does not name a random state.
func OpenStart(f *forms.Form, g statesim.Goal, miss []int, rng *rand.Rand) statesim.State {
	s := statesim.RandomState(f, rng, 0.5)
	missed := make([]bool, len(g.Wants))
	for _, k := range miss {
		missed[k] = true
	}
	for k, w := range g.Wants {
		i, _ := f.Find(w.Target) // a drawn task names elements of f
		e := &f.Elements[i]
		switch e.Kind {
		case forms.Radio:
			members := f.Members(e.Group)
			for _, m := range members {
				s[m].N = 0
			}
			if !missed[k] {
				s[i].N = 1
				continue
			}
			// Another button of the group, or none selected.
			others := make([]int, 0, len(members))
			for _, m := range members {
				if m != i {
					others = append(others, m)
				}
			}
			if x := rng.IntN(len(others) + 1); x < len(others) {
				s[others[x]].N = 1
			}
		case forms.Checkbox:
			s[i].N = w.Value.N
			if missed[k] {
				s[i].N = 1 - w.Value.N
			}
		case forms.Slider:
			s[i].N = w.Value.N
			if missed[k] {
				positions := (e.Max-e.Min)/e.Step + 1
				v := e.Min + e.Step*rng.IntN(positions-1)
				if v >= w.Value.N {
					v += e.Step // skip the wanted value
				}
				s[i].N = v
			}
		case forms.TextBox:
			s[i].S = w.Value.S
			if missed[k] {
				s[i].S = otherText(f, w.Value.S, rng)
			}
		}
	}
	return s
}

// otherText draws what a text box that misses want shows: empty, another
// text of the form's vocabulary, or the start of want, each kind with
// equal odds where it exists.
func otherText(f *forms.Form, want string, rng *rand.Rand) string {
	var others []string
	for _, v := range f.TextValues {
		if v != want {
			others = append(others, v)
		}
	}
	kinds := []int{0}
	if len(others) > 0 {
		kinds = append(kinds, 1)
	}
	if forms.TextLen(want) > 1 {
		kinds = append(kinds, 2)
	}
	switch kinds[rng.IntN(len(kinds))] {
	case 1:
		return others[rng.IntN(len(others))]
	case 2:
		return forms.TextPrefix(want, 1+rng.IntN(forms.TextLen(want)-1))
	}
	return ""
}

// goldPlan returns a shortest plan (without Submit) from s to g: one
// action per unmet want, as a person reading the picture would take it (a
// click on a wrong box, the slider set to its value, the radio button
// selected, the missing end of a text typed or the whole text entered),
// in random order but for steps on an enabler, which come first.
func goldPlan(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []statesim.Action {
	plan := make([]statesim.Action, 0, len(g.Wants))
	for _, u := range unmetWants(f, s, g, rng) {
		w, i := u.want, u.index
		if f.Elements[i].Kind == forms.Slider {
			plan = append(plan, directStep(f, i, w)) // set to the value, not moved by the difference
		} else {
			plan = append(plan, fixStep(f, i, s[i], w))
		}
	}
	return EnablersFirst(f, plan)
}

// drawOpenTask draws a form and a task of cell c with more wants than
// missed: at least one want beyond the horizon. It reports false when the
// form drawn cannot give one.
func drawOpenTask(c *cell, rng *rand.Rand) (forms.Form, statesim.Goal, bool) {
	f := c.fam.NewForm(rng)
	wants := perturb.Wants(c.fam, &f, rng)
	if len(wants) < c.h+1 {
		return f, statesim.Goal{}, false
	}
	return f, statesim.NewGoal(&f, wants), true
}

// PlanChance is the bound on a reader of the text alone of a
// plan_generation row whose start misses h of the task's w wants: it names
// the missed ones with probability 1/C(w, h) at most.
func PlanChance(w, h int) float64 { return 1 / binomial(w, h) }

// binomial returns C(n, k), exactly for the small n of a form's wants.
func binomial(n, k int) float64 {
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i // a product of i consecutive numbers divides by i!
	}
	return float64(c)
}

// openQuestion fills what the open-ended suites share: the metadata of
// form f, goal g and the pictured state s, the gold plan (with Submit) as
// the one plan, the task, caption and prompts' question.
func openQuestion(f *forms.Form, g statesim.Goal, s statesim.State, gold []statesim.Action) question.Question {
	var q question.Question
	q.Meta = question.Meta{Form: *f, Start: s, Goal: &g, Pictures: []statesim.State{s}, Optimal: len(gold) - 1}
	q.Meta.Plans = [][]statesim.Action{gold}
	q.Meta.Finals, q.Meta.Valid = finals(f, s, q.Meta.Plans)
	q.Task = g.Text
	q.Caption = statesim.Describe(f, s)
	// The missed wants are one subset of several of their size, each as
	// likely: another start of the family misses another subset, and
	// then this answer is not optimal.
	q.ImageNeeded = true
	return q
}

// SetAction returns the action that meets want w on f from any state
// (where w's element is enabled): check or uncheck a box, set a slider,
// select a radio button, enter a text. It is what a reader of the text
// alone can write without knowing the state.
func SetAction(f *forms.Form, w statesim.Want) statesim.Action {
	i, err := f.Find(w.Target)
	if err != nil {
		return statesim.Action{Target: w.Target}
	}
	return directStep(f, i, w)
}

// openReaders read the open suites' text alone: the surface orders of
// the task's wants, and the exact bound, which guesses the wants the
// text makes most likely missed (MissedOdds).
var openReaders = append(slices.Clone(textonly.Open), textonly.OpenReader{
	Name: "exact bound: the likeliest missed",
	Rank: func(v *textonly.OpenView) []float64 { return MissedOdds(v.Form, v.Goal, v.Taken, v.Horizon) },
})
