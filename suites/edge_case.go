package suites

import (
	"cmp"
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	Register(Suite{
		Name:    "edge_case",
		Summary: "Pick the one plan that reaches the goal from a form knocked off its clean state by 1-3 mistakes.",
		Build:   buildEdgeCase,
	})
}

// mutation replaces the step at pos of a gold plan with a wrong one.
type mutation struct {
	pos   int
	step  statesim.Action
	label string
}

// recoveryPlan returns a plan (without Submit) that takes s to goal g with
// the relative actions a person recovering from the picture would use:
// toggles for wrong boxes, slider moves from the value shown, typing only
// what a partly filled box lacks, clearing a box that holds other text.
// Steps come in random order.
func recoveryPlan(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []statesim.Action {
	plan := make([]statesim.Action, 0, len(g.Wants)+1)
	for _, u := range unmetWants(f, s, g, rng) {
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
			case strings.HasPrefix(w.Value.S, s[i].S):
				// Empty, or holding the start of the text: type the rest.
				plan = append(plan, statesim.Action{Op: statesim.Type, Target: w.Target, Text: w.Value.S[len(s[i].S):]})
			case rng.IntN(2) == 0:
				plan = append(plan, statesim.Action{Op: statesim.Clear, Target: w.Target}, statesim.Action{Op: statesim.Type, Target: w.Target, Text: w.Value.S})
			default:
				plan = append(plan, statesim.Action{Op: statesim.Enter, Target: w.Target, Text: w.Value.S})
			}
		}
	}
	return plan
}

// others returns references to the form's elements of kind k other than r.
func others(f *forms.Form, k forms.Kind, r forms.Ref) []forms.Ref {
	return slices.Collect(eachOther(f, k, r))
}

// eachOther yields what others returns, without making a slice of it.
func eachOther(f *forms.Form, k forms.Kind, r forms.Ref) iter.Seq[forms.Ref] {
	return func(yield func(forms.Ref) bool) {
		for i := range f.Elements {
			if f.Elements[i].Kind == k {
				if ref := f.RefOf(i); ref != r && !yield(ref) {
					return
				}
			}
		}
	}
}

// recoveryMistakes appends to out the wrong steps a model recovering from
// the start state might put at step pos of gold instead, and returns the
// extended slice. clean is the state before the errors.
func recoveryMistakes(out []mutation, f *forms.Form, clean, start statesim.State, gold []statesim.Action, pos int, rng *rand.Rand) []mutation {
	a := gold[pos]
	i, _ := f.Find(a.Target)
	e := &f.Elements[i]
	add := func(step statesim.Action, label string) {
		out = append(out, mutation{pos: pos, step: step, label: label})
	}
	switch a.Op {
	case statesim.Click:
		for r := range eachOther(f, forms.Checkbox, a.Target) {
			add(statesim.Action{Op: statesim.Click, Target: r}, "toggles the wrong checkbox")
		}
	case statesim.Move:
		want := start[i].N + a.N
		if d := want - clean[i].N; d != a.N && d != 0 && clean[i].N != start[i].N {
			add(statesim.Action{Op: statesim.Move, Target: a.Target, N: d}, "moves the slider relative to its value before the mistake")
		}
		off := e.Step * (1 + rng.IntN(3))
		if rng.IntN(2) == 0 {
			off = -off
		}
		if a.N+off != 0 {
			add(statesim.Action{Op: statesim.Move, Target: a.Target, N: a.N + off}, "moves the slider by the wrong amount")
		}
		add(statesim.Action{Op: statesim.Move, Target: a.Target, N: -a.N}, "moves the slider the wrong way")
	case statesim.Select:
		if rs := others(f, forms.Radio, a.Target); len(rs) > 0 {
			add(statesim.Action{Op: statesim.Select, Target: rs[rng.IntN(len(rs))]}, "selects the wrong radio button")
		}
	case statesim.Type:
		if rs := others(f, forms.TextBox, a.Target); len(rs) > 0 {
			add(statesim.Action{Op: statesim.Type, Target: rs[rng.IntN(len(rs))], Text: a.Text}, "types into the wrong textbox")
		}
	case statesim.Clear:
		if rs := others(f, forms.TextBox, a.Target); len(rs) > 0 {
			add(statesim.Action{Op: statesim.Clear, Target: rs[rng.IntN(len(rs))]}, "types without clearing the pre-filled text")
		}
	case statesim.Enter:
		if rs := others(f, forms.TextBox, a.Target); len(rs) > 0 {
			add(statesim.Action{Op: statesim.Enter, Target: rs[rng.IntN(len(rs))], Text: a.Text}, "enters the text into the wrong textbox")
		}
	}
	return out
}

