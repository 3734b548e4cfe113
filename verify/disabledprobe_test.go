package verify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// pictured is a form in a state to picture.
type pictured struct {
	f *forms.Form
	s statesim.State
}

// enablerStates draws two forms of each family and, for each, states with
// every value of every enabler (a box checked or not, each radio button
// of the group or none selected, a slider at each position), once with
// the other elements drawn at random and once more with every conditional
// element moved away from its clean value.
func enablerStates(t testing.TB, fams []forms.Family, seed uint64) []pictured {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []pictured
	for _, fam := range fams {
		for range 2 {
			f := fam.NewForm(rng)
			seen := map[int]bool{}
			for _, e := range f.Elements {
				if e.EnabledBy == nil || seen[e.EnabledBy.Element] {
					continue
				}
				k := e.EnabledBy.Element
				seen[k] = true
				for _, set := range enablerValues(&f, k) {
					for v := range 2 {
						s := statesim.RandomState(&f, rng, 0.5)
						if v == 1 {
							setConditional(&f, s)
						}
						set(s)
						if err := statesim.Validate(&f, s); err != nil {
							t.Fatal(err)
						}
						out = append(out, pictured{&f, s})
					}
				}
			}
		}
	}
	return out
}

// enablerValues returns, for each value enabler k of f can take, what sets
// it in a state.
func enablerValues(f *forms.Form, k int) []func(statesim.State) {
	e := &f.Elements[k]
	var out []func(statesim.State)
	switch e.Kind {
	case forms.Checkbox:
		for n := range 2 {
			out = append(out, func(s statesim.State) { s[k].N = n })
		}
	case forms.Radio:
		group := f.Members(e.Group)
		for sel := -1; sel < len(group); sel++ {
			out = append(out, func(s statesim.State) {
				for x, j := range group {
					s[j].N = 0
					if x == sel {
						s[j].N = 1
					}
				}
			})
		}
	case forms.Slider:
		for n := e.Min; n <= e.Max; n += e.Step {
			out = append(out, func(s statesim.State) { s[k].N = n })
		}
	}
	return out
}

// setConditional moves every conditional element of f in s away from its
// clean value: a box checked, the 2nd radio button of a group selected, a
// slider at its maximum, a text box holding the form's last text value.
func setConditional(f *forms.Form, s statesim.State) {
	for i, e := range f.Elements {
		if e.EnabledBy == nil {
			continue
		}
		switch e.Kind {
		case forms.Checkbox:
			s[i].N = 1
		case forms.Radio:
			for x, j := range f.Members(e.Group) {
				s[j].N = 0
				if x == 1 {
					s[j].N = 1
				}
			}
		case forms.Slider:
			s[i].N = e.Max
		case forms.TextBox:
			s[i].S = f.TextValues[len(f.TextValues)-1]
		}
	}
}

// renderedRule is the textRule of the pictures a test renders, as gen
// records their font.
func renderedRule() textRule { return fontRule(typeface.ID()) }

