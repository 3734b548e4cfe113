package suites

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

func init() {
	register(Suite{
		Name:    "next_action",
		Summary: "Give the next action of a shortest plan that completes the task from the state the screenshot shows, after the steps already taken if any.",
		Horizon: "actions of a shortest plan before Submit from the pictured state",
		Paper:   "nothing: the paper has no such suite, so its own prompts are used",
		Open:    true,
		draw:    drawNextAction,

		Scoring:     ByAction,
		OpenReaders: openReaders,

		// Row checks (package verify).
		Pictures: 1,
		Check:    checkNextAction,
	})
}

// The formats a next_action row asks its reply in (Meta.Format); a reply
// in any of them, or a click point, is scored whichever was asked.
const (
	FormatText = "text" // one line of the action language
	FormatJSON = "json" // {"op": ..., "target": ..., "value": ...}
)

// drawNextAction draws a task and a start that misses h+k of its wants
// (a uniformly drawn subset), takes the first k steps of a shortest plan
// (k is 0 in half the rows of a cell; in the others 1 or 2, shown, where
// the task has at least h+2 wants, else 0), and asks for the next action
// from the state they reach. A draw whose steps shown tell a missed want
// for certain (NextChance 1) is drawn again.
func drawNextAction(c *cell, rng *rand.Rand) (question.Question, error) {
	f, g, ok := drawOpenTask(c, rng)
	if !ok {
		return question.Question{}, errRetry
	}
	w := len(g.Wants)
	k := 0
	if c.slot("steps", 2) == 1 && w >= c.h+2 {
		// Steps taken, where the task leaves room for them and for a want
		// never missed.
		k = 1 + rng.IntN(min(2, w-c.h-1))
	}
	origin := OpenStart(&f, g, rng.Perm(w)[:c.h+k], rng)
	plan := goldPlan(&f, origin, g, rng)
	taken, rest := plan[:k], withSubmit(plan[k:])
	out, err := statesim.Run(&f, origin, taken) // taken holds no Submit
	if err != nil {
		return question.Question{}, err
	}
	s := out.Final
	q := openQuestion(&f, g, s, rest)
	q.Meta.History, q.Meta.Origin = taken, origin
	q.History = HistoryText(&f, taken)
	q.Meta.Next = Lenient(&f, s, g)
	q.Meta.Chance = NextChance(&f, g, taken, c.h)
	if q.Meta.Chance >= 1 {
		// The steps shown tell which wants are still missed (a text
		// typed into a box says its enabling box is checked): the text
		// alone would give a next action, and the picture not be needed.
		return question.Question{}, errRetry
	}
	q.Meta.Format = FormatText
	if c.slot("format", 2) == 1 {
		q.Meta.Format = FormatJSON
	}
	q.Answer = ActionReply(&f, rest[0], q.Meta.Format)
	q.Meta.Answer = q.Answer
	q.Question = "Task: " + g.Text
	if k > 0 {
		q.Question += "\nSteps already taken:\n" + PlanText(&f, taken)
	}
	q.Question += "\nThe screenshot shows the form now. What is the next action of a shortest plan that completes the task from this state?"
	return q, nil
}

// Lenient returns the actions of f's vocabulary (statesim.Vocabulary, in
// its order) that begin a shortest plan from s to g (see Begins). A text
// outside the vocabulary (typing the missing end of a partly typed box)
// begins one by the same rule.
func Lenient(f *forms.Form, s statesim.State, g statesim.Goal) []statesim.Action {
	begins := beginsFrom(f, s, g) // the vocabulary has no Submit
	var out []statesim.Action
	for a := range statesim.Actions(f) {
		if begins(a) {
			out = append(out, a)
		}
	}
	return out
}

// Begins reports whether action a begins a shortest plan from s to g: one
// want fewer is unmet after it, since the number of unmet wants is the
// length of a shortest plan (statesim.Goal.Unmet). Submit begins one only
// from a state that meets g; an action that cannot be taken, none.
func Begins(f *forms.Form, s statesim.State, g statesim.Goal, a statesim.Action) bool {
	if a.Op == statesim.Submit {
		return g.Met(f, s)
	}
	return beginsFrom(f, s, g)(a)
}

