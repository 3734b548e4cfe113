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

func init() {
	register(Suite{
		Name:    "edge_case",
		Summary: "Pick the one plan that completes the task from a form knocked off its clean state by 1-3 mistakes.",
		Horizon: "actions before Submit in the correct plan (every option has as many)",
		Paper:   "only the prompts change",
		draw:    drawEdgeCase,

		Readers: textonly.MCQ,

		// Row checks (package verify).
		Pictures: 1,
		Check:    checkEdgeCase,
	})
}

// recoveryPlan returns a plan (without Submit) that takes s to goal g with
// the relative actions a person recovering from the picture would use:
// toggles for wrong boxes, slider moves from the value shown, typing only
// what a partly filled box lacks, clearing or replacing a box that holds
// other text. Steps come in random order, but for those on an enabler,
// which come before the steps on what it enables.
func recoveryPlan(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []statesim.Action {
	var r recovery
	return r.draw(f, s, g, g.Indices(f), rng)
}

// recovery keeps the memory of recovery plans drawn one after another.
type recovery struct {
	plan  []statesim.Action
	unmet []unmet
	perm  []int
}

// draw is recoveryPlan in r's memory, given the wants' elements
// (Goal.Indices): the plan is valid until r's next draw.
func (r *recovery) draw(f *forms.Form, s statesim.State, g statesim.Goal, at []int, rng *rand.Rand) []statesim.Action {
	r.unmet = appendUnmet(r.unmet[:0], &r.perm, at, s, g, rng)
	plan := r.plan[:0]
	for _, u := range r.unmet {
		w, i := u.want, u.index
		switch f.Elements[i].Kind {
		case forms.Checkbox:
			plan = append(plan, statesim.Action{Op: statesim.Click, Target: w.Target})
		case forms.Slider:
			plan = append(plan, statesim.Action{Op: statesim.Move, Target: w.Target, N: w.Value.N - s[i].N})
		case forms.Radio:
			plan = append(plan, statesim.Action{Op: statesim.Select, Target: w.Target})
		case forms.TextBox:
			switch {
			case forms.IsTextPrefix(w.Value.S, s[i].S):
				// Empty, or holding the start of the text: type the rest.
				plan = append(plan, statesim.Action{Op: statesim.Type, Target: w.Target, Text: w.Value.S[len(s[i].S):]})
			case rng.IntN(2) == 0:
				plan = append(plan, statesim.Action{Op: statesim.Clear, Target: w.Target}, statesim.Action{Op: statesim.Type, Target: w.Target, Text: w.Value.S})
			default:
				plan = append(plan, statesim.Action{Op: statesim.Enter, Target: w.Target, Text: w.Value.S})
			}
		}
	}
	r.plan = plan
	return EnablersFirst(f, plan)
}

// drawEdgeCase draws a form and a task, then candidates: each is the clean
// form after 1 to 3 mistakes of its own, with the recovery plan from there
// as its option. Every candidate's plan has the cell's horizon.
func drawEdgeCase(c *cell, rng *rand.Rand) (question.Question, error) {
	if c.h > longestRecovery(c.fam) {
		return question.Question{}, errRetry // no draw could give it: fail at once
	}
	n := c.sp.choices()
	f := c.fam.NewForm(rng)
	clean := statesim.Clean(&f)
	g := statesim.Goal{Wants: perturb.Wants(c.fam, &f, rng)} // worded once the question is kept
	unmet := g.Unmet(&f, clean)
	if unmet > c.h {
		return question.Question{}, errRetry // mistakes never undo what the task asks
	}
	j := newJudge(&f, g)
	if options, ok := toggleOptions(&f, j.at, unmet, c.h); ok && options < n {
		return question.Question{}, errRetry // no draw could give n options of c.h steps
	}
	// Most draws give a plan of another length: they are made in memory
	// kept across draws, and collect copies the candidates it keeps.
	var mistakes perturb.Mistakes
	var rec recovery
	var hist []statesim.Action
	draw := func() (candidate, bool) {
		errs, start := mistakes.MakeAt(&f, clean, g, j.at, 1+rng.IntN(MaxMistakes), rng)
		if len(errs) == 0 {
			return candidate{}, false
		}
		plan := rec.draw(&f, start, g, j.at, rng)
		if len(plan) != c.h {
			return candidate{}, false
		}
		hist = hist[:0]
		for _, e := range errs {
			hist = append(hist, e.Action)
		}
		plan = append(plan, statesim.SubmitAction)
		return candidate{start: start, hist: hist, plan: plan}, true
	}
	cands, ok := collect(j, n, 40*n, draw)
	if !ok {
		return question.Question{}, errRetry
	}
	return finishMCQ(c, &f, g, cands, whichPlan, rng)
}

// longestRecovery bounds the length of fam's recovery plans: a plan has a
// step for each want its start leaves unmet, two for a text box (clear,
// then type), and a task (perturb.Wants) wants one button of each radio
// group and each other element at most once. A group of other elements
// gives at most InTask wants, or all its members when the family has
// conditions (a task may then also want an enabler). A horizon above the
// bound gives no question whatever is drawn, so drawEdgeCase gives up on
// it before drawing anything: Fit's probes of such a cell fail at once
// instead of after a hundred forms of 160 candidates each, and no cell that
// can give questions draws differently.
func longestRecovery(fam *forms.Family) int {
	conditional := slices.ContainsFunc(fam.Groups, func(g forms.Group) bool { return g.EnabledBy != nil })
	steps := 0
	for _, g := range fam.Groups {
		wants := g.MaxCount
		switch {
		case g.Kind == forms.Radio:
			wants = 1
		case g.InTask > 0 && !conditional:
			wants = g.InTask // Validate keeps it within the counts
		}
		if g.Kind == forms.TextBox {
			wants *= 2
		}
		steps += wants
	}
	return steps
}

// toggleOptions counts the options of h steps that drawEdgeCase can draw
// on f with a goal whose wants name the elements at (as Goal.Indices gives
// them) and which the clean form leaves unmet wants short of, when f holds
// only checkboxes, none of them conditional, and the goal wants each: it
// reports false for any other form. On such a form a mistake is kept
// only when it clicks a box that met its want (a click on one that did
// not would help), so a start made with m mistakes (1 to MaxMistakes)
// needs a plan of unmet+m clicks, one on each box it leaves wrong, and
// two such options clash unless their starts leave different boxes wrong:
// there are as many options of h steps as ways of choosing h-unmet of the
// boxes the clean form gets right. Most forms of the family checkboxes
// cannot give N options of the cell's horizon, and drawEdgeCase gives them
// up before drawing their 40 x N candidates, which all would fail.
func toggleOptions(f *forms.Form, at []int, unmet, h int) (options int, ok bool) {
	boxes := 0
	for _, e := range f.Elements {
		switch {
		case e.Kind == forms.Submit:
		case e.Kind != forms.Checkbox || e.EnabledBy != nil:
			return 0, false
		default:
			boxes++
		}
	}
	if len(at) != boxes {
		return 0, false
	}
	for k, i := range at {
		if i < 0 || f.Elements[i].Kind != forms.Checkbox || slices.Contains(at[:k], i) {
			return 0, false // a want names no box, or one named before
		}
	}
	m := h - unmet
	if m < 1 || m > MaxMistakes {
		return 0, true
	}
	return int(binomial(boxes-unmet, m)), true
}

// MaxMistakes is the most mistakes an edge_case start is made with.
const MaxMistakes = 3

// MaxHistory is the most steps of mistakes an edge_case start on form f
// is made with: on a form with conditional elements a mistake can take
// perturb.MaxStepsPerMistake steps.
func MaxHistory(f *forms.Form) int {
	if f.Conditional() {
		return MaxMistakes * perturb.MaxStepsPerMistake
	}
	return MaxMistakes
}

// whichPlan is the question most multiple-choice suites ask.
const whichPlan = "Which plan completes the task from this state?"
