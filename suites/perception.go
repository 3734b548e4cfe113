package suites

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

func init() {
	register(Suite{
		Name: "perception",
		Summary: "Say what the picture shows of one element: whether a checkbox is checked, a radio button selected or a conditional element enabled, " +
			"which radio button of a group is selected, which value a slider shows or which text a textbox holds.",
		Horizon:   "nothing: a perception question has no horizon (0 in every row)",
		Paper:     "nothing: the paper has no such suite, so its own prompts are used",
		OptIn:     true,
		NoHorizon: true,
		Probe:     true,
		draw:      drawPerception,

		Scoring: ByLetter,
		Readers: append(slices.Clone(textonly.Probe), perceptionPrior),

		// Row checks (package verify).
		Pictures: 1,
		NoGoal:   true,
		NoPlans:  true,
		Check:    checkPerception,
	})
}

// perceptionKind is a kind of probe a family's forms can be asked, and
// how many slots its answers are balanced over.
type perceptionKind struct {
	kind  string
	slots int
}

// perceptionKinds returns the kinds of probe every form of fam can be
// asked at choices options, in a fixed order: checked (a checkbox),
// selected (a radio button), enabled (a conditional element), member (a
// radio group that can have 2 to 8 members: as many as there are option
// letters), slider and text. A Yes/No kind balances its answer over 2
// slots (and, apart, whether it is worded negated); the others over the
// least common multiple of the option counts the family's forms can give,
// so that whichever a form gives, every option is pictured as often.
func perceptionKinds(fam *forms.Family, choices int) []perceptionKind {
	var has [3]bool // checked, selected, enabled: the Yes/No kinds
	members, sliders, texts := map[int]bool{}, map[int]bool{}, map[int]bool{}
	vocabMax, vocabSum := 0, 0
	for _, g := range fam.Groups {
		if g.EnabledBy != nil {
			has[2] = true
		}
		switch g.Kind {
		case forms.Checkbox:
			has[0] = true
		case forms.Radio:
			has[1] = true
			for n := max(2, g.MinCount); n <= min(g.MaxCount, len(question.Letters)); n++ {
				members[n] = true
			}
		case forms.Slider:
			for _, r := range g.Ranges {
				if p := (r.Max-r.Min)/r.Step + 1; p >= 2 {
					sliders[min(choices, p)] = true
				}
			}
		case forms.TextBox:
			v := g.Vocab()
			vocabMax, vocabSum = max(vocabMax, v), vocabSum+v
		}
	}
	// The text values of a form are its groups' vocabularies, of which
	// two groups may share some: 1 + that many options with "(empty)".
	for v := vocabMax; v > 0 && v <= vocabSum; v++ {
		texts[min(choices, 1+v)] = true
	}
	var out []perceptionKind
	for k, kind := range []string{question.ProbeChecked, question.ProbeSelected, question.ProbeEnabled} {
		if has[k] {
			out = append(out, perceptionKind{kind, 2})
		}
	}
	for _, m := range []struct {
		kind   string
		counts map[int]bool
	}{{question.ProbeMember, members}, {question.ProbeSlider, sliders}, {question.ProbeText, texts}} {
		if len(m.counts) > 0 {
			l := 1
			for n := range m.counts {
				l = lcm(l, n)
			}
			out = append(out, perceptionKind{m.kind, l})
		}
	}
	return out
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// probeTargets returns the elements of f a probe of kind may ask about:
// checkboxes, radio buttons, conditional elements, sliders with two
// positions or more, textboxes; for member, the first radio button of
// every group of 2 to 8 members.
func probeTargets(f *forms.Form, kind string) []int {
	var out []int
	for i := range f.Elements {
		e := &f.Elements[i]
		var ok bool
		switch kind {
		case question.ProbeChecked:
			ok = e.Kind == forms.Checkbox
		case question.ProbeSelected:
			ok = e.Kind == forms.Radio
		case question.ProbeEnabled:
			ok = e.EnabledBy != nil
		case question.ProbeMember:
			n := len(f.Members(e.Group))
			ok = e.Kind == forms.Radio && f.First(e.Group) == i && n >= 2 && n <= len(question.Letters)
		case question.ProbeSlider:
			ok = e.Kind == forms.Slider && e.Max > e.Min
		case question.ProbeText:
			ok = e.Kind == forms.TextBox
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// probeTruth reports whether element i of f is, in s, as a Yes/No probe
// of kind words it unnegated: checked, selected or enabled.
func probeTruth(f *forms.Form, s statesim.State, kind string, i int) bool {
	if kind == question.ProbeEnabled {
		return statesim.Enabled(f, s, i)
	}
	return s[i].N == 1
}

// textPool returns what a textbox of f may hold as a probe's options
// word it: "" (empty) and the form's text values, each once, in order.
func textPool(f *forms.Form) []string {
	pool := []string{""}
	for _, v := range f.TextValues {
		if !slices.Contains(pool, v) {
			pool = append(pool, v)
		}
	}
	return pool
}

// drawPerception draws a perception question as the design's rule asks:
// the cell's balance gives the kind of probe (kinds take turns) and the
// answer's slot; the form, the element and the options come from rng
// whatever the answer; then one candidate start per option, from the
// family's start distribution, each making its option the answer (a
// Yes/No probe: a start where it is Yes and one where it is No), and the
// candidate at the answer's slot is pictured. The text is the same
// whichever candidate is pictured.
func drawPerception(c *cell, rng *rand.Rand) (question.Question, error) {
	kinds := perceptionKinds(c.fam, c.sp.choices())
	if len(kinds) == 0 {
		return question.Question{}, errRetry
	}
	pk := kinds[c.slot("kind", len(kinds))]
	// Each run of len(kinds) rows asks each kind once, so the rows of a
	// kind are numbered by the run, and their answers balanced over them.
	within := *c
	within.local = c.local / int64(len(kinds))
	u := within.slot("answer/"+pk.kind, pk.slots)

	f := c.fam.NewForm(rng)
	targets := probeTargets(&f, pk.kind)
	if len(targets) == 0 {
		return question.Question{}, errRetry
	}
	i := targets[rng.IntN(len(targets))]
	p := question.Probe{Kind: pk.kind, Element: f.Elements[i].ID}
	var choices []string
	var set func(s statesim.State, j int) // makes option j the answer in s
	answer := u
	switch pk.kind {
	case question.ProbeMember:
		members := f.Members(f.Elements[i].Group)
		for _, m := range members {
			choices = append(choices, ProbeOption(&f, nil, pk.kind, m))
		}
		set = func(s statesim.State, j int) {
			for _, m := range members {
				s[m].N = 0
			}
			s[members[j]].N = 1
		}
	case question.ProbeSlider:
		e := &f.Elements[i]
		values := sliderOptions(e, c.sp.choices(), rng)
		for _, v := range values {
			choices = append(choices, strconv.Itoa(v))
		}
		set = func(s statesim.State, j int) { s[i].N = values[j] }
	case question.ProbeText:
		pool := textPool(&f)
		pick := rng.Perm(len(pool))[:min(c.sp.choices(), len(pool))]
		slices.Sort(pick) // in the pool's order
		texts := make([]string, len(pick))
		for j, k := range pick {
			texts[j] = pool[k]
			choices = append(choices, textOption(pool[k]))
		}
		set = func(s statesim.State, j int) { s[i].S = texts[j] }
	default: // Yes/No: u gives the answer (0: Yes), a slot of its own the wording
		p.Negated = within.slot("negated/"+pk.kind, 2) == 1
		choices = []string{"Yes", "No"}
	}
	answer %= len(choices)
	starts := make([]statesim.State, len(choices))
	if set != nil {
		for j := range starts {
			starts[j] = statesim.RandomState(&f, rng, 0.5)
			set(starts[j], j)
		}
	} else {
		// A start of each answer, drawn from the family's distribution
		// until both are found.
		for try := 0; try < 64 && (starts[0] == nil || starts[1] == nil); try++ {
			s := statesim.RandomState(&f, rng, 0.5)
			j := 1 // No
			if probeTruth(&f, s, pk.kind, i) != p.Negated {
				j = 0
			}
			if starts[j] == nil {
				starts[j] = s
			}
		}
		if starts[0] == nil || starts[1] == nil {
			return question.Question{}, errRetry
		}
	}
	start := starts[answer]
	var q question.Question
	q.Meta = question.Meta{Form: f, Start: start, Pictures: []statesim.State{start}, Starts: starts, Probe: &p}
	text, err := probeQuestion(&f, &p)
	if err != nil {
		return question.Question{}, err
	}
	q.Question = text + "\n" + OptionList(choices)
	q.Choices = choices
	q.Labels = perceptionLabels(&f, start, &p, len(choices), answer)
	q.Answer, q.AnswerIdx = question.Letters[answer:answer+1], answer
	q.Meta.Answer = q.Answer
	q.Caption = statesim.Describe(&f, start)
	q.ImageNeeded = true // every other candidate start makes another option the answer
	return q, nil
}

// sliderOptions draws n distinct values of slider e, n the smaller of
// choices and its positions, each position as likely, and returns them in
// ascending order.
func sliderOptions(e *forms.Element, choices int, rng *rand.Rand) []int {
	positions := (e.Max-e.Min)/e.Step + 1
	n := min(choices, positions)
	var picked []int
	for len(picked) < n {
		if k := rng.IntN(positions); !slices.Contains(picked, k) {
			picked = append(picked, k)
		}
	}
	slices.Sort(picked)
	values := make([]int, n)
	for j, k := range picked {
		values[j] = e.Min + k*e.Step
	}
	return values
}

// perceptionLabels returns the option labels of a probe whose answer is
// option answer of n in state s: "correct", and for every other option
// what the screenshot shows instead, as the caption words the element
// (for a member probe, the group's selected radio button).
func perceptionLabels(f *forms.Form, s statesim.State, p *question.Probe, n, answer int) []string {
	i := f.Index(p.Element)
	if p.Kind == question.ProbeMember {
		for _, m := range f.Members(f.Elements[i].Group) {
			if s[m].N == 1 {
				i = m
			}
		}
	}
	wrong := "the screenshot shows otherwise: " + string(statesim.AppendDescription(nil, f, s, i))
	labels := make([]string, n)
	for j := range labels {
		labels[j] = wrong
		if j == answer {
			labels[j] = "correct"
		}
	}
	return labels
}

// perceptionPrior reads a probe as a reader who knows the family's start
// distribution would: it draws starts of the question's form from it (a
// fixed source, the same for every question) and picks the option that
// is the answer from most of them, as if the picture were a start drawn
// at random. The construction pictures each option's own start instead,
// so it scores chance.
var perceptionPrior = textonly.Reader{Name: "symbolic: the answer from most of the family's starts", Score: func(v *textonly.View) []float64 {
	p := v.Meta.Probe
	if p == nil {
		return make([]float64, len(v.Choices))
	}
	f := &v.Meta.Form
	rng := rand.New(rand.NewPCG(1, 2))
	counts := make(map[string]float64, len(v.Choices))
	for range 256 {
		if a, err := ProbeAnswer(f, statesim.RandomState(f, rng, 0.5), p); err == nil {
			counts[a]++
		}
	}
	return textonly.Each(v, func(j int) float64 { return counts[v.Choices[j]] })
}}
