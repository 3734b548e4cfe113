package formview

import (
	"context"
	"fmt"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Fit renders the largest form of each family (forms.Family.Largest) with
// r, every box checked and every text box holding its longest value, under
// an instruction naming every element, and reports the families whose
// elements the browser places, even in part, outside the picture. The
// error names the family and how many of its elements fit.
func Fit(ctx context.Context, r *render.Renderer, fams []forms.Family) error {
	var jobs []render.Job
	var largest []forms.Form
	for k := range fams {
		f := fams[k].Largest()
		s := statesim.Clean(&f)
		var wants []statesim.Want
		for i, e := range f.Elements {
			switch e.Kind {
			case forms.Checkbox, forms.Radio:
				s[i].N = 1
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{N: 1}})
			case forms.TextBox:
				s[i].S = f.TextValues[0]
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{S: f.TextValues[0]}})
			case forms.Slider:
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{N: e.Max}})
			}
		}
		fixRadios(&f, s)
		job, err := Job(&f, s, statesim.Instruction(&f, wants), fmt.Sprintf("fit%d", k))
		if err != nil {
			return fmt.Errorf("family %q: %w", f.Family, err)
		}
		jobs = append(jobs, job)
		largest = append(largest, f)
	}
	res, err := r.Render(ctx, jobs)
	if err != nil {
		return fmt.Errorf("formview: fit: %w", err)
	}
	var bad []string
	for k, shot := range res {
		out, first := 0, ""
		for _, d := range shot.Elements {
			b := Box{Pixels: [4]float64{d.Box.X, d.Box.Y, d.Box.W, d.Box.H}}
			if !b.Inside(float64(shot.Width), float64(shot.Height)) {
				out++
				if first == "" {
					first = d.ID
				}
			}
		}
		if out > 0 {
			n := len(largest[k].Elements)
			bad = append(bad, fmt.Sprintf("family %q: at its largest (%d elements with Submit), %d fall outside the %d x %d picture, from %s on: lower max_count or shorten labels until it fits",
				fams[k].Name, n, out, shot.Width, shot.Height, first))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s", strings.Join(bad, "\n"))
	}
	return nil
}

// fixRadios leaves one radio button of each group selected, as a browser
// shows them: the last one set.
func fixRadios(f *forms.Form, s statesim.State) {
	last := map[string]int{}
	for i, e := range f.Elements {
		if e.Kind == forms.Radio {
			if j, ok := last[e.Group]; ok {
				s[j].N = 0
			}
			last[e.Group] = i
		}
	}
}