// mutatedOptions builds n options from gold (without Submit) and the
// mistakes chosen at some of its positions (alts[p] lists position p's, all
// at one step): option j makes at each position the change its code names
// (0: none), so the correct option (all zeros) is exchangeable with the rest.
func mutatedOptions(gold []statesim.Action, alts [][]mutation, codes [][]int) []option {
	opts := make([]option, len(codes))
	for j, code := range codes {
		plan := make([]statesim.Action, len(gold), len(gold)+1)
		copy(plan, gold)
		label := ""
		for p, d := range code {
			if d == 0 {
				continue
			}
			m := alts[p][d-1]
			plan[m.pos] = m.step
			if label != "" {
				label += "; "
			}
			label += m.label
		}
		if label == "" {
			label = "correct"
		}
		opts[j] = option{plan: append(plan, statesim.SubmitAction), label: label}
	}
	return opts
}

// pickMutations chooses the mistakes n options are made of: one at each of
// as many distinct positions as n options need (two positions give four
// combinations), and where the plan has too few positions with a usable
// mistake, more mistakes at the positions chosen (each option then makes one
// of them there, or none). It returns the mistakes by position, or nil.
//
// So that the correct option is not the shortest or longest text more often
// than chance, a fair coin says whether a position's mistakes lengthen the
// step's text or shorten it (or keep its length); the position is passed
// over when it has no such mistake. Mistakes that repeat a step of gold or
// another mistake are left out, so no option repeats a step. Positions are
// tried in random order, and mistakes(pos) is asked only for the positions
// tried.
func pickMutations(f *forms.Form, gold []statesim.Action, mistakes func(out []mutation, pos int) []mutation, n int, rng *rand.Rand) [][]mutation {
	var out [][]mutation   // the mistakes chosen, by position
	var spare [][]mutation // the other usable mistakes of each position chosen
	taken := func(c mutation) bool {
		for _, alts := range out {
			if slices.ContainsFunc(alts, func(o mutation) bool { return o.step == c.step }) {
				return true
			}
		}
		return slices.Contains(gold, c.step)
	}
	combos := func() int {
		k := 1
		for _, alts := range out {
			k *= 1 + len(alts)
		}
		return k
	}
	var cands []mutation
	var buf []byte // steps are worded here only to compare their lengths
	for _, p := range rng.Perm(len(gold)) {
		if combos() >= n {
			break
		}
		cands = slices.DeleteFunc(mistakes(cands[:0], p), taken) // cands is reused: what is kept is copied
		if len(cands) == 0 {
			continue
		}
		buf = statesim.AppendEnglish(buf[:0], f, gold[p])
		base := len(buf)
		want := [2]int{1, -1}[rng.IntN(2)] // lengthen or shorten the step's text
		var side []mutation
		for _, c := range cands {
			buf = statesim.AppendEnglish(buf[:0], f, c.step)
			if sign := cmp.Compare(len(buf), base); sign == want || sign == 0 {
				side = append(side, c)
			}
		}
		if len(side) == 0 {
			continue
		}
		k := rng.IntN(len(side))
		out = append(out, []mutation{side[k]})
		spare = append(spare, append(side[:k:k], side[k+1:]...))
	}
	// Too few positions: add the spare mistakes, a position at a time.
	for more := true; combos() < n && more; {
		more = false
		for i := range out {
			spare[i] = slices.DeleteFunc(spare[i], taken) // another position may have taken one since
			if combos() < n && len(spare[i]) > 0 {
				k := rng.IntN(len(spare[i]))
				out[i] = append(out[i], spare[i][k])
				spare[i] = append(spare[i][:k], spare[i][k+1:]...)
				more = true
			}
		}
	}
	if combos() < n {
		return nil
	}
	slices.SortFunc(out, func(a, b []mutation) int { return a[0].pos - b[0].pos })
	return out
}

// variable reports whether the mistakes of recoveryMistakes can make n
// distinct options of gold that repeat no step, as far as a quick count
// tells. A plan of checkbox clicks only is varied by clicking the boxes it
// leaves alone, F of them, which make at most 2^F combinations; other plans
// are left to pickMutations.
func variable(f *forms.Form, gold []statesim.Action, n int) bool {
	for _, a := range gold {
		if a.Op != statesim.Click || a.Target.Kind != forms.Checkbox {
			return true
		}
	}
	free := 0
	for r := range eachOther(f, forms.Checkbox, forms.Ref{}) { // the zero Ref names no box: all of them
		if !slices.ContainsFunc(gold, func(a statesim.Action) bool { return a.Target == r }) {
			free++
		}
	}
	return free >= 31 || 1<<free >= n
}