// beginsFrom returns Begins from s to g for actions other than Submit,
// with the wants resolved and s's unmet wants counted once, each action
// taken on one scratch state.
func beginsFrom(f *forms.Form, s statesim.State, g statesim.Goal) func(statesim.Action) bool {
	at := g.Indices(f)
	base := g.UnmetAt(at, s)
	t := make(statesim.State, len(s))
	return func(a statesim.Action) bool {
		copy(t, s)
		return statesim.ApplyInPlace(f, t, a) == nil && g.UnmetAt(at, t) == base-1
	}
}

// ActionReply words action a as a reply in format: a line of the action
// language, or a JSON object {"op", "target", "value"}.
func ActionReply(f *forms.Form, a statesim.Action, format string) string {
	if format != FormatJSON {
		return statesim.English(f, a)
	}
	v := struct {
		Op     statesim.Op `json:"op"`
		Target string      `json:"target"`
		Value  any         `json:"value,omitempty"`
	}{Op: a.Op, Target: f.Name(a.Target)}
	switch a.Op {
	case statesim.Set, statesim.Move:
		v.Value = a.N
	case statesim.Type, statesim.Enter:
		v.Value = a.Text
	}
	raw, _ := json.Marshal(v) // plain strings and numbers
	return string(raw)
}

// NextChance returns the most a reader of the text alone can score on a
// next_action row: the largest of MissedOdds.
func NextChance(f *forms.Form, g statesim.Goal, taken []statesim.Action, h int) float64 {
	return slices.Max(MissedOdds(f, g, taken, h))
}

// MissedOdds returns, per want of g, the chance given the text alone
// that the pictured state still misses it: 0 for a want a step taken
// named. The unmet wants before the steps were a uniform subset, and the
// steps taken are the first of a shortest plan that orders them by depth
// of condition and randomly within a depth; each subset left is weighed
// by the chance that such an order begins with the steps shown.
func MissedOdds(f *forms.Form, g statesim.Goal, taken []statesim.Action, h int) []float64 {
	depths := make([]int, len(g.Wants))
	for k, w := range g.Wants {
		i, _ := f.Find(w.Target)
		depths[k] = depth(f, i)
	}
	done := Taken(g, taken)
	// The steps taken end at the deepest depth one of them has.
	deepest, doneThere := -1, 0
	var left []int
	for k, d := range done {
		switch {
		case !d:
			left = append(left, k)
		case depths[k] > deepest:
			deepest, doneThere = depths[k], 1
		case depths[k] == deepest:
			doneThere++
		}
	}
	in := make([]float64, len(g.Wants)) // weight of the subsets holding each want
	var total float64
	eachSubset(left, h, func(u []int) {
		p := firstSteps(u, depths, deepest, doneThere)
		total += p
		for _, k := range u {
			in[k] += p
		}
	})
	for k := range in {
		if total > 0 {
			in[k] /= total
		}
	}
	return in
}

// Taken returns, per want of g, whether a step of taken names its
// element.
func Taken(g statesim.Goal, taken []statesim.Action) []bool {
	done := make([]bool, len(g.Wants))
	for _, a := range taken {
		for k, w := range g.Wants {
			if w.Target == a.Target {
				done[k] = true
			}
		}
	}
	return done
}

// firstSteps returns the chance that an order of the wants taken plus u,
// sorted by depth and random within a depth, begins with the ones taken,
// which end at depth deepest (-1: none taken) with doneThere of them at
// that depth.
func firstSteps(u []int, depths []int, deepest, doneThere int) float64 {
	if deepest < 0 {
		return 1
	}
	leftThere := 0
	for _, j := range u {
		switch {
		case depths[j] < deepest:
			return 0 // a shallower want would have come first
		case depths[j] == deepest:
			leftThere++
		}
	}
	// At that depth, the ones taken are the first of them in random order.
	return 1 / binomial(doneThere+leftThere, doneThere)
}

// eachSubset calls yield with every subset of size h of set, in
// lexicographic order of positions, in one buffer it reuses: C(len(set),
// h) calls, at most C(24, 12) (forms.MaxElements wants), C(16, 8) = 12,870
// on the built-in families.
func eachSubset(set []int, h int, yield func([]int)) {
	cur := make([]int, 0, h)
	var walk func(from int)
	walk = func(from int) {
		if len(cur) == h {
			yield(cur)
			return
		}
		for i := from; i <= len(set)-(h-len(cur)); i++ {
			cur = append(cur, set[i])
			walk(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	walk(0)
}