// renderPictured renders states at scale, checks the DOM against each, and
// returns each one's boxes and picture.
func renderPictured(t *testing.T, scale float64, ps []pictured, html func(k int, job render.Job) string) ([][]formview.Box, []*rgb, []error) {
	t.Helper()
	r, err := render.New(context.Background(), render.Options{Scale: scale, Head: formview.Head()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	jobs := make([]render.Job, len(ps))
	for k, p := range ps {
		job, err := formview.Job(p.f, p.s, "Check the 1st checkbox, then hit Submit.", fmt.Sprint("j", k))
		if err != nil {
			t.Fatal(err)
		}
		if html != nil {
			job.HTML = html(k, job)
		}
		jobs[k] = job
	}
	res, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	boxes := make([][]formview.Box, len(ps))
	imgs := make([]*rgb, len(ps))
	checks := make([]error, len(ps))
	for k, p := range ps {
		checks[k] = formview.Check(p.f, p.s, res[k].Elements)
		boxes[k] = formview.Boxes(p.f, res[k].Elements)
		imgs[k] = toRGB(decodePNG(t, res[k].PNG))
	}
	return boxes, imgs, checks
}

// TestDisabledProbes renders, at scales 1 and 2, forms of every family
// with conditions, built in or of a test's own, with every value of each
// enabler, reads the DOM back and probes the pictures: both must agree
// with the simulator, disabled looks included, and every measure of the
// probes must keep clear of its threshold.
func TestDisabledProbes(t *testing.T) {
	needChromium(t)
	widths := renderedRule()
	fams := testforms.Conditional(t)
	m := map[string]*span{}
	add := func(k string, v float64) {
		if m[k] == nil {
			m[k] = &span{}
		}
		m[k].add(v)
	}
	for _, scale := range []float64{1, 2} {
		ps := enablerStates(t, fams, 1)
		boxes, imgs, checks := renderPictured(t, scale, ps, nil)
		disabled := map[string]int{}
		for k, p := range ps {
			if checks[k] != nil {
				t.Errorf("scale %g, %s in %s: %v", scale, p.f.Family, p.s, checks[k])
			}
			var probs problems
			probePicture("image", p.f, p.s, boxes[k], imgs[k], scale, widths, &probs)
			for _, why := range probs {
				t.Errorf("scale %g, %s in %s: %s", scale, p.f.Family, p.s, why)
			}
			for j, e := range p.f.Elements {
				if why := measureElement(add, p.f, p.s, j, boxes[k][j], imgs[k], scale); why != "" {
					t.Errorf("scale %g, %s in %s: %s", scale, p.f.Family, p.s, why)
				}
				if !statesim.Enabled(p.f, p.s, j) {
					disabled[e.Kind.String()]++
				}
			}
		}
		t.Logf("scale %g: %d pictures; disabled elements by kind: %v", scale, len(ps), disabled)
	}
	checkMargins(t, m, true)
}

// TestDisabledLookCaught renders, at scales 1 and 2, states of the
// families with conditions with the disabled attribute of one element
// flipped, enablers included, and expects the probes to report that
// element, and it alone, for its look.
func TestDisabledLookCaught(t *testing.T) {
	needChromium(t)
	widths := renderedRule()
	var ps []pictured
	var flipped []int // the element flipped in each picture
	for k, p := range enablerStates(t, testforms.Conditional(t), 2) {
		if k%3 != 0 {
			continue
		}
		for i, e := range p.f.Elements {
			if e.Kind != forms.Submit {
				ps, flipped = append(ps, p), append(flipped, i)
			}
		}
	}
	for _, scale := range []float64{1, 2} {
		boxes, imgs, checks := renderPictured(t, scale, ps, func(k int, job render.Job) string {
			return testforms.FlipDisabled(t, job.HTML, ps[k].f.Elements[flipped[k]].ID)
		})
		caught := map[string]int{}
		for k, p := range ps {
			i := flipped[k]
			e := &p.f.Elements[i]
			if checks[k] == nil || !strings.Contains(checks[k].Error(), "element "+e.ID+" ") {
				t.Errorf("scale %g, %s in %s, %s flipped: Check = %v, want it to name %s", scale, p.f.Family, p.s, e.ID, checks[k], e.ID)
			}
			on := statesim.Enabled(p.f, p.s, i)
			want := fmt.Sprintf("image: %s looks %s but the state has it %s", elementName(p.f, i), pickWord(on, "disabled", "enabled"), pickWord(on, "enabled", "disabled"))
			var probs problems
			probePicture("image", p.f, p.s, boxes[k], imgs[k], scale, widths, &probs)
			if len(probs) != 1 || probs[0] != want {
				t.Errorf("scale %g, %s in %s, %s flipped: the probes report %q, want %q", scale, p.f.Family, p.s, e.ID, probs, want)
				continue
			}
			caught[e.Kind.String()+pickWord(on, " shown disabled", " shown enabled")]++
		}
		t.Logf("scale %g: %d wrong pictures caught: %v", scale, len(ps), caught)
		for _, kind := range []string{"checkbox", "radio", "slider", "textbox"} {
			for _, look := range []string{" shown disabled", " shown enabled"} {
				if caught[kind+look] == 0 {
					t.Errorf("scale %g: no %s%s was caught", scale, kind, look)
				}
			}
		}
	}
}
