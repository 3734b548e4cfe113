package suites

import (
	"math/rand/v2"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

func init() {
	register(Suite{
		Name: "grounding",
		Summary: "Give the point to click, in the screenshot's pixels, on the one element of a kind the picture shows in a named state: " +
			"the checkbox that is checked, the radio button that is selected or the text box that holds a text.",
		Horizon:   "nothing: a grounding question has no horizon (0 in every row)",
		Paper:     "nothing: the paper has no such suite, so its own prompts are used",
		Open:      true,
		OptIn:     true,
		NoHorizon: true,
		Probe:     true,
		draw:      drawGrounding,

		Scoring: ByPoint,
		Readers: groundReaders,

		// Row checks (package verify).
		Pictures: 1,
		NoGoal:   true,
		NoPlans:  true,
		Check:    checkGrounding,
	})
}

// maxGroundTargets is the most elements of a kind a grounding question
// names one among: a form with more is not asked, so that the places are
// balanced over a cycle of a bounded length (see groundKinds).
const maxGroundTargets = 16

// groundKind is a kind of grounding question a family's forms can be
// asked, and the length of the cycle its places are balanced over.
type groundKind struct {
	kind  string
	slots int
}

// groundKinds returns the kinds of grounding question the forms of fam
// can be asked, in a fixed order: the checkbox checked, the radio button
// selected, the text box holding a text. A kind needs forms of 2 to
// maxGroundTargets elements of it; its places are balanced over the least
// common multiple of the counts the family's forms can give, so whichever
// a form gives, every place is pictured as often.
func groundKinds(fam *forms.Family) []groundKind {
	var lo, hi [3]int
	for _, g := range fam.Groups {
		k := -1
		switch g.Kind {
		case forms.Checkbox:
			k = 0
		case forms.Radio:
			k = 1
		case forms.TextBox:
			k = 2
		}
		if k >= 0 {
			lo[k] += g.MinCount
			hi[k] += g.MaxCount
		}
	}
	var out []groundKind
	for k, kind := range []string{question.GroundChecked, question.GroundSelected, question.GroundText} {
		l := 1
		for n := max(2, lo[k]); n <= min(hi[k], maxGroundTargets); n++ {
			l = lcm(l, n)
		}
		if l > 1 {
			out = append(out, groundKind{kind, l})
		}
	}
	return out
}

// GroundTargets returns the elements of f a grounding question of kind
// may name, in the form's order: its checkboxes, radio buttons or text
// boxes. The question names one of them by its pictured state alone, so
// a reader of the text picks among them.
func GroundTargets(f *forms.Form, kind string) []int {
	want := map[string]forms.Kind{question.GroundChecked: forms.Checkbox, question.GroundSelected: forms.Radio, question.GroundText: forms.TextBox}
	k, ok := want[kind]
	if !ok {
		return nil
	}
	var out []int
	for i := range f.Elements {
		if f.Elements[i].Kind == k {
			out = append(out, i)
		}
	}
	return out
}

// groundState returns base with the elements of targets set so that
// element i alone is in the state probe p names: checked or selected
// (the others not), or holding p.Value (the others empty or another text
// of the form, drawn from rng).
func groundState(f *forms.Form, base statesim.State, p *question.Probe, targets []int, i int, rng *rand.Rand) statesim.State {
	s := base.Clone()
	var others []string
	if p.Kind == question.GroundText {
		for _, t := range textPool(f) {
			if t != p.Value {
				others = append(others, t)
			}
		}
	}
	for _, j := range targets {
		if p.Kind == question.GroundText {
			s[j].S = p.Value
			if j != i {
				s[j].S = others[rng.IntN(len(others))]
			}
			continue
		}
		s[j].N = 0
		if j == i {
			s[j].N = 1
		}
	}
	return s
}

// groundQuestion words grounding probe p.
func groundQuestion(p *question.Probe) string {
	var what string
	switch p.Kind {
	case question.GroundChecked:
		what = "the checkbox that is checked"
	case question.GroundSelected:
		what = "the radio button that is selected"
	default:
		what = "the text box that holds " + strconv.Quote(p.Value)
	}
	return "Click " + what + " (the screenshot shows exactly one)."
}

// drawGrounding draws a grounding question as the design's rule asks: the
// cell's balance gives the kind (kinds take turns) and the place of the
// named element among the form's elements of its kind; the form, the rest
// of the state and, for a text box, the text come from rng whatever the
// place. One candidate start per place differs from the others only in
// which element of the kind is in the named state, and the one at the
// drawn place is pictured: the text is the same whichever it is, so a
// reader of it names the element with odds 1/(elements of the kind),
// the row's Meta.Chance.
func drawGrounding(c *cell, rng *rand.Rand) (question.Question, error) {
	kinds := groundKinds(c.fam)
	if len(kinds) == 0 {
		return question.Question{}, errRetry
	}
	gk := kinds[c.slot("kind", len(kinds))]
	within := *c
	within.local = c.local / int64(len(kinds))
	u := within.slot("place/"+gk.kind, gk.slots)

	f := c.fam.NewForm(rng)
	targets := GroundTargets(&f, gk.kind)
	if len(targets) < 2 || len(targets) > maxGroundTargets {
		return question.Question{}, errRetry
	}
	p := question.Probe{Kind: gk.kind}
	if gk.kind == question.GroundText {
		if len(f.TextValues) == 0 {
			return question.Question{}, errRetry
		}
		p.Value = f.TextValues[rng.IntN(len(f.TextValues))]
	}
	base := statesim.RandomState(&f, rng, 0.5)
	starts := make([]statesim.State, len(targets))
	for j, i := range targets {
		starts[j] = groundState(&f, base, &p, targets, i, rng)
	}
	place := u % len(targets)
	i := targets[place]
	p.Element = f.Elements[i].ID
	start := starts[place]

	var q question.Question
	q.Meta = question.Meta{Form: f, Start: start, Pictures: []statesim.State{start}, Starts: starts, Probe: &p}
	q.Meta.Chance = 1 / float64(len(targets))
	q.Question = groundQuestion(&p)
	q.Answer = f.Name(f.RefOf(i))
	q.Meta.Answer = q.Answer
	q.Caption = statesim.Describe(&f, start)
	q.ImageNeeded = true // every other candidate start names another element
	return q, nil
}

// groundReaders read a grounding question's text alone: each picks one
// of the elements it may name (the view's choices, GroundTargets in the
// form's order). The construction pictures each place equally often
// whatever the text, so none beats 1/(elements of the kind).
var groundReaders = []textonly.Reader{
	{Name: "position: the first element of the kind", Score: func(v *textonly.View) []float64 {
		return textonly.Each(v, func(j int) float64 { return -float64(j) })
	}},
	{Name: "position: the last element of the kind", Score: func(v *textonly.View) []float64 {
		return textonly.Each(v, func(j int) float64 { return float64(j) })
	}},
	{Name: "position: the middle element of the kind", Score: func(v *textonly.View) []float64 {
		mid := len(v.Choices) / 2
		return textonly.Each(v, func(j int) float64 { return -float64(max(j-mid, mid-j)) })
	}},
	groundPrior,
}

// groundPrior reads a grounding question as a reader who knows the
// family's layout and start distribution would: it draws starts of the
// question's form from it (a fixed source, the same for every question)
// and picks the element of the kind most often in the named state, as if
// the picture were a start drawn at random. Knowing where the renderer
// puts each element adds nothing: a point falls in one element's box, so
// any point is a pick of one element.
var groundPrior = textonly.Reader{Name: "symbolic: the element most often in the named state over the family's starts", Score: func(v *textonly.View) []float64 {
	p := v.Meta.Probe
	if p == nil {
		return make([]float64, len(v.Choices))
	}
	f := &v.Meta.Form
	targets := GroundTargets(f, p.Kind)
	rng := rand.New(rand.NewPCG(1, 2))
	counts := make([]float64, len(v.Choices))
	for range 256 {
		s := statesim.RandomState(f, rng, 0.5)
		for j, i := range targets {
			if j < len(counts) && groundHolds(s, p, i) {
				counts[j]++
			}
		}
	}
	return counts
}}

// groundHolds reports whether element i is, in s, in the state probe p
// names: checked, selected, or holding p.Value.
func groundHolds(s statesim.State, p *question.Probe, i int) bool {
	if p.Kind == question.GroundText {
		return s[i].S == p.Value
	}
	return s[i].N == 1
}

// GroundView returns the view of a grounding question that its readers
// read: the question's words, with the elements it may name as choices
// (their names, in GroundTargets' order), and the place of the named one
// among them (-1 if it is none of them).
func GroundView(q *question.Question) (textonly.View, int) {
	v := textonly.NewView(q)
	p := q.Meta.Probe
	if p == nil {
		return v, -1
	}
	f := &q.Meta.Form
	answer := -1
	v.Choices = nil
	for j, i := range GroundTargets(f, p.Kind) {
		v.Choices = append(v.Choices, f.Name(f.RefOf(i)))
		if f.Elements[i].ID == p.Element {
			answer = j
		}
	}
	return v, answer
}
