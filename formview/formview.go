// Package formview shows form states as MiniWoB-style pictures: it writes a
// state's HTML from templates/, checks what the browser's DOM reports against
// the simulator, records element boxes and click points, and turns plan
// steps into real user inputs.
//
//	job, _ := formview.Job(&form, state, "Select Br and click Submit.", "q1")
//	res, _ := renderer.Render(ctx, []render.Job{job})
//	err := formview.Check(&form, state, res[0].Elements) // nil: the picture shows the state
package formview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/templates"
	"github.com/formplan/formplan/typeface"
)

// Width and Height are a task picture's size in CSS pixels, as in MiniWoB.
const (
	Width  = forms.PictureWidth
	Height = forms.PictureHeight
)

// barHeight is the height of a picture above its form area: MiniWoB's
// instruction bar of three lines with its padding.
const barHeight = Height - areaHeight

// areaHeight is MiniWoB's form area height, CSS px.
const areaHeight = 160

// Size returns the size in CSS px of form f's picture before a long task
// or typed text grows it: MiniWoB's Width x Height, or its family's own
// (forms.Family.Picture).
func Size(f *forms.Form) (w, h int) {
	if f.Picture != nil {
		return f.Picture.Width, f.Picture.Height
	}
	return Width, Height
}

// element is what the form template needs of one element.
type element struct {
	ID, Kind, Label, Name, Value string
	Min, Max, Step               int
	Width                        int // a text box's content width, CSS px
	BaseWidth                    int // and before it widens for its text (TextBoxWidth)
	On                           bool
	// A conditional element names its enabler's id in EnabledBy, the
	// least enabling value of a slider enabler in AtLeast ("" for a box or
	// radio button), and is Disabled when the pictured state disables it.
	EnabledBy, AtLeast string
	Disabled           bool
	// extra is how much wider, in CSS px, a text box is than its form's
	// values make it (BoxWidth), for the text it holds.
	extra int
}

// block is a run of elements drawn together: one row, or one element a
// line.
type block struct {
	Row      bool
	Elements []element
}

type page struct {
	Width     int // CSS px: Width, or more for text boxes holding long text (pictureWidth)
	BaseWidth int // CSS px: the family's picture width before text boxes widen it
	Task      string
	Blocks    []block
	Submit    element
	// SubmitRow puts Submit in a 40 px row of its own, as form-sequence
	// does, when the form has a row; otherwise it follows a line break,
	// as in click-checkboxes.
	SubmitRow bool
	// Dense tightens the lines of a form with more of them than a
	// MiniWoB task has (click-checkboxes draws at most 6), and drops the
	// line break before Submit, so that they fit the picture.
	Dense bool
	// Area is the form area's height in CSS px when the family's picture
	// is taller than MiniWoB's (0: MiniWoB's 160).
	Area int
}

// pictureWidth returns the width of a picture of blocks, in CSS px:
// base (MiniWoB's Width, or the family's own), or wider, in steps of GrowStep, by as much as text boxes
// holding longer text than their form's values widen the widest line (a
// row's boxes add up; a column's elements each have a line). The picture
// itself must stay within MaxWidth: Fit checks the most text a family's
// boxes can hold.
func pictureWidth(base int, blocks []block) int {
	most := 0
	for _, bl := range blocks {
		line := 0
		for _, el := range bl.Elements {
			if bl.Row {
				line += el.extra
			} else {
				most = max(most, el.extra)
			}
		}
		most = max(most, line)
	}
	return base + (most+GrowStep-1)/GrowStep*GrowStep
}

// neutralTask is the instruction shown above a form whose question has
// no task of its own (future_state): MiniWoB never leaves the bar empty,
// and this wording, in its style, says nothing about the question.
const neutralTask = "Fill in the form and click Submit."

// BarText returns the text the instruction bar above a form shows for a
// question's task: the task, or for a question without one the neutral
// instruction Job shows instead.
func BarText(task string) string {
	if task == "" {
		return neutralTask
	}
	return task
}

// denseLines is the most lines a form has at MiniWoB's line height: the
// most checkboxes click-checkboxes draws.
const denseLines = 6

// Head returns the style and script every page of forms needs. Every
// text, the controls' included, is set in typeface's font, loaded from the
// bytes the binary ships, so that no installed font changes a picture. It
// loads Liberation Sans alone: HeadWith gives the head of pages whose
// texts need more.
func Head() string { return HeadWith(0) }

