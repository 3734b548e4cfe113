package textonly

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// view returns the view of a checkboxes question whose options are plans.
func view(t *testing.T, task, text string, choices []string, plans [][]statesim.Action) View {
	t.Helper()
	f := forms.Builtin("checkboxes")
	if f == nil {
		t.Fatal("no checkboxes family")
	}
	form := f.NewForm(rand.New(rand.NewPCG(1, 2)))
	g := statesim.Goal{Wants: []statesim.Want{{Target: form.RefOf(0), Value: statesim.Value{N: 1}}}}
	q := question.Question{Suite: "s", Task: task, Question: text, Choices: choices,
		Meta: question.Meta{Form: form, Goal: &g, Plans: plans}}
	return NewView(&q)
}

func TestReaders(t *testing.T) {
	check := func(k int) statesim.Action {
		return statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: k + 1}}
	}
	sub := statesim.SubmitAction
	plans := [][]statesim.Action{{check(0), check(1), sub}, {check(0), sub}, {sub, check(2)}}
	tests := []struct {
		reader Reader
		task   string
		text   string
		opts   []string
		plans  [][]statesim.Action
		want   []float64
	}{
		{MCQ[0], "", "", []string{"aa", "a", "aaa"}, plans, []float64{2, 1, 3}},
		{MCQ[1], "", "", []string{"aa", "a", "aaa"}, plans, []float64{-2, -1, -3}},
		{mostSteps, "", "", []string{"x", "y", "z"}, plans, []float64{2, 1, 2}},
		{submitLate, "", "", []string{"x", "y", "z"}, plans, []float64{2, 1, 0}},
		{taskWords, "tick the red box", "", []string{"tick red", "the box", "none"}, plans, []float64{2, 2, 0}},
		{lexFirst, "", "", []string{"b", "a", "c"}, plans, []float64{-1, 0, -2}},
		{YesNo[1], "", "", []string{"Yes", "No"}, plans[:2], []float64{0, 1}},
		{YesNo[1], "", "", []string{"Yes", "No"}, [][]statesim.Action{plans[1], plans[2]}, []float64{1, 0}},
		{Pictures[0], "", "", []string{"Picture 1", "Picture 2"}, nil, []float64{1, 0}},
		{Pictures[2], "", "Which?\nA.\nPicture 1", []string{"Picture 1", "Picture 2"}, nil, []float64{1, 0}},
		{Pictures[2], "", "Which came first?", []string{"Picture 1", "Picture 2"}, nil, []float64{0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.reader.Name, func(t *testing.T) {
			v := view(t, tc.task, tc.text, tc.opts, tc.plans)
			if got := tc.reader.Score(&v); !slices.Equal(got, tc.want) {
				t.Errorf("scores %v, want %v", got, tc.want)
			}
		})
	}
}

func TestOpenReaders(t *testing.T) {
	g := statesim.Goal{Wants: []statesim.Want{
		{Target: forms.Ref{Kind: forms.Slider, Ordinal: 1}, Value: statesim.Value{N: 3}},
		{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 1}, Value: statesim.Value{N: 1}},
		{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 2}, Value: statesim.Value{N: 0}},
	}}
	v := OpenView{Goal: g, Horizon: 1}
	want := [][]float64{{0, -1, -2}, {0, 1, 2}, {3, 1, 0}, {float64(forms.Slider), float64(forms.Checkbox), float64(forms.Checkbox)}}
	for k, r := range Open {
		if got := r.Rank(&v); !slices.Equal(got, want[k]) {
			t.Errorf("%s: ranks %v, want %v", r.Name, got, want[k])
		}
	}
}
