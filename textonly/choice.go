package textonly

import (
	"slices"

	"github.com/formplan/formplan/statesim"
)

var longest = Reader{"longest option", func(v *View) []float64 {
	return Each(v, func(j int) float64 { return float64(len(v.Choices[j])) })
}}

var mostSteps = Reader{"most steps", func(v *View) []float64 {
	return Each(v, func(j int) float64 { return float64(len(steps(v, j))) })
}}

var majority = Reader{"per-position majority", func(v *View) []float64 {
	return Each(v, func(j int) float64 {
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
	return Each(v, func(j int) float64 {
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
	return Each(v, func(j int) float64 {
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
	return Each(v, func(j int) float64 { return -float64(slices.Index(sorted, v.Choices[j])) })
}}

var repeats = Reader{"most repeated steps", func(v *View) []float64 {
	return Each(v, func(j int) float64 {
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
	return Each(v, func(j int) float64 {
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
	return Each(v, func(j int) float64 {
		return float64(slices.IndexFunc(v.Meta.Plans[j], func(a statesim.Action) bool { return a.Op == statesim.Submit }))
	})
}}

// chain scores an option by how many others are a rotation of its steps:
// the middle of a chain of rotations is a rotation of the most.
var chain = Reader{"most rotations of it among the others", func(v *View) []float64 {
	return Each(v, func(j int) float64 {
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
	j := v.Judge()
	return Each(v, func(k int) float64 { return B2F(j.CanBeCorrect(k)) })
}}

// exact guesses among the options that are the only correct one for some
// start the family can give: no reader of the text can tell the others
// apart, so no reader does better than this one.
var exact = Reader{"exact bound: only correct from some start", func(v *View) []float64 {
	j := v.Judge()
	return Each(v, func(k int) float64 { return B2F(j.OnlyCorrect(k)) })
}}

// MCQ lists the readers of a question that offers plans as lettered
// options, one of them correct.
var MCQ = []Reader{
	longest, Neg("shortest option", longest),
	mostSteps, Neg("fewest steps", mostSteps),
	majority, Neg("per-position minority", majority),
	alike, Neg("least like the others", alike),
	taskWords, Neg("least like the task's words", taskWords),
	lexFirst, Neg("lexicographically last", lexFirst),
	Neg("fewest repeated steps", repeats), Neg("fewest undo pairs", undoPairs),
	submitLate, Neg("Submit earliest", submitLate),
	chain, Neg("fewest rotations of it among the others", chain),
	symbolic, exact,
}
