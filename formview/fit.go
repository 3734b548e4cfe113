package formview

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// A picture grows beyond MiniWoB's Width x Height (or its family's own
// size, Size), to show its task or a long typed text whole, in steps of
// GrowStep CSS px (whole pixels at every scale whose Width and Height are),
// up to MaxWidth x MaxHeight: three times MiniWoB's width, twice its height.
const (
	GrowStep  = forms.PictureStep
	MaxWidth  = forms.MaxPictureWidth
	MaxHeight = forms.MaxPictureHeight
)

// measureHeight is the height of the cell Fit measures a form in: room
// below the picture for whatever spills out of it.
const measureHeight = 2 * MaxHeight

// Heights gives, for each family name, the tallest picture a form of the
// family can need, in CSS px: Height, or more when a task of the family
// needs more lines than MiniWoB's instruction bar holds (or the family's
// own picture height, forms.Family.Picture, and more). It is the cell a
// job of the family is rendered in (render.Job.Height); each picture is
// only as tall as its own task needs.
type Heights map[string]int

// Of returns the height for family, Height when the family is not listed.
func (h Heights) Of(family string) int {
	if n, ok := h[family]; ok {
		return n
	}
	return Height
}

// Fit renders the largest form of each family (forms.Family.Largest) with
// r, every box checked and every text box holding its longest value, under
// a one-line task and under the family's longest tasks (longestTasks),
// and returns how tall each family's pictures may be. It refuses a family
// whose elements the browser places, even in part, outside MiniWoB's 160 x
// 210 picture (or the family's own size), one whose longest task would need a picture taller than
// MaxHeight, and one whose text does not show whole. The error names the
// family and the fix.
func Fit(ctx context.Context, r *render.Renderer, fams []forms.Family) (Heights, error) {
	type measure struct {
		family int
		base   bool // the one-line task
		typing bool // every value typed into each text box
	}
	var jobs []render.Job
	var of []measure
	var largest []forms.Form
	for k := range fams {
		f := fams[k].Largest()
		s := fitState(&f)
		tasks := append([]string{"Hit Submit."}, longestTasks(&f)...)
		for t, task := range tasks {
			job, err := Job(&f, s, task, fmt.Sprintf("fit%d-%d", k, t))
			if err != nil {
				return nil, fmt.Errorf("family %q: %w", f.Family, err)
			}
			// The form goes in a root of its own, taller than any picture,
			// so that what spills out of the picture is measured, not refused.
			job.HTML = fmt.Sprintf(`<div style="width:%dpx;height:%dpx">%s</div>`, job.Width, measureHeight, job.HTML)
			job.Height = measureHeight
			jobs = append(jobs, job)
			of = append(of, measure{family: k, base: t == 0})
		}
		if job, ok, err := typingJob(&f, s); err != nil {
			return nil, fmt.Errorf("family %q: %w", f.Family, err)
		} else if ok {
			jobs = append(jobs, job)
			of = append(of, measure{family: k, typing: true})
		}
		largest = append(largest, f)
	}
	res, err := r.Render(ctx, jobs)
	if err != nil {
		if je, ok := errors.AsType[*render.JobError](err); ok && je.Job < len(of) {
			return nil, fmt.Errorf("family %q: %w", fams[of[je.Job].family].Name, je.Err)
		}
		return nil, fmt.Errorf("formview: fit: %w", err)
	}
	scale := 1.0
	if len(res) > 0 && res[0].Width > 0 {
		scale = float64(res[0].Width) / float64(jobs[0].Width) // a measuring job's root is as wide as its picture
	}
	heights := Heights{}
	base := make([]float64, len(fams)) // the Submit button's top under a one-line task
	var bad []string
	for i, shot := range res {
		k := of[i].family
		if of[i].typing {
			if w := float64(shot.Width) / scale; w > MaxWidth+0.5 {
				bad = append(bad, fmt.Sprintf("family %q: at its largest, with every text value typed into each text box, its picture is %g CSS px wide, more than %d: shorten text_pool values or lower text_vocab until it fits",
					fams[k].Name, w, MaxWidth))
			}
			continue
		}
		submit, ok := submitTop(shot.Elements)
		if !ok {
			return nil, fmt.Errorf("family %q: its largest form shows no Submit button", fams[k].Name)
		}
		w, h := Size(&largest[k])
		if of[i].base {
			base[k] = submit
			if out, first := outside(shot.Elements, float64(w)*scale, float64(h)*scale); out > 0 {
				n := len(largest[k].Elements)
				bad = append(bad, fmt.Sprintf("family %q: at its largest (%d elements with Submit), %d fall outside the %g x %g picture, from %s on: lower max_count, shorten labels or make its picture larger until it fits",
					fams[k].Name, n, out, float64(w)*scale, float64(h)*scale, first))
			}
			heights[fams[k].Name] = h
			continue
		}
		grow := int((submit-base[k])/scale + 0.5)
		if h := h + grow; h > heights[fams[k].Name] {
			heights[fams[k].Name] = h
		}
	}
	for k := range fams {
		if h := heights[fams[k].Name]; h > MaxHeight {
			bad = append(bad, fmt.Sprintf("family %q: its longest task needs a picture %d CSS px tall to show whole, more than %d: shorten labels or text values until it fits",
				fams[k].Name, h, MaxHeight))
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(bad, "; ")) // a refusal is one line
	}
	for k := range fams {
		// A task's bar wraps between words, and a CJK or Devanagari value
		// is one long word: a task of narrower values than the widest
		// can break its lines worse. Fit measures the widest only, so
		// such a family's pictures get the tallest cell any picture may
		// have; each is still only as tall as its own task needs.
		if ScriptsOf(fams[k:k+1]) != 0 {
			heights[fams[k].Name] = MaxHeight
		}
	}
	return heights, nil
}

