package suites

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

// Probes is the name of the suite of paired perception probes.
const Probes = "probes"

func init() {
	register(Suite{
		Name:    Probes,
		Summary: "Say whether one element of a planning row's screenshot is as the question words it (gen --probes pairs them with every planning row).",
		Horizon: "the horizon of the planning row the probe is paired with",
		OptIn:   true,
		Paired:  true,
		Probe:   true,
		NoPlans: true,
		draw: func(*cell, *rand.Rand) (question.Question, error) {
			return question.Question{}, errors.New("probes are made from planning rows by gen --probes, not drawn by index")
		},

		Scoring: ByYesNo,
		Readers: textonly.PairedProbe,

		// Row checks (package verify).
		Pictures: 1,
		NoGoal:   true,
		Check:    checkProbe,
	})
}

// probeLabels are the option labels of a Yes/No probe: the right answer,
// and what is wrong with the other.
func probeLabels(yes bool) []string {
	if yes {
		return []string{"correct", "the screenshot shows otherwise"}
	}
	return []string{"the screenshot shows otherwise", "correct"}
}

// PairProbes returns the k perception probes paired with q, a planning
// question with a picture: Yes/No questions about elements of its first
// picture, those whose pictured values decide q's answer first (Decisive).
// at is q's place among the planning rows the probes are paired with (0,
// 1, ...): its probes take indices k*at to k*at+k-1. Their answers are
// balanced over every two consecutive indices, and each probe's wording
// (as the state, or negated) is drawn apart from its answer, so that the
// words of a probe tell nothing of its answer: the element it asks about is
// chosen among those whose pictured value gives that answer.
func PairProbes(q *question.Question, k int, seed uint64, at int64) ([]question.Question, error) {
	m := &q.Meta
	if len(m.Pictures) == 0 {
		return nil, errors.New("suites: probes: the planning row has no picture")
	}
	f, s := &m.Form, m.Pictures[0]
	rng := Source(seed, Probes, at)
	order, decisive := probeOrder(m, rng)
	used := map[probeKey]bool{}
	out := make([]question.Question, 0, k)
	for j := range k {
		index := int64(k)*at + int64(j)
		drawn := Source(seed, Probes+"/answer", index/2).Perm(2)[index%2] == 0
		p, ok := pickProbe(f, s, m, order, used, drawn, rng.IntN(2) == 1, rng)
		if !ok {
			return nil, errors.New("suites: probes: the form has no element a probe can ask about")
		}
		answer, err := ProbeAnswer(f, s, &p)
		if err != nil {
			return nil, fmt.Errorf("suites: probes: %w", err)
		}
		p.Decisive = decisive[f.Index(p.Element)]
		used[probeKey{p.Element, p.Kind}] = true
		pq, err := probeRow(q, p, index, answer == "Yes")
		if err != nil {
			return nil, err
		}
		out = append(out, pq)
	}
	return out, nil
}

// probeKey is an element and a kind of probe about it.
type probeKey struct{ element, kind string }

// probeOrder returns the elements a probe may ask about, the decisive ones
// first, each part in an order drawn from rng, and which are decisive: the
// elements whose value in the first picture differs from a candidate start
// of m or from the second picture, or, on a row without candidate starts
// or a second picture, that its task names.
func probeOrder(m *question.Meta, rng *rand.Rand) ([]int, map[int]bool) {
	s := m.Pictures[0]
	decisive := map[int]bool{}
	for _, t := range m.Starts {
		for _, i := range s.Diff(t) {
			decisive[i] = true
		}
	}
	for _, t := range m.Pictures[1:] {
		for _, i := range s.Diff(t) {
			decisive[i] = true
		}
	}
	if len(decisive) == 0 && m.Goal != nil {
		for _, w := range m.Goal.Wants {
			if i, err := m.Form.Find(w.Target); err == nil {
				decisive[i] = true
			}
		}
	}
	var first, rest []int
	for i, e := range m.Form.Elements {
		switch {
		case e.Kind == forms.Submit:
		case decisive[i]:
			first = append(first, i)
		default:
			rest = append(rest, i)
		}
	}
	rng.Shuffle(len(first), func(a, b int) { first[a], first[b] = first[b], first[a] })
	rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	return append(first, rest...), decisive
}

