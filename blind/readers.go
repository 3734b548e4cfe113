// Package blind scores readers that see only a question's words (its task,
// question and options, never a picture, caption or history) against the
// answers, cell by cell, to show that none beats chance. The readers range
// from surface heuristics (longest option, per-position majority, most
// like the task's words) to a symbolic reader that runs every option from
// every start the family can give and an exact bound: a reader that
// guesses uniformly among the options that are the only correct one for
// some start. With formplan's construction every reader scores 1/N in
// expectation; a cell where one does better is a leak to find.
package blind

import (
	"cmp"
	"slices"
	"strings"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// View is what a reader of the text alone may use: the question's words
// and their structured form. It holds no start state.
type View struct {
	Suite    string
	Choices  []string
	Task     string
	Question string
	Meta     *question.Meta // only Form, Goal and Plans are read
	judge    *statesim.Judge
}

// judged returns the options judged over every start the family can give,
// made once per view.
func (v *View) judged() *statesim.Judge {
	if v.judge == nil {
		m := v.Meta
		g := statesim.Goal{}
		if m.Goal != nil {
			g = *m.Goal
		}
		v.judge = statesim.NewJudge(&m.Form, statesim.NewSpace(&m.Form, m.Goal), g, m.Plans)
	}
	return v.judge
}

// NewView returns the reader's view of q.
func NewView(q *question.Question) View {
	m := &question.Meta{Form: q.Meta.Form, Goal: q.Meta.Goal, Plans: q.Meta.Plans}
	return View{Suite: q.Suite, Choices: q.Choices, Task: q.Task, Question: q.Question, Meta: m}
}

// A Reader scores every choice of a question from its view; it picks the
// highest, uniformly among ties.
type Reader struct {
	Name  string
	Score func(v *View) []float64
}

// steps returns option j's plan without its final Submit.
func steps(v *View, j int) []statesim.Action {
	p := v.Meta.Plans[j]
	if k := slices.IndexFunc(p, func(a statesim.Action) bool { return a.Op == statesim.Submit }); k == len(p)-1 {
		return p[:k]
	}
	return p
}

func each(v *View, f func(j int) float64) []float64 {
	s := make([]float64, len(v.Choices))
	for j := range s {
		s[j] = f(j)
	}
	return s
}

// neg returns a reader scoring the opposite way.
func neg(name string, r Reader) Reader {
	return Reader{Name: name, Score: func(v *View) []float64 {
		s := r.Score(v)
		for j := range s {
			s[j] = -s[j]
		}
		return s
	}}
}

// words returns the lower-case words of a text.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}

var longest = Reader{"longest option", func(v *View) []float64 {
	return each(v, func(j int) float64 { return float64(len(v.Choices[j])) })
}}

var mostSteps = Reader{"most steps", func(v *View) []float64 {
	return each(v, func(j int) float64 { return float64(len(steps(v, j))) })
}}

var majority = Reader{"per-position majority", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		n := 0.0
		for i, a := range steps(v, j) {
			agree := 0
			for k := range v.Choices {
				if b := steps(v, k); i < len(b) && b[i] == a {
					agree++
				}
			}
			n += float64(agree)
		}
		return n
	})
}}

var alike = Reader{"most like the others", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		n := 0.0
		for k := range v.Choices {
			if k != j {
				for _, a := range steps(v, j) {
					if slices.Contains(steps(v, k), a) {
						n++
					}
				}
			}
		}
		return n
	})
}}

var taskWords = Reader{"most like the task's words", func(v *View) []float64 {
	task := words(v.Task)
	return each(v, func(j int) float64 {
		n := 0.0
		for _, w := range words(v.Choices[j]) {
			if slices.Contains(task, w) {
				n++
			}
		}
		return n
	})
}}

var lexFirst = Reader{"lexicographically first", func(v *View) []float64 {
	sorted := slices.Clone(v.Choices)
	slices.Sort(sorted)
	return each(v, func(j int) float64 { return -float64(slices.Index(sorted, v.Choices[j])) })
}}

var repeats = Reader{"most repeated steps", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		a, n := steps(v, j), 0.0
		for k := range a {
			if slices.Contains(a[:k], a[k]) {
				n++
			}
		}
		return n
	})
}}

var undoPairs = Reader{"most undo pairs", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		a, n := steps(v, j), 0.0
		for k := 1; k < len(a); k++ {
			if a[k].Target == a[k-1].Target {
				n++
			}
		}
		return n
	})
}}

var submitLate = Reader{"Submit latest", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		return float64(slices.IndexFunc(v.Meta.Plans[j], func(a statesim.Action) bool { return a.Op == statesim.Submit }))
	})
}}

// chain scores an option by how many others are a rotation of its steps:
// the middle of a chain of rotations is a rotation of the most.
var chain = Reader{"most rotations of it among the others", func(v *View) []float64 {
	return each(v, func(j int) float64 {
		a, n := v.Meta.Plans[j], 0.0
		for k := range v.Choices {
			b := v.Meta.Plans[k]
			if k == j || len(a) != len(b) {
				continue
			}
			for r := 1; r < len(a); r++ {
				if slices.Equal(append(slices.Clone(a[r:]), a[:r]...), b) {
					n++
					break
				}
			}
		}
		return n
	})
}}