// maxMistakes returns how many mistakes (1 to 3) form f may get for its
// options to be variable, or 0 when none would do. On forms of checkboxes
// only whose task names every box, every mistake clicks a box the task
// wants as it is (a click on another box would help), so each costs one of
// the boxes the clean form has right, which the options need ⌈log2 n⌉ of.
// Capping the mistakes there, rather than drawing too many and starting
// again, keeps small forms in the mix. Other forms may get 3.
func maxMistakes(f *forms.Form, clean statesim.State, g statesim.Goal, n int) int {
	boxes := 0
	for i := range f.Elements {
		switch f.Elements[i].Kind {
		case forms.Checkbox:
			boxes++
		case forms.Submit:
		default:
			return 3
		}
	}
	if len(g.Wants) != boxes {
		return 3 // some box is not named: mistakes there cost no box
	}
	right := len(g.Wants) - g.Unmet(f, clean) // boxes the clean form has right
	return max(0, min(3, right-bits.Len(uint(n-1))))
}

// textWant returns the index and wanted text of the goal's text box, if any.
func textWant(f *forms.Form, g statesim.Goal) (int, string, bool) {
	for _, w := range g.Wants {
		if w.Target.Kind == forms.TextBox && len(w.Value.S) > 1 {
			if i, err := f.Find(w.Target); err == nil {
				return i, w.Value.S, true
			}
		}
	}
	return -1, "", false
}

// prefilledOptions builds the options of a question whose task types text
// into a box the start state may have partly filled: the box holds the first
// k characters of the wanted text, k drawn uniformly from 0 to len-1, and
// the correct plan types only the rest. The distractors type other endings
// of the same text, so each option is what some start state would need and
// none can be ruled out from the task's words alone.
func prefilledOptions(f *forms.Form, start statesim.State, g statesim.Goal, box int, text string, n int, rng *rand.Rand) ([]statesim.Action, []option, bool) {
	k := len(start[box].S)
	gold := recoveryPlan(f, start, g, rng)
	pos := -1
	for p, a := range gold {
		if a.Op == statesim.Type && a.Target == f.RefOf(box) {
			pos = p
		}
	}
	if pos < 0 || len(text) < n {
		return nil, nil, false
	}
	opts := []option{{plan: withSubmit(gold), label: "correct"}}
	for _, j := range rng.Perm(len(text)) {
		if j == k || len(opts) == n {
			continue
		}
		p := append([]statesim.Action(nil), gold...)
		p[pos] = statesim.Action{Op: statesim.Type, Target: f.RefOf(box), Text: text[j:]}
		label := "types characters the box already holds"
		switch {
		case j == 0:
			label = "types the whole text over what the box already holds"
		case j > k:
			label = "leaves out characters the box still lacks"
		}
		opts = append(opts, option{plan: withSubmit(p), label: label})
	}
	return gold, opts, len(opts) == n
}

func buildEdgeCase(sp *Spec, index int64) (Question, error) {
	n := sp.choices()
	return build("edge_case", sp, index, func(rng *rand.Rand, fam *forms.Family) (Question, error) {
		f := fam.NewForm(rng)
		clean := statesim.Clean(&f)
		g := statesim.Goal{Wants: perturb.Wants(fam, &f, rng)} // worded once the question is kept
		most := maxMistakes(&f, clean, g, n)
		if most == 0 {
			return Question{}, errRetry
		}
		box, text, typed := textWant(&f, g)
		typed = typed && len(text) >= n
		errs, start := perturb.Errors(&f, clean, g, 1+rng.IntN(most), rng)
		var hist []statesim.Action
		for _, e := range errs {
			hist = append(hist, e.Action)
		}
		var gold []statesim.Action
		var opts []option
		if typed {
			// The mistake on the text box is a partly typed text.
			start[box].S = ""
			hist = slices.DeleteFunc(hist, func(a statesim.Action) bool { return a.Target == f.RefOf(box) })
			if k := rng.IntN(len(text)); k > 0 {
				pre := statesim.Action{Op: statesim.Type, Target: f.RefOf(box), Text: text[:k]}
				start, _ = statesim.Apply(&f, start, pre)
				hist = append(hist, pre)
			}
			var ok bool
			if gold, opts, ok = prefilledOptions(&f, start, g, box, text, n, rng); !ok {
				return Question{}, errRetry
			}
		} else {
			if len(errs) == 0 {
				return Question{}, errRetry
			}
			gold = recoveryPlan(&f, start, g, rng)
			if !variable(&f, gold, n) {
				return Question{}, errRetry
			}
			muts := pickMutations(&f, gold, func(out []mutation, p int) []mutation { return recoveryMistakes(out, &f, clean, start, gold, p, rng) }, n, rng)
			if muts == nil {
				return Question{}, errRetry
			}
			radix := make([]int, len(muts))
			for p, alts := range muts {
				radix[p] = 1 + len(alts)
			}
			opts = mutatedOptions(gold, muts, perturb.Codes(radix, n, rng))
		}
		q := Question{Horizon: len(gold)}
		q.Meta = Meta{Form: f, Start: start, History: hist, Goal: &g, Pictures: []statesim.State{start}}
		if err := finishMCQ(&q, &f, start, &g, opts, whichPlan, rng); err != nil {
			return Question{}, err
		}
		q.History = HistoryText(&f, hist)
		return q, nil
	})
}