// pickProbe returns a probe whose answer is yes (but see below), worded negated or not
// as negated says where its kind words a state both ways. So that its
// words tell nothing of its answer, the kind comes first, apart from the
// answer: that of the first element of order (and kind about it) not used
// yet whose kind is two-sided in s, having elements that show it and
// elements that do not (a holds probe: a value shown and another the
// element could show). Only then does the answer pick, among the elements
// of that kind (order's first), one whose state gives it. Once every
// element and kind is used, they are taken again. On a picture where no
// kind is two-sided the answer is what the picture shows, not yes.
func pickProbe(f *forms.Form, s statesim.State, m *question.Meta, order []int, used map[probeKey]bool, yes, negated bool, rng *rand.Rand) (question.Probe, bool) {
	for _, reuse := range []bool{false, true} {
		for _, i := range order {
			kinds := probeKinds(&f.Elements[i])
			rng.Shuffle(len(kinds), func(a, b int) { kinds[a], kinds[b] = kinds[b], kinds[a] })
			for _, kind := range kinds {
				if !reuse && used[probeKey{f.Elements[i].ID, kind}] {
					continue
				}
				if kind == question.ProbeHolds {
					if p, ok := holdsProbe(f, s, m, i, yes, rng); ok {
						return p, true
					}
					continue
				}
				p, ok := twoSided(f, s, order, used, reuse, i, kind, yes, negated)
				if ok {
					return p, true
				}
			}
		}
	}
	// No kind is two-sided: every element of each kind shows the same
	// (a single checkbox, both text boxes empty). No question about such a
	// picture can have its answer drawn apart from its words, so the
	// answer follows the picture: the first element is asked about, a
	// checked, selected or enabled state before an empty one (all text
	// boxes empty: the same on every such picture), one not asked about
	// yet before one that was, worded as drawn.
	for _, fresh := range []bool{true, false} {
		for _, pass := range []bool{false, true} {
			for _, i := range order {
				for _, kind := range probeKinds(&f.Elements[i]) {
					if kind == question.ProbeHolds || (kind == question.ProbeEmpty) != pass || fresh && used[probeKey{f.Elements[i].ID, kind}] {
						continue
					}
					return question.Probe{Kind: kind, Element: f.Elements[i].ID, Negated: negated}, true
				}
			}
		}
	}
	return question.Probe{}, false
}

// twoSided returns a probe of a Yes/No kind that words a state (checked,
// selected, enabled, empty) answering yes, if kind is two-sided among
// the elements a probe may ask about (those not used yet, unless reuse):
// some of them are in the state and some are not, which does not depend
// on the answer. The element is element i, the one the kind was found on,
// if its state gives the answer, else the first of order that does, one
// not asked about yet before one that was.
func twoSided(f *forms.Form, s statesim.State, order []int, used map[probeKey]bool, reuse bool, i int, kind string, yes, negated bool) (question.Probe, bool) {
	truth := func(j int) (bool, bool) {
		if !reuse && used[probeKey{f.Elements[j].ID, kind}] {
			return false, false
		}
		p := question.Probe{Kind: kind, Element: f.Elements[j].ID}
		got, err := ProbeAnswer(f, s, &p)
		return got == "Yes", err == nil
	}
	var shows, lacks bool
	for _, j := range order {
		if t, ok := truth(j); ok {
			shows, lacks = shows || t, lacks || !t
		}
	}
	if !shows || !lacks {
		return question.Probe{}, false
	}
	want := yes != negated // the state the element must be in
	for _, fresh := range []bool{true, false} {
		for _, j := range append([]int{i}, order...) {
			if t, ok := truth(j); ok && t == want && (!fresh || !used[probeKey{f.Elements[j].ID, kind}]) {
				return question.Probe{Kind: kind, Element: f.Elements[j].ID, Negated: negated}, true
			}
		}
	}
	return question.Probe{}, false // not reached: the kind is two-sided
}

