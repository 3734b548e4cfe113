package formview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

func newRenderer(t *testing.T, scale float64) *render.Renderer {
	t.Helper()
	ctx := context.Background()
	r, err := render.New(ctx, render.Options{Head: Head(), Fonts: Fonts(), Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestRenderMatchesState renders random states of every family and checks
// the DOM read back against the simulator, and the picture's size.
func TestRenderMatchesState(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, scale)
		rng := rand.New(rand.NewPCG(1, 2))
		var jobs []render.Job
		var fs []forms.Form
		var states []statesim.State
		for _, fam := range forms.Builtins() {
			for i := 0; i < 30; i++ {
				f := fam.NewForm(rng)
				s := statesim.RandomState(&f, rng, 0.6)
				g := perturb.Goal(&fam, &f, rng)
				job, err := Job(&f, s, g.Text, fmt.Sprint(len(jobs)))
				if err != nil {
					t.Fatal(err)
				}
				job.Height = MaxHeight // the bar may grow
				jobs, fs, states = append(jobs, job), append(fs, f), append(states, s)
			}
		}
		res, err := r.Render(context.Background(), jobs)
		if err != nil {
			t.Fatal(err)
		}
		for k := range jobs {
			if err := Check(&fs[k], states[k], res[k].Elements); err != nil {
				t.Errorf("scale %g, job %d: %v", scale, k, err)
			}
			h := float64(res[k].Height) / scale
			if res[k].Width != int(float64(jobs[k].Width)*scale) || h < Height || h > MaxHeight || int(h-Height)%GrowStep != 0 {
				t.Errorf("picture %dx%d at scale %g, want %d wide and %d to %d tall in steps of %d", res[k].Width, res[k].Height, scale, jobs[k].Width, Height, MaxHeight, GrowStep)
			}
			for _, b := range Boxes(&fs[k], res[k].Elements) {
				if b.Norm[0] < 0 || b.Norm[1] < 0 || b.Norm[0]+b.Norm[2] > 1.001 || b.Norm[1]+b.Norm[3] > 1.001 || b.Pixels[2] <= 0 {
					t.Errorf("job %d: element %s box %v is not inside the picture", k, b.ID, b.Norm)
				}
			}
		}
		if scale == 1 {
			os.WriteFile(os.TempDir()+"/formview-sample.png", res[0].PNG, 0o644)
		}
	}
}

// TestCheckCatchesMismatch makes sure a picture of another state is refused.
func TestCheckCatchesMismatch(t *testing.T) {
	r := newRenderer(t, 1)
	f := forms.Builtin("slider_checkboxes").NewForm(rand.New(rand.NewPCG(3, 3)))
	s := statesim.Clean(&f)
	job, err := Job(&f, s, "task", "a")
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Render(context.Background(), []render.Job{job})
	if err != nil {
		t.Fatal(err)
	}
	other := s.Clone()
	other[0].N = f.Elements[0].Max
	if err := Check(&f, other, res[0].Elements); err == nil || !strings.Contains(err.Error(), "slider") {
		t.Errorf("Check of the wrong state = %v, want a slider mismatch", err)
	}
}

// TestLabelsAreEscaped renders a label that looks like markup.
func TestLabelsAreEscaped(t *testing.T) {
	f := forms.Form{Refer: forms.ByLabel, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: `<img src=x onerror=alert(1)>`},
		{ID: "e1", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	job, err := Job(&f, statesim.Clean(&f), `<script>bad()</script>`, "x")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(job.HTML, "<img") || strings.Contains(job.HTML, "<script>") {
		t.Fatalf("markup was not escaped: %s", job.HTML)
	}
}

// TestExecuteMatchesSimulator carries out plans with real clicks and key
// presses and compares the DOM with the simulator's final state.
func TestExecuteMatchesSimulator(t *testing.T) {
	r := newRenderer(t, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	sliderForm := forms.Builtin("slider_checkboxes").NewForm(rand.New(rand.NewPCG(1, 1)))
	textForm := forms.Builtin("radio_textboxes").NewForm(rand.New(rand.NewPCG(1, 1)))
	cb := func(n int) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Ordinal: n} }
	sl := forms.Ref{Kind: forms.Slider, Ordinal: 1}
	tb := func(n int) forms.Ref { return forms.Ref{Kind: forms.TextBox, Ordinal: n} }
	rb := func(n int) forms.Ref { return forms.Ref{Kind: forms.Radio, Ordinal: n} }
	v := textForm.TextValues
	type edge struct {
		name string
		f    *forms.Form
		set  func(s statesim.State)
		plan []statesim.Action
	}
	edges := []edge{
		{"toggle twice", &sliderForm, nil, []statesim.Action{{Op: statesim.Click, Target: cb(1)}, {Op: statesim.Click, Target: cb(1)}}},
		{"check a checked box", &sliderForm, func(s statesim.State) { s[1].N = 1 }, []statesim.Action{{Op: statesim.Check, Target: cb(1)}, {Op: statesim.Uncheck, Target: cb(2)}}},
		{"move past max clamps", &sliderForm, nil, []statesim.Action{{Op: statesim.Set, Target: sl, N: 8}, {Op: statesim.Move, Target: sl, N: 5}}},
		{"clamp then move back", &sliderForm, nil, []statesim.Action{{Op: statesim.Set, Target: sl, N: 10}, {Op: statesim.Move, Target: sl, N: -10}, {Op: statesim.Move, Target: sl, N: -1}}},
		{"set past min", &sliderForm, nil, []statesim.Action{{Op: statesim.Set, Target: sl, N: -50}}},
		{"type into a pre-filled box", &textForm, func(s statesim.State) { s[4].S = v[0] }, []statesim.Action{{Op: statesim.Type, Target: tb(2), Text: v[1]}}},
		{"clear then type", &textForm, func(s statesim.State) { s[3].S = v[2] }, []statesim.Action{{Op: statesim.Clear, Target: tb(1)}, {Op: statesim.Type, Target: tb(1), Text: v[0]}}},
		{"enter replaces", &textForm, func(s statesim.State) { s[5].S = v[1] }, []statesim.Action{{Op: statesim.Enter, Target: tb(3), Text: v[2]}}},
		{"re-select a radio", &textForm, nil, []statesim.Action{{Op: statesim.Select, Target: rb(2)}, {Op: statesim.Select, Target: rb(2)}, {Op: statesim.Select, Target: rb(3)}}},
		{"nothing after submit", &sliderForm, nil, []statesim.Action{{Op: statesim.Click, Target: cb(3)}, statesim.SubmitAction, {Op: statesim.Click, Target: cb(2)}}},
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for _, fam := range forms.Builtins() {
		for i := 0; i < 8; i++ {
			f := fam.NewForm(rng)
			start := statesim.RandomState(&f, rng, 0.5)
			plan := make([]statesim.Action, 1+rng.IntN(6))
			for k := range plan {
				plan[k] = perturb.Step(&f, rng)
			}
			edges = append(edges, edge{fmt.Sprintf("%s random %d", fam.Name, i), &f, func(s statesim.State) { copy(s, start) }, plan})
		}
	}
	for _, tc := range edges {
		t.Run(tc.name, func(t *testing.T) {
			s := statesim.Clean(tc.f)
			if tc.set != nil {
				tc.set(s)
			}
			want, err := statesim.Run(tc.f, s, tc.plan)
			if err != nil {
				t.Fatal(err)
			}
			job, err := Job(tc.f, s, "task", "x")
			if err != nil {
				t.Fatal(err)
			}
			job.Width = MaxWidth // the page widens as the plan types
			in, err := Inputs(tc.f, s, tc.plan)
			if err != nil {
				t.Fatal(err)
			}
			dom, err := r.Execute(ctx, job, in)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(tc.f, want.Final, dom); err != nil {
				t.Errorf("plan %v from %s: %v", tc.plan, s, err)
			}
		})
	}
}