// HeadWith is Head with the extra faces of scripts (typeface.Scripts.CSS)
// after Liberation Sans, each for the characters of its range only: the
// head of pages of the families ScriptsOf names. With none it is Head,
// byte for byte, so pages of Latin, Greek and Cyrillic text carry no other
// font.
func HeadWith(scripts typeface.Scripts) string {
	var b strings.Builder
	b.WriteString("<style>")
	b.WriteString(typeface.FaceCSS())
	b.WriteString(scripts.CSS())
	b.WriteString(`body,input,button,select,textarea{font-family:"` + typeface.Family + `"}`)
	b.WriteString("</style>")
	if err := templates.FormHTML.ExecuteTemplate(&b, "head", headData{
		Advances: asciiAdvance[:], TextPx: TextPx, GrowStep: GrowStep,
		Extra: typeface.RangesRegexp(), Family: typeface.Family,
	}); err != nil {
		panic("formview: head template: " + err.Error()) // the template is embedded: cannot fail
	}
	return b.String()
}

// headData is what the page's script needs to widen a text box as its
// text grows, as BoxWidth and pictureWidth do: the font's advance widths of
// printable ASCII (asciiAdvance), the text size of a text box and the step
// the picture grows in (a form's own picture width is on its root, in
// data-base-width); and, for texts it measures shaped in the page's fonts
// (unknownWidth), the characters of the extra faces, as a regular
// expression, and the font family.
type headData struct {
	Advances []int
	TextPx   float64
	GrowStep int
	Extra    string
	Family   string
}

// ScriptsOf returns the extra faces pictures of the families fams need
// (typeface.Need): those of their labels and text values. A random label
// is ASCII, and the task text says nothing a label or value does not.
func ScriptsOf(fams []forms.Family) typeface.Scripts {
	var s typeface.Scripts
	for _, f := range fams {
		for _, g := range f.Groups {
			s |= typeface.Need(g.LabelList...) | typeface.Need(g.TextPool...)
		}
	}
	return s
}

// Fonts returns the web font families Head loads, for
// render.Options.Fonts: a page where one fails to load is an error.
func Fonts() []string { return []string{typeface.Family} }

// Job returns the render job that shows state s of form f under the task
// text. uid must differ between jobs rendered on one page: it keeps radio
// groups of different forms apart.
func Job(f *forms.Form, s statesim.State, task, uid string) (render.Job, error) {
	if err := statesim.Validate(f, s); err != nil {
		return render.Job{}, fmt.Errorf("formview: %w", err)
	}
	if task == "" {
		task = neutralTask
	}
	p := page{Task: task}
	base := WidestText(f)
	for i, e := range f.Elements {
		el := element{ID: e.ID, Kind: e.Kind.String(), Label: e.Label, Min: e.Min, Max: e.Max, Step: e.Step, On: s[i].N == 1}
		switch e.Kind {
		case forms.Slider:
			el.Value = strconv.Itoa(s[i].N)
		case forms.TextBox:
			el.Value = s[i].S
			el.Width = BoxWidth(f, s, i)
			el.BaseWidth = TextBoxWidth(base, e.Layout)
			el.extra = el.Width - el.BaseWidth
		case forms.Radio:
			el.Name = uid + "-" + e.Group
		case forms.Submit:
			p.Submit = el
			continue
		}
		if e.EnabledBy != nil {
			conditional(&el, f, s, i)
		}
		// An element that shares the row of the one before (f.SharesRow,
		// the line model verify checks boxes by) joins that row's block; a
		// column element joins the column block before it; any other
		// element starts a block. The Submit button is drawn apart, after
		// them all, so the block before may not be the row of element i-1
		// when a hand-made form has the button in the middle.
		n := len(p.Blocks)
		switch row := e.Layout == forms.LayoutRow; {
		case n > 0 && p.Blocks[n-1].Row && f.SharesRow(i):
			p.Blocks[n-1].Elements = append(p.Blocks[n-1].Elements, el)
		case !row && n > 0 && !p.Blocks[n-1].Row:
			p.Blocks[n-1].Elements = append(p.Blocks[n-1].Elements, el)
		default:
			p.Blocks = append(p.Blocks, block{Row: row, Elements: []element{el}})
		}
	}
	// A row is one line, every element of a column block one.
	lines := 0
	for _, bl := range p.Blocks {
		if bl.Row {
			lines++
			p.SubmitRow = true
		} else {
			lines += len(bl.Elements)
		}
	}
	p.Dense = lines > denseLines
	w, h := Size(f)
	p.Width, p.BaseWidth = pictureWidth(w, p.Blocks), w
	if h != Height {
		p.Area = h - barHeight
	}
	var b strings.Builder
	if err := templates.FormHTML.ExecuteTemplate(&b, "form", p); err != nil {
		return render.Job{}, fmt.Errorf("formview: %w", err)
	}
	// A wider text box widens its line by as much, at most, and the
	// picture grows in steps of GrowStep (templates/form.html.tmpl).
	return render.Job{HTML: b.String(), Width: p.Width, Height: h}, nil
}