// probeKinds lists the kinds of Yes/No probe element e can take.
func probeKinds(e *forms.Element) []string {
	var kinds []string
	switch e.Kind {
	case forms.Checkbox:
		kinds = append(kinds, question.ProbeChecked)
	case forms.Radio:
		kinds = append(kinds, question.ProbeSelected)
	case forms.TextBox:
		kinds = append(kinds, question.ProbeEmpty, question.ProbeHolds)
	case forms.Slider:
		kinds = append(kinds, question.ProbeHolds)
	}
	if e.EnabledBy != nil {
		kinds = append(kinds, question.ProbeEnabled)
	}
	return kinds
}

// holdsProbe returns a probe asking whether element i (a slider or a text
// box) shows a value, answering yes, if the element has two values to ask
// about: the one it shows (not an empty text, which ProbeEmpty asks about)
// and another. The other is the element's value in a partner of the
// picture where it differs, a state among m's other candidate starts and
// its second picture: the pictured start is a uniform draw among the
// candidate starts (each option's, as the planning row's answer is
// balanced), so the two values are alike in law and the value asked about
// tells little of whether it is the one shown. Where no partner differs
// (an element that does not decide the row, an open-ended row) it is
// another value the element can take.
func holdsProbe(f *forms.Form, s statesim.State, m *question.Meta, i int, yes bool, rng *rand.Rand) (question.Probe, bool) {
	p := question.Probe{Kind: question.ProbeHolds, Element: f.Elements[i].ID}
	e := &f.Elements[i]
	word := func(v statesim.Value) string {
		if e.Kind == forms.Slider {
			return strconv.Itoa(v.N)
		}
		return v.S
	}
	shown := word(s[i])
	var others []string
	for _, t := range slices.Concat(m.Starts, m.Pictures[1:]) {
		if v := word(t[i]); v != shown && v != "" && !slices.Contains(others, v) {
			others = append(others, v)
		}
	}
	if len(others) == 0 {
		others = otherValues(f, i, shown)
	}
	if shown == "" || len(others) == 0 {
		return p, false
	}
	if p.Value = others[rng.IntN(len(others))]; yes {
		p.Value = shown
	}
	return p, true
}

// otherValues lists the values element i can take but pictured: a
// slider's other positions, a text box's other texts of the form's
// vocabulary.
func otherValues(f *forms.Form, i int, pictured string) []string {
	e := &f.Elements[i]
	var out []string
	if e.Kind == forms.Slider {
		for v := e.Min; v <= e.Max; v += max(e.Step, 1) {
			if w := strconv.Itoa(v); w != pictured {
				out = append(out, w)
			}
		}
		return out
	}
	for _, t := range f.TextValues {
		if t != pictured && t != "" {
			out = append(out, t)
		}
	}
	return out
}

// probeRow makes the question of probe p about q's first picture, row
// index of the probes suite.
func probeRow(q *question.Question, p question.Probe, index int64, yes bool) (question.Question, error) {
	f, s := &q.Meta.Form, q.Meta.Pictures[0]
	text, err := probeQuestion(f, &p)
	if err != nil {
		return question.Question{}, err
	}
	pq := question.Question{
		Suite: Probes, Family: q.Family, Index: index, Group: index, Horizon: q.Horizon,
		Question: text, Choices: []string{"Yes", "No"}, Labels: probeLabels(yes),
		Caption: statesim.Describe(f, s), ImageNeeded: true,
		Meta: question.Meta{Form: *f, Start: s, Pictures: []statesim.State{s}, Probe: &p, Bar: q.Task},
	}
	pq.Answer, pq.AnswerIdx = "Yes", 0
	if !yes {
		pq.Answer, pq.AnswerIdx = "No", 1
	}
	pq.Meta.Answer = pq.Answer
	note := FormNote(f)
	if note != "" {
		pq.Question = note + "\n" + pq.Question
	}
	if err := addPrompts(&pq, note); err != nil {
		return question.Question{}, err
	}
	return pq, nil
}
