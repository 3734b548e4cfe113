package suites

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
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
// the task has at least h+2 wants, else 0), and asks for the next action from the state they reach.
func drawNextAction(c *cell, rng *rand.Rand) (Question, error) {
	f, g, ok := drawOpenTask(c, rng, 1)
	if !ok {
		return Question{}, errRetry
	}
	w := len(g.Wants)
	k := 0
	if c.slot("steps", 2) == 1 && w >= c.h+2 {
		// Steps taken, where the task leaves room for them and for a want
		// never missed.
		k = 1 + rng.IntN(min(2, w-c.h-1))
	}
	origin := openStart(&f, g, rng.Perm(w)[:c.h+k], rng)
	plan := goldPlan(&f, origin, g, rng)
	taken, rest := plan[:k], withSubmit(plan[k:])
	s := origin.Clone()
	for _, a := range taken {
		if err := statesim.ApplyInPlace(&f, s, a); err != nil {
			return Question{}, err
		}
	}
	q := openQuestion(&f, g, s, rest)
	q.Meta.History, q.Meta.Origin = taken, origin
	q.History = HistoryText(&f, taken)
	q.Meta.Next = Lenient(&f, s, g)
	q.Meta.Chance = NextChance(&f, g, taken, c.h)
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
// its order) that begin a shortest plan from s to g: those after which
// one want fewer is unmet, since the number of unmet wants is the length
// of a shortest plan. A text outside the vocabulary (typing the missing
// end of a partly typed box) begins one by the same rule.
func Lenient(f *forms.Form, s statesim.State, g statesim.Goal) []statesim.Action {
	at := g.Indices(f)
	h := g.UnmetAt(at, s)
	t := make(statesim.State, len(s))
	var out []statesim.Action
	for _, a := range statesim.Vocabulary(f) {
		copy(t, s)
		if statesim.ApplyInPlace(f, t, a) == nil && g.UnmetAt(at, t) == h-1 {
			out = append(out, a)
		}
	}
	return out
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
	depthOf := func(k int) int {
		i, _ := f.Find(g.Wants[k].Target)
		return depth(f, i)
	}
	done := make([]bool, len(g.Wants))
	for _, a := range taken {
		for k, w := range g.Wants {
			if w.Target == a.Target {
				done[k] = true
			}
		}
	}
	var left []int
	for k := range g.Wants {
		if !done[k] {
			left = append(left, k)
		}
	}
	in := make([]float64, len(g.Wants)) // weight of the subsets holding each want
	var total float64
	for _, u := range subsets(left, h) {
		p := firstSteps(len(taken), done, u, depthOf)
		total += p
		for _, k := range u {
			in[k] += p
		}
	}
	for k := range in {
		if total > 0 {
			in[k] /= total
		}
	}
	return in
}

// firstSteps returns the chance that an order of the wants done plus u,
// sorted by depth and random within a depth, begins with the k done.
func firstSteps(k int, done []bool, u []int, depthOf func(int) int) float64 {
	if k == 0 {
		return 1
	}
	count := map[int][2]int{} // depth -> (done, left) wants at that depth
	maxDone := 0
	for j, d := range done {
		if d {
			c := count[depthOf(j)]
			c[0]++
			count[depthOf(j)] = c
			maxDone = max(maxDone, depthOf(j))
		}
	}
	for _, j := range u {
		c := count[depthOf(j)]
		c[1]++
		count[depthOf(j)] = c
		if depthOf(j) < maxDone {
			return 0 // a shallower want would have come first
		}
	}
	c := count[maxDone]
	// At the deepest depth of the steps taken, they are the first c[0]
	// of c[0]+c[1] in random order.
	return 1 / binomial(c[0]+c[1], c[0])
}

// subsets returns every subset of size h of set.
func subsets(set []int, h int) [][]int {
	var out [][]int
	var walk func(from int, cur []int)
	walk = func(from int, cur []int) {
		if len(cur) == h {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i < len(set); i++ {
			walk(i+1, append(cur, set[i]))
		}
	}
	walk(0, nil)
	return out
}
