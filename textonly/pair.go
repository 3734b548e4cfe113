package textonly

import (
	"cmp"
	"slices"
	"strings"

	"github.com/formplan/formplan/statesim"
)

// YesNoRule makes a reader of a Yes/No question about two plans (Yes
// first, then No) from a rule that says Yes or No.
func YesNoRule(name string, yes func(a, b []statesim.Action) bool) Reader {
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

// YesNo lists the readers of a question that asks Yes or No about two
// plans: whether they leave the form in the same state.
var YesNo = []Reader{
	YesNoRule("same steps in any order means Yes", func(a, b []statesim.Action) bool { return slices.Equal(sorted(a), sorted(b)) }),
	YesNoRule("same length means Yes", func(a, b []statesim.Action) bool { return len(a) == len(b) }),
	YesNoRule("mostly the same steps means Yes", func(a, b []statesim.Action) bool {
		same := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				same++
			}
		}
		return 2*same > len(a)
	}),
	YesNoRule("a shared last step means Yes", func(a, b []statesim.Action) bool { return a[len(a)-2] == b[len(b)-2] }),
	YesNoRule("absolute steps in both mean Yes", func(a, b []statesim.Action) bool {
		abs := func(p []statesim.Action) bool {
			return slices.ContainsFunc(p, func(x statesim.Action) bool {
				return x.Op == statesim.Enter || x.Op == statesim.Set || x.Op == statesim.Check || x.Op == statesim.Uncheck
			})
		}
		return abs(a) && abs(b)
	}),
	{"symbolic: the verdict every start gives, else a guess", func(v *View) []float64 {
		same, differ := v.Judge().Verdicts()
		return []float64{B2F(same), B2F(differ)}
	}},
}

// Pictures lists the readers of a question that asks which of two
// pictures came first.
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
