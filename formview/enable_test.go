package formview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// TestConditionalMarkup checks the markup of conditional elements: the
// enabler's id, a slider enabler's threshold, and disabled exactly when
// the state disables the element; and that forms without conditions carry
// none of it.
func TestConditionalMarkup(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	tag := func(html, id string) string {
		start, end := testforms.ControlTag(t, html, id)
		return html[start:end]
	}
	for _, fam := range append(forms.Builtins(), testforms.Conditional(t)...) {
		for range 20 {
			f := fam.NewForm(rng)
			s := statesim.RandomState(&f, rng, 0.5)
			job, err := Job(&f, s, "task", "u")
			if err != nil {
				t.Fatal(err)
			}
			if !f.Conditional() {
				if strings.Contains(job.HTML, "disabled") || strings.Contains(job.HTML, "data-enabled-by") || strings.Contains(job.HTML, "data-at-least") {
					t.Fatalf("%s: a form without conditions has conditional markup: %s", fam.Name, job.HTML)
				}
				continue
			}
			for i, e := range f.Elements {
				got := tag(job.HTML, e.ID)
				var want []string
				if en := e.EnabledBy; en != nil {
					want = append(want, fmt.Sprintf(` data-enabled-by="%s"`, f.Elements[en.Element].ID))
					if f.Elements[en.Element].Kind == forms.Slider {
						want = append(want, fmt.Sprintf(` data-at-least="%d"`, en.AtLeast))
					}
					if !statesim.Enabled(&f, s, i) {
						want = append(want, " disabled")
					}
				}
				for _, w := range want {
					if !strings.Contains(got, w) {
						t.Errorf("%s, state %s: %s has no%s: %s", fam.Name, s, e.ID, w, got)
					}
				}
				for _, w := range []string{" data-enabled-by=", " data-at-least=", " disabled"} {
					if strings.Contains(got, w) && !strings.Contains(strings.Join(want, ""), w) {
						t.Errorf("%s, state %s: %s has%s: %s", fam.Name, s, e.ID, w, got)
					}
				}
			}
		}
	}
}

// TestCheckDisabled renders states with one element's disabled attribute
// flipped, and expects Check to name that element.
func TestCheckDisabled(t *testing.T) {
	r := newRenderer(t, 1)
	rng := rand.New(rand.NewPCG(9, 9))
	type flip struct {
		f  forms.Form
		s  statesim.State
		i  int
		fl bool // the job is flipped
	}
	var jobs []render.Job
	var flips []flip
	for _, fam := range testforms.Conditional(t) {
		for range 3 {
			f := fam.NewForm(rng)
			s := statesim.RandomState(&f, rng, 0.5)
			job, err := Job(&f, s, "task", fmt.Sprint(len(jobs)))
			if err != nil {
				t.Fatal(err)
			}
			jobs, flips = append(jobs, job), append(flips, flip{f, s, -1, false})
			for i, e := range f.Elements {
				if e.Kind == forms.Submit {
					continue
				}
				fl := job
				fl.HTML = testforms.FlipDisabled(t, job.HTML, e.ID)
				jobs, flips = append(jobs, fl), append(flips, flip{f, s, i, true})
			}
		}
	}
	res, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	for k, fl := range flips {
		err := Check(&fl.f, fl.s, res[k].Elements)
		if !fl.fl {
			if err != nil {
				t.Errorf("job %d: %v", k, err)
			}
			continue
		}
		e := fl.f.Elements[fl.i]
		want := fmt.Sprintf("element %s (%s): the page shows it %s, the simulator says %s", e.ID, fl.f.Name(fl.f.RefOf(fl.i)),
			ableWord(statesim.Enabled(&fl.f, fl.s, fl.i)), ableWord(!statesim.Enabled(&fl.f, fl.s, fl.i)))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("job %d, %s flipped: Check = %v, want %q", k, e.ID, err, want)
		}
	}
}

// TestScriptScopedToForm puts two forms of one family side by side in one
// job, as render lays many out on one page, changes the first one's
// enabler with real inputs, and expects the second form to keep its
// disabled flags: the page script looks enablers up within each form.
func TestScriptScopedToForm(t *testing.T) {
	r := newRenderer(t, 1)
	rng := rand.New(rand.NewPCG(10, 10))
	for _, fam := range testforms.Conditional(t) {
		t.Run(fam.Name, func(t *testing.T) {
			f := fam.NewForm(rng)
			dep := -1
			for i, e := range f.Elements {
				if e.EnabledBy != nil {
					dep = i
					break
				}
			}
			g := gates(&f, dep)[0]
			for _, first := range []statesim.Action{g.enable, g.disable} {
				// Both forms start where the other step of the gate leads,
				// so that the step on the first form changes its flags and,
				// were the enabler looked up in the whole page, the
				// second's too.
				other := pick(first == g.enable, g.disable, g.enable)
				a, err := statesim.Apply(&f, statesim.RandomState(&f, rng, 0.5), other)
				if err != nil {
					t.Fatal(err)
				}
				b, err := statesim.Apply(&f, statesim.RandomState(&f, rng, 0.5), other)
				if err != nil {
					t.Fatal(err)
				}
				ja, err := Job(&f, a, "first", "a")
				if err != nil {
					t.Fatal(err)
				}
				jb, err := Job(&f, b, "second", "b")
				if err != nil {
					t.Fatal(err)
				}
				both := render.Job{HTML: `<div style="width:320px;height:210px;display:flex">` + ja.HTML + jb.HTML + `</div>`, Width: 2 * Width, Height: Height}
				in, err := Inputs(&f, a, []statesim.Action{first})
				if err != nil {
					t.Fatal(err)
				}
				want, err := statesim.Apply(&f, a, first)
				if err != nil {
					t.Fatal(err)
				}
				dom, err := r.Execute(context.Background(), both, in)
				if err != nil {
					t.Fatal(err)
				}
				n := len(f.Elements)
				if len(dom) != 2*n {
					t.Fatalf("%d elements read back, want %d", len(dom), 2*n)
				}
				if err := Check(&f, want, dom[:n]); err != nil {
					t.Errorf("%s on the first form: %v", first.Op, err)
				}
				// The read-back finds a slider's printed value by id in the
				// whole job, so it reads the first form's for the second.
				second := dom[n:]
				for k := range second {
					second[k].Shown = second[k].Value
				}
				if err := Check(&f, b, second); err != nil {
					t.Errorf("%s on the first form changed the second: %v", first.Op, err)
				}
			}
		})
	}
}