// symbolic runs every option from every start the family can give and
// guesses among the options that reach the goal from at least one.
var symbolic = Reader{"symbolic: can be correct from some start", func(v *View) []float64 {
	j := v.judged()
	return each(v, func(k int) float64 { return b2f(j.CanBeCorrect(k)) })
}}

// exact guesses among the options that are the only correct one for some
// start the family can give: no reader of the text can tell the others
// apart, so no reader does better than this one.
var exact = Reader{"exact bound: only correct from some start", func(v *View) []float64 {
	j := v.judged()
	return each(v, func(k int) float64 { return b2f(j.OnlyCorrect(k)) })
}}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// MCQ lists the readers of the multiple-choice suites.
var MCQ = []Reader{
	longest, neg("shortest option", longest),
	mostSteps, neg("fewest steps", mostSteps),
	majority, neg("per-position minority", majority),
	alike, neg("least like the others", alike),
	taskWords, neg("least like the task's words", taskWords),
	lexFirst, neg("lexicographically last", lexFirst),
	neg("fewest repeated steps", repeats), neg("fewest undo pairs", undoPairs),
	submitLate, neg("Submit earliest", submitLate),
	chain, neg("fewest rotations of it among the others", chain),
	symbolic, exact,
}

// yesNo makes a future_state reader from a rule that says Yes or No.
func yesNo(name string, yes func(a, b []statesim.Action) bool) Reader {
	return Reader{name, func(v *View) []float64 {
		if yes(v.Meta.Plans[0], v.Meta.Plans[1]) {
			return []float64{1, 0}
		}
		return []float64{0, 1}
	}}
}

// sorted returns a plan's steps in a canonical order.
func sorted(p []statesim.Action) []statesim.Action {
	s := slices.Clone(p)
	slices.SortFunc(s, func(x, y statesim.Action) int {
		return cmp.Or(cmp.Compare(x.Op, y.Op), cmp.Compare(x.Target.Kind, y.Target.Kind), cmp.Compare(x.Target.Ordinal, y.Target.Ordinal),
			cmp.Compare(x.Target.Label, y.Target.Label), cmp.Compare(x.N, y.N), cmp.Compare(x.Text, y.Text))
	})
	return s
}

// YesNo lists the readers of future_state.
var YesNo = []Reader{
	yesNo("same steps in any order means Yes", func(a, b []statesim.Action) bool { return slices.Equal(sorted(a), sorted(b)) }),
	yesNo("same length means Yes", func(a, b []statesim.Action) bool { return len(a) == len(b) }),
	yesNo("mostly the same steps means Yes", func(a, b []statesim.Action) bool {
		same := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				same++
			}
		}
		return 2*same > len(a)
	}),
	yesNo("a shared last step means Yes", func(a, b []statesim.Action) bool { return a[len(a)-2] == b[len(b)-2] }),
	yesNo("absolute steps in both mean Yes", func(a, b []statesim.Action) bool {
		abs := func(p []statesim.Action) bool {
			return slices.ContainsFunc(p, func(x statesim.Action) bool {
				return x.Op == statesim.Enter || x.Op == statesim.Set || x.Op == statesim.Check || x.Op == statesim.Uncheck
			})
		}
		return abs(a) && abs(b)
	}),
	{"symbolic: the verdict every start gives, else a guess", func(v *View) []float64 {
		same, differ := v.judged().Verdicts()
		return []float64{b2f(same), b2f(differ)}
	}},
}

// Pictures lists the readers of temporal_order.
var Pictures = []Reader{
	{"always Picture 1", func(v *View) []float64 { return []float64{1, 0} }},
	{"always Picture 2", func(v *View) []float64 { return []float64{0, 1} }},
	{"Picture 1 when the options are listed", func(v *View) []float64 {
		if strings.Contains(v.Question, "\nA.") {
			return []float64{1, 0}
		}
		return []float64{0, 1}
	}},
}

// paperOriginal knows how the Paper protocol makes plan_shuffle options:
// the paper's fixed reorderings of one plan, the original the answer. It
// picks the option whose reorderings are the option set.
var paperOriginal = Reader{"the paper's original order", func(v *View) []float64 {
	o := suites.PaperOriginal(v.Meta.Plans)
	return each(v, func(j int) float64 { return b2f(j == o) })
}}

// ForProtocol returns the readers of a suite's questions made under
// protocol: those of For, and under the Paper protocol also readers of
// what that protocol adds: plan_shuffle's fixed reorderings, and
// future_state's plans of different lengths.
func ForProtocol(suite, protocol string) []Reader {
	rs := For(suite)
	if protocol != suites.Paper {
		return rs
	}
	switch suite {
	case "plan_shuffle":
		rs = append(slices.Clone(rs), paperOriginal)
	case "future_state":
		equal := yesNo("plans of equal length mean Yes", func(a, b []statesim.Action) bool { return len(a) == len(b) })
		rs = append(slices.Clone(rs), equal, neg("plans of different lengths mean Yes", equal))
	}
	return rs
}

// For returns the readers of a suite.
func For(suite string) []Reader {
	switch suite {
	case "future_state":
		return YesNo
	case "temporal_order":
		return Pictures
	}
	return MCQ
}