// typingJob returns the job that shows form f as in state s but with each
// text box holding every value of f typed one after another, the most text
// distinct typing steps leave in a box; ok is false for a form without
// text boxes.
func typingJob(f *forms.Form, s statesim.State) (job render.Job, ok bool, err error) {
	all := strings.Join(f.TextValues, "")
	if all == "" {
		return render.Job{}, false, nil
	}
	s = slices.Clone(s)
	for i, e := range f.Elements {
		if e.Kind == forms.TextBox {
			s[i].S = all
		}
	}
	job, err = Job(f, s, "Hit Submit.", "typing")
	return job, err == nil, err
}

// submitTop returns the top of the Submit button among els, in pixels.
func submitTop(els []render.Element) (float64, bool) {
	for _, e := range els {
		if e.Kind == "submit" {
			return e.Box.Y, true
		}
	}
	return 0, false
}

// outside returns how many of els reach outside a w x h pixel picture,
// and the id of the first.
func outside(els []render.Element, w, h float64) (out int, first string) {
	for _, d := range els {
		b := Box{Pixels: [4]float64{d.Box.X, d.Box.Y, d.Box.W, d.Box.H}}
		if !b.Inside(w, h) {
			out++
			if first == "" {
				first = d.ID
			}
		}
	}
	return out, first
}

// fitState is the state Fit shows form f in: every box checked, every text
// box holding its first (longest) value, every slider at its end with the
// most digits (its printed value at its widest: a row of sliders must
// fit with it), one radio button of a group selected.
func fitState(f *forms.Form) statesim.State {
	s := statesim.Clean(f)
	for i, e := range f.Elements {
		switch e.Kind {
		case forms.Checkbox, forms.Radio:
			s[i].N = 1
		case forms.TextBox:
			s[i].S = f.TextValues[0]
		case forms.Slider:
			s[i].N = widestEnd(&f.Elements[i])
		}
	}
	fixRadios(f, s)
	return s
}

// longestTasks returns the instructions of f's longest tasks: every
// element wanted, each text box its widest value, each slider its end
// with the most digits, each radio group its member with the longest name,
// and the checkboxes in each wording statesim.Instruction has for them
// (all checked; all but the first checked, "check only ..."; all but the
// first named one by one, checked or unchecked).
func longestTasks(f *forms.Form) []string {
	var rest, boxes []statesim.Want
	groups := map[string]int{} // radio group -> index in rest
	for i, e := range f.Elements {
		ref := f.RefOf(i)
		switch e.Kind {
		case forms.Checkbox:
			boxes = append(boxes, statesim.Want{Target: ref, Value: statesim.Value{N: 1}})
		case forms.Radio:
			w := statesim.Want{Target: ref, Value: statesim.Value{N: 1}}
			if j, ok := groups[e.Group]; !ok {
				groups[e.Group] = len(rest)
				rest = append(rest, w)
			} else if len(f.AppendName(nil, ref)) > len(f.AppendName(nil, rest[j].Target)) {
				rest[j] = w
			}
		case forms.TextBox:
			rest = append(rest, statesim.Want{Target: ref, Value: statesim.Value{S: widestValue(f)}})
		case forms.Slider:
			rest = append(rest, statesim.Want{Target: ref, Value: statesim.Value{N: widestEnd(&f.Elements[i])}})
		}
	}
	variants := [][]statesim.Want{boxes}
	if len(boxes) > 1 {
		someOff := append([]statesim.Want{{Target: boxes[0].Target}}, boxes[1:]...)
		var named, unchecked []statesim.Want
		for _, w := range boxes[1:] {
			named = append(named, w)
			unchecked = append(unchecked, statesim.Want{Target: w.Target})
		}
		variants = append(variants, someOff, named, unchecked)
	}
	tasks := make([]string, 0, len(variants))
	for _, v := range variants {
		tasks = append(tasks, statesim.Instruction(f, append(v, rest...)))
	}
	return tasks
}

// widestValue returns the text value of f that is widest in a picture.
func widestValue(f *forms.Form) string {
	best, width := "", -1.0
	for _, v := range f.TextValues {
		w, ok := TextWidth(v, TextPx)
		if !ok {
			w = unknownWidth(v)
		}
		if w > width {
			best, width = v, w
		}
	}
	return best
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

// widestEnd returns the end of slider e printed with the most characters:
// its minimum, or its maximum when that has more.
func widestEnd(e *forms.Element) int {
	if len(fmt.Sprint(e.Max)) > len(fmt.Sprint(e.Min)) {
		return e.Max
	}
	return e.Min
}
