package pipeline

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os/exec"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// itemQuestion returns a question of the built-in family fam, drawn from
// seed, that pictures state s of its form (nil: the clean state), with
// short prompts and task.
func itemQuestion(t *testing.T, fam string, seed uint64, s func(f *forms.Form) statesim.State) question.Question {
	t.Helper()
	f := forms.Builtin(fam).NewForm(rand.New(rand.NewPCG(seed, 1)))
	st := statesim.Clean(&f)
	if s != nil {
		st = s(&f)
	}
	return question.Question{PromptInstruct: "Do it.", PromptCoT: "Think, then do it.", Task: "Select the 3rd radio button.",
		Meta: question.Meta{Form: f, Pictures: []statesim.State{st}}}
}

// cloneQuestion copies q's prompts, form and pictures, which the cases of
// TestItemOf change.
func cloneQuestion(q question.Question) question.Question {
	q.Meta.Form = q.Meta.Form.Clone()
	q.Meta.Pictures = slices.Clone(q.Meta.Pictures)
	for k := range q.Meta.Pictures {
		q.Meta.Pictures[k] = q.Meta.Pictures[k].Clone()
	}
	return q
}

// sliderAt returns the state of a radio_slider form with the 3rd radio
// button selected (which enables the slider) and the slider at v.
func sliderAt(v int) func(f *forms.Form) statesim.State {
	return func(f *forms.Form) statesim.State {
		s := statesim.Clean(f)
		s[2].N, s[3].N = 1, v
		return s
	}
}

// TestItemOf checks that an Item changes with what a row shows, its
// prompts, task and pictures, and with nothing else: not with ids,
// ordinals, the family's name, a slider's range where the handle stands
// at the same place, or text values no box shows that leave the widest
// text as it was.
func TestItemOf(t *testing.T) {
	slider := itemQuestion(t, "radio_slider", 1, sliderAt(10))
	slider.Meta.Form.Elements[3].Min, slider.Meta.Form.Elements[3].Max = 0, 10
	text := itemQuestion(t, "radio_textboxes", 2, nil)
	text.Meta.Form.TextValues = []string{"1234", "5678", "9012"}
	text.Meta.Pictures[0][3].S = "1234"
	tests := []struct {
		name   string
		base   question.Question
		change func(q *question.Question)
		same   bool
	}{
		{"unchanged", slider, func(q *question.Question) {}, true},
		{"Instruct prompt", slider, func(q *question.Question) { q.PromptInstruct += "." }, false},
		{"CoT prompt", slider, func(q *question.Question) { q.PromptCoT = "Think; then do it." }, false},
		{"task", slider, func(q *question.Question) { q.Task = "Select the 2nd radio button." }, false},
		{"slider value", slider, func(q *question.Question) { q.Meta.Pictures[0][3].N = 9 }, false},
		{"radio button", slider, func(q *question.Question) { q.Meta.Pictures[0][2].N, q.Meta.Pictures[0][1].N = 0, 1 }, false},
		{"a second picture", slider, func(q *question.Question) {
			q.Meta.Pictures = append(q.Meta.Pictures, q.Meta.Pictures[0].Clone())
		}, false},
		{"ids, ordinals and family", slider, func(q *question.Question) {
			q.Meta.Form.Family = "donation"
			for i := range q.Meta.Form.Elements {
				q.Meta.Form.Elements[i].ID += "x"
				q.Meta.Form.Elements[i].Ordinal += 3
			}
		}, true},
		{"range with the handle at its end", slider, func(q *question.Question) { q.Meta.Form.Elements[3].Min = -10 }, true},
		{"range with the handle elsewhere", slider, func(q *question.Question) {
			q.Meta.Form.Elements[3].Min = -10
			q.Meta.Pictures[0][3].N = 5
		}, false},
		{"step", slider, func(q *question.Question) { q.Meta.Form.Elements[3].Step = 5 }, true},
		{"label", slider, func(q *question.Question) { q.Meta.Form.Elements[0].Label = "once" }, false},
		{"text typed", text, func(q *question.Question) { q.Meta.Pictures[0][3].S = "5678" }, false},
		{"a text no box shows", text, func(q *question.Question) { q.Meta.Form.TextValues[2] = "3456" }, true},
		{"a wider text", text, func(q *question.Question) { q.Meta.Form.TextValues[2] = "34567890" }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := cloneQuestion(tc.base)
			tc.change(&q)
			if a, b := ItemOf(&tc.base), ItemOf(&q); (a == b) != tc.same {
				t.Errorf("Items %x and %x: want the same %v", a, b, tc.same)
			}
		})
	}
}

// TestItemOfPixels renders slider pictures that ItemOf says look the same
// or differ, and checks the screenshots agree, byte for byte.
func TestItemOfPixels(t *testing.T) {
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Skip("Chromium is not installed")
	}
	r, err := render.New(context.Background(), render.Options{Head: formview.Head()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	at := func(lo, v int) question.Question {
		q := itemQuestion(t, "radio_slider", 1, sliderAt(v))
		q.Meta.Form.Elements[3].Min, q.Meta.Form.Elements[3].Max = lo, 10
		return q
	}
	tests := []struct {
		a, b question.Question
	}{
		{at(0, 10), at(-10, 10)},
		{at(0, 5), at(-10, 5)},
		{at(0, 0), at(-10, 0)},
		{at(0, 10), at(0, 9)},
	}
	for _, tc := range tests {
		var jobs []render.Job
		for _, q := range []question.Question{tc.a, tc.b} {
			job, err := formview.Job(&q.Meta.Form, q.Meta.Pictures[0], q.Task, "u")
			if err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, job)
		}
		res, err := r.Render(context.Background(), jobs)
		if err != nil {
			t.Fatal(err)
		}
		samePixels := bytes.Equal(res[0].PNG, res[1].PNG)
		if sameItem := ItemOf(&tc.a) == ItemOf(&tc.b); sameItem != samePixels {
			t.Errorf("slider %d..10 at %d and %d..10 at %d: same Item %v, same pixels %v", tc.a.Meta.Form.Elements[3].Min, tc.a.Meta.Pictures[0][3].N,
				tc.b.Meta.Form.Elements[3].Min, tc.b.Meta.Pictures[0][3].N, sameItem, samePixels)
		}
	}
}
