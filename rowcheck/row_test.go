package rowcheck

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

func TestLetters(t *testing.T) {
	tests := []struct {
		ks   []int
		want string
	}{
		{[]int{0}, "A"},
		{[]int{0, 2}, "A, C"},
		{[]int{7}, "H"},
		{[]int{8}, "#9"},
		{[]int{-1}, "#0"},
		{nil, ""},
	}
	for _, tc := range tests {
		if got := OptionLetters(tc.ks); got != tc.want {
			t.Errorf("OptionLetters(%v) = %q, want %q", tc.ks, got, tc.want)
		}
	}
}

func TestNear(t *testing.T) {
	tests := []struct {
		a, b float64
		want bool
	}{
		{0.1 + 0.2, 0.3, true},
		{1.0 / 3, 0.3333333333, false},
		{1e6 + 1e-7, 1e6, true},
		{0, 1e-13, true},
		{0, 1e-11, false},
	}
	for _, tc := range tests {
		if got := Near(tc.a, tc.b); got != tc.want {
			t.Errorf("Near(%g, %g) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSteps(t *testing.T) {
	box := forms.Ref{Kind: forms.Checkbox, Ordinal: 1}
	check := statesim.Action{Op: statesim.Check, Target: box}
	tests := []struct {
		plan        []statesim.Action
		before, but int
	}{
		{[]statesim.Action{check, statesim.SubmitAction}, 1, 1},
		{[]statesim.Action{statesim.SubmitAction, check, check}, 0, 2},
		{[]statesim.Action{check, check, statesim.SubmitAction, check}, 2, 3},
	}
	for _, tc := range tests {
		if got := StepsBeforeSubmit(tc.plan); got != tc.before {
			t.Errorf("StepsBeforeSubmit(%v) = %d, want %d", tc.plan, got, tc.before)
		}
		if got := StepsButSubmit(tc.plan); got != tc.but {
			t.Errorf("StepsButSubmit(%v) = %d, want %d", tc.plan, got, tc.but)
		}
	}
}

// optionRow returns a row asking which of two plans checks both boxes of a
// form of two checkboxes from the pictured start, where only the second
// box is checked: plan A checks the first box, plan B the second, so A is
// the answer, and the start where only the first is checked makes B the
// answer instead.
func optionRow() (*dataset.Row, *question.Meta) {
	f := forms.Form{Family: "x", Refer: forms.ByOrdinal, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Group: "g0"},
		{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Group: "g1"},
		{ID: "e2", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	box1 := forms.Ref{Kind: forms.Checkbox, Ordinal: 1}
	box2 := forms.Ref{Kind: forms.Checkbox, Ordinal: 2}
	g := statesim.NewGoal(&f, []statesim.Want{{Target: box1, Value: statesim.Value{N: 1}}, {Target: box2, Value: statesim.Value{N: 1}}})
	start, other := statesim.Clean(&f), statesim.Clean(&f)
	start[1].N, other[0].N = 1, 1
	m := &question.Meta{
		Form:  f,
		Goal:  &g,
		Start: start,
		Plans: [][]statesim.Action{
			{{Op: statesim.Check, Target: box1}, statesim.SubmitAction},
			{{Op: statesim.Check, Target: box2}, statesim.SubmitAction},
		},
		Starts:   []statesim.State{start, other},
		Pictures: []statesim.State{start},
	}
	idx, horizon, needed, none := int64(0), int64(1), true, ""
	row := &dataset.Row{
		Choices:     []string{"plan A", "plan B"},
		Answer:      "A",
		AnswerIdx:   &idx,
		Horizon:     &horizon,
		ImageNeeded: &needed,
		History:     &none,
	}
	return row, m
}

func TestPlanOptions(t *testing.T) {
	tests := []struct {
		name   string
		change func(row *dataset.Row, m *question.Meta)
		want   []string
	}{
		{"as built", func(*dataset.Row, *question.Meta) {}, nil},
		{"no candidate starts", func(_ *dataset.Row, m *question.Meta) { m.Starts = nil }, nil},
		{"wrong letter", func(row *dataset.Row, _ *question.Meta) { row.Answer = "B" }, []string{
			`answer "B", but answer_idx 0 is A`,
		}},
		{"wrong answer", func(row *dataset.Row, _ *question.Meta) { *row.AnswerIdx = 1; row.Answer = "B" }, []string{
			`option A reaches the goal, but the answer is "B" (answer_idx 1)`,
			"the answer's start in metadata.starts is not the pictured start",
		}},
		{"image not needed", func(row *dataset.Row, _ *question.Meta) { *row.ImageNeeded = false }, []string{
			"image_needed is false, but re-derived it is true",
		}},
		{"image_needed null", func(row *dataset.Row, _ *question.Meta) { row.ImageNeeded = nil }, []string{
			"image_needed is null, but re-derived it is true",
		}},
		{"long horizon", func(row *dataset.Row, _ *question.Meta) { *row.Horizon = 2 }, []string{
			"horizon 2, but option A has 1 steps",
			"horizon 2, but option B has 1 steps",
		}},
		{"swapped starts", func(_ *dataset.Row, m *question.Meta) { m.Starts[0], m.Starts[1] = m.Starts[1], m.Starts[0] }, []string{
			"from the start of option A, option A does not reach the goal",
			"from the start of option A, option B reaches the goal too",
			"from the start of option B, option A reaches the goal too",
			"from the start of option B, option B does not reach the goal",
			"the answer's start in metadata.starts is not the pictured start",
		}},
		{"one start", func(_ *dataset.Row, m *question.Meta) { m.Starts = m.Starts[:1] }, []string{
			"metadata has 1 starts for 2 plans",
		}},
		{"choice not the plan", func(row *dataset.Row, _ *question.Meta) { row.Choices[1] = "another" }, []string{
			"choice B is not the text of plan 2",
		}},
		{"pictured elsewhere", func(_ *dataset.Row, m *question.Meta) { m.Pictures = append(m.Pictures, m.Start) }, []string{
			"metadata pictures should be [start]",
		}},
		{"history", func(row *dataset.Row, _ *question.Meta) { *row.History = "1. Check the 1st checkbox" }, []string{
			"history is set, but only edge_case has one",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			row, m := optionRow()
			tc.change(row, m)
			var p Problems
			r := &Row{Col: row, Meta: m, Texts: []string{"plan A", "plan B"}, P: &p}
			for _, plan := range m.Plans {
				r.Runs = append(r.Runs, RunFrom(&m.Form, m.Start, plan))
			}
			r.CheckPlanOptions(StepsBeforeSubmit)
			r.CheckCandidates()
			r.CheckNoHistory()
			if !slices.Equal(p, tc.want) {
				t.Errorf("problems %q, want %q", p, tc.want)
			}
		})
	}
}

func TestPairStarts(t *testing.T) {
	tests := []struct {
		name   string
		change func(row *dataset.Row, m *question.Meta)
		want   []string
	}{
		{"as built", func(*dataset.Row, *question.Meta) {}, nil},
		{"no candidate starts", func(_ *dataset.Row, m *question.Meta) { m.Starts = nil }, nil},
		{"answer yes", func(row *dataset.Row, _ *question.Meta) { row.Answer = "Yes" }, []string{
			"the pictured start is not the metadata start where the answer is Yes",
		}},
		{"swapped starts", func(_ *dataset.Row, m *question.Meta) { m.Starts[0], m.Starts[1] = m.Starts[1], m.Starts[0] }, []string{
			"from metadata start 1 the plans do not agree",
			"from metadata start 2 the plans agree",
			"the pictured start is not the metadata start where the answer is No",
		}},
		{"image not needed", func(row *dataset.Row, _ *question.Meta) { *row.ImageNeeded = false }, []string{
			"image_needed is false, but re-derived it is true",
		}},
		{"three starts", func(_ *dataset.Row, m *question.Meta) { m.Starts = append(m.Starts, m.Start) }, []string{
			"metadata has 3 starts, want 2",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Plan A checks the first box, plan B the second: from the
			// clean start they differ (No, pictured), from a start with
			// both boxes checked they agree.
			row, m := optionRow()
			m.Goal = nil
			both := statesim.Clean(&m.Form)
			both[0].N, both[1].N = 1, 1
			m.Start = statesim.Clean(&m.Form)
			m.Starts = []statesim.State{both, m.Start}
			row.Answer = "No"
			var p Problems
			r := &Row{Col: row, Meta: m, P: &p}
			tc.change(row, m)
			r.CheckPairStarts()
			if !slices.Equal(p, tc.want) {
				t.Errorf("problems %q, want %q", p, tc.want)
			}
		})
	}
}