// Check compares what the DOM reports after rendering with state s: every
// box's checked state, every slider's value and the value printed beside it,
// every text box's text, and whether each element is disabled, which must
// be as statesim.Enabled says. A mismatch is an error naming the element.
func Check(f *forms.Form, s statesim.State, dom []render.Element) error {
	byID := map[string]render.Element{}
	for _, d := range dom {
		byID[d.ID] = d
	}
	for i, e := range f.Elements {
		d, ok := byID[e.ID]
		if !ok {
			return fmt.Errorf("formview: element %s (%s) is missing from the page", e.ID, e.Kind)
		}
		var got, want string
		switch e.Kind {
		case forms.Checkbox, forms.Radio:
			got, want = strconv.FormatBool(d.Checked), strconv.FormatBool(s[i].N == 1)
		case forms.Slider:
			got, want = d.Value+" shown "+d.Shown, strconv.Itoa(s[i].N)+" shown "+strconv.Itoa(s[i].N)
		case forms.TextBox:
			got, want = strconv.Quote(d.Value), strconv.Quote(s[i].S)
		}
		if got != want {
			return fmt.Errorf("formview: element %s (%s): the page shows %s, the simulator says %s", e.ID, f.Name(f.RefOf(i)), got, want)
		}
		if err := checkEnabled(f, s, i, d); err != nil {
			return err
		}
	}
	return nil
}

// Box is an element's bounding box in a picture.
type Box struct {
	ID     string     `json:"id"`
	Kind   string     `json:"kind"`
	Name   string     `json:"name"`   // how instructions refer to it
	Pixels [4]float64 `json:"pixels"` // x, y, width, height in pixels
	Norm   [4]float64 `json:"norm"`   // the same, divided by the picture's width and height
}

// BoxSlack is how far, in pixels, a box may reach past an edge of its
// picture, or above the bottom of the box before, and still count as
// inside it or below it: the browser lays elements out in fractions of a
// pixel.
const BoxSlack = 0.5

// Inside reports whether the box has a positive width and height and lies
// inside a w x h pixel picture, give or take BoxSlack.
func (b Box) Inside(w, h float64) bool {
	x, y, bw, bh := b.Pixels[0], b.Pixels[1], b.Pixels[2], b.Pixels[3]
	return bw > 0 && bh > 0 && x >= -BoxSlack && y >= -BoxSlack && x+bw <= w+BoxSlack && y+bh <= h+BoxSlack
}

// Step is the ground truth of one plan step for exact-match scoring.
type Step struct {
	Op     string     `json:"op"`
	Target string     `json:"target"`          // element id, or "" when the form has no such element
	Point  [2]float64 `json:"point,omitempty"` // where to click: the target's centre, in pixels
	Norm   [2]float64 `json:"norm,omitempty"`  // the same, normalised
	Value  string     `json:"value,omitempty"` // text typed, or slider value or amount
}

// Boxes returns the boxes of every element of f in one rendered picture.
func Boxes(f *forms.Form, dom []render.Element) []Box {
	var out []Box
	for _, d := range dom {
		b := Box{ID: d.ID, Kind: d.Kind, Pixels: [4]float64{d.Box.X, d.Box.Y, d.Box.W, d.Box.H}, Norm: [4]float64{d.Norm.X, d.Norm.Y, d.Norm.W, d.Norm.H}}
		for i, e := range f.Elements {
			if e.ID == d.ID {
				b.Name = f.Name(f.RefOf(i))
			}
		}
		out = append(out, b)
	}
	return out
}

// Steps returns the ground-truth steps of plan on the picture whose boxes are
// given: each step's target element and the point to click.
func Steps(f *forms.Form, plan []statesim.Action, boxes []Box) []Step {
	at := map[string]Box{}
	for _, b := range boxes {
		at[b.ID] = b
	}
	var out []Step
	for _, a := range plan {
		st := Step{Op: string(a.Op)}
		switch a.Op {
		case statesim.Set, statesim.Move:
			st.Value = strconv.Itoa(a.N)
		case statesim.Type, statesim.Enter:
			st.Value = a.Text
		}
		if i, err := f.Find(a.Target); err == nil {
			st.Target = f.Elements[i].ID
			if b, ok := at[st.Target]; ok {
				st.Point = [2]float64{b.Pixels[0] + b.Pixels[2]/2, b.Pixels[1] + b.Pixels[3]/2}
				st.Norm = [2]float64{b.Norm[0] + b.Norm[2]/2, b.Norm[1] + b.Norm[3]/2}
			}
		}
		out = append(out, st)
	}
	return out
}
