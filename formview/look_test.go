package formview

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// box is an element's place in a picture at scale 1: x, y, width, height
// in CSS px from the picture's top-left corner.
type box [4]float64

// The geometry of MiniWoB++'s three tasks the seed paper's families come
// from, in CSS px at scale 1, taken from the tasks' own markup and style
// (miniwob/html/miniwob/{click-checkboxes,form-sequence,form-sequence-2}.html,
// miniwob/html/core/core.css and the jQuery UI stylesheet
// core/jquery-ui/jquery-ui.min.css of Farama-Foundation/miniwob-plusplus),
// rendered in Chromium 156 with Liberation Sans for Arial, every number
// also derived by hand below:
//
//   - #query is 44 px tall with 3 px padding, so #area starts at y 50; it
//     has 2 px padding.
//   - click-checkboxes: a label (an input of `input { width: 20px }`,
//     13 px tall with the browser's 3 px top and bottom margins and 4 px
//     left margin, then the label text) and a <br> per box, so rows are
//     19 px from y 55, the first box at x 2+4 = 6. A <br> follows the
//     boxes' div (one 11 px line of 10 px text), then the Submit button:
//     class secondary-action, padding 6px 25px, the browser's 13.33 px
//     text, 95.48 x 31 px.
//   - form-sequence: each of its three rows is a div with `margin: 10px
//     2px`, so rows start at x 4, the first at y 50+2+10 = 62. Row 1 is
//     the jQuery UI slider (#slider, 1 px #c5c5c5 border around a content
//     box .8em = 8 px tall and, of the widths the task draws between 50
//     and 114 px, 100 px wide) at y 66, then #val; row 2 the three
//     unlabelled checkboxes, 13 x 13 at y 91, 22.78 px apart (3 px right
//     margin, a 2.78 px space, 4 px left margin); row 3 Submit, `#subbtn
//     { height: 40px }`, at y 117.
//   - form-sequence-2: the same rows; three radio buttons 13 x 13 at y 65
//     from x 9 (5 px margins), 23.78 apart; three text boxes `width:
//     30px` (38 x 21 with the browser's 2 px border and 1 px 2 px
//     padding) at y 90, 40.78 apart; Submit at y 121.
var miniwobGeometry = []struct {
	task   string
	family string
	count  int   // elements of the first group (click-checkboxes)
	boxes  []box // every element's, Submit last
}{
	{"click-checkboxes, 4 boxes", "checkboxes", 4, []box{
		{6, 55, 20, 13}, {6, 74, 20, 13}, {6, 93, 20, 13}, {6, 112, 20, 13},
		{2, 139, 95.48, 31},
	}},
	{"click-checkboxes, 6 boxes", "checkboxes", 6, []box{
		{6, 55, 20, 13}, {6, 74, 20, 13}, {6, 93, 20, 13}, {6, 112, 20, 13}, {6, 131, 20, 13}, {6, 150, 20, 13},
		{2, 177, 95.48, 31},
	}},
	{"form-sequence", "slider_checkboxes", 0, []box{
		{4, 66, 102, 10},
		{8, 91, 13, 13}, {30.78, 91, 13, 13}, {53.56, 91, 13, 13},
		{4, 117, 95.48, 40},
	}},
	{"form-sequence-2", "radio_textboxes", 0, []box{
		{9, 65, 13, 13}, {32.78, 65, 13, 13}, {56.56, 65, 13, 13},
		{4, 90, 38, 21}, {44.78, 90, 38, 21}, {85.56, 90, 38, 21},
		{4, 121, 95.48, 40},
	}},
}

// geometrySlack is how far, in CSS px, an edge of formplan's element may
// be from MiniWoB's.
const geometrySlack = 2

// TestMiniWoBGeometry renders a form of each family at scale 1 and checks
// every element's box against the MiniWoB task it stands for.
func TestMiniWoBGeometry(t *testing.T) {
	var pics []randomPicture
	for _, tc := range miniwobGeometry {
		fam := forms.Builtin(tc.family)
		if tc.count > 0 {
			fam.Groups[0].MinCount, fam.Groups[0].MaxCount = tc.count, tc.count
		}
		pics = append(pics, randomPicture{fam, "Select 3 with the slider, click the 2nd checkbox, then hit Submit."})
	}
	fs, res := renderRandom(t, newRenderer(t, 1), rand.New(rand.NewPCG(17, 1)), pics, "g")
	for k, tc := range miniwobGeometry {
		if len(fs[k].Elements) != len(tc.boxes) {
			t.Fatalf("%s: %d elements, want %d", tc.task, len(fs[k].Elements), len(tc.boxes))
		}
	}
	for k, tc := range miniwobGeometry {
		for i, d := range res[k].Elements {
			got := box{d.Box.X, d.Box.Y, d.Box.W, d.Box.H}
			want := tc.boxes[i]
			for j := range got {
				if math.Abs(got[j]-want[j]) > geometrySlack {
					t.Errorf("%s: element %s (%s) is at %v, MiniWoB's at %v", tc.task, d.ID, d.Kind, got, want)
					break
				}
			}
		}
	}
}

// randomPicture is a form family to draw and the task to picture it under.
type randomPicture struct {
	fam  *forms.Family
	task string
}

// renderRandom draws a form of each family of pics with rng, then a random
// state of it (statesim.RandomState, half its boxes on), and renders them
// all with r, the k-th under its task with uid prefix k. It returns the
// forms drawn and the renderings.
func renderRandom(t *testing.T, r *render.Renderer, rng *rand.Rand, pics []randomPicture, prefix string) ([]forms.Form, []render.Result) {
	t.Helper()
	var fs []forms.Form
	var jobs []render.Job
	for k, pic := range pics {
		f := pic.fam.NewForm(rng)
		s := statesim.RandomState(&f, rng, 0.5)
		job, err := Job(&f, s, pic.task, fmt.Sprint(prefix, k))
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
		jobs = append(jobs, job)
	}
	res, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	return fs, res
}

// TestSliderInputs moves a slider of each range to every value, and past
// both ends, with real key presses and with a real click where the value
// puts the handle, at scales 1 and 2, and reads back the value the
// simulator gives: the browser clamps at the ends as statesim does.
func TestSliderInputs(t *testing.T) {
	ranges := []forms.Range{{Min: -10, Max: 10, Step: 1}, {Min: 0, Max: 10, Step: 1}, {Min: -4, Max: 8, Step: 2}}
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, scale)
		for ri, rg := range ranges {
			for _, layout := range []string{forms.LayoutRow, forms.LayoutColumn} {
				fam := forms.Family{Name: "one_slider", Refer: forms.ByOrdinal, Groups: []forms.Group{
					{Kind: forms.Slider, MinCount: 1, MaxCount: 1, Ranges: []forms.Range{rg}, Layout: layout},
				}}
				f := fam.NewForm(rand.New(rand.NewPCG(uint64(ri), 0)))
				start := statesim.Clean(&f)
				start[0].N = rg.Min + (rg.Max-rg.Min)/rg.Step/2*rg.Step
				job, err := Job(&f, start, "Move the slider.", "s")
				if err != nil {
					t.Fatal(err)
				}
				shot, err := r.Render(context.Background(), []render.Job{job})
				if err != nil {
					t.Fatal(err)
				}
				b := shot[0].Elements[0].Box
				for v := rg.Min - 2*rg.Step; v <= rg.Max+2*rg.Step; v += rg.Step {
					want, err := statesim.Apply(&f, start, statesim.Action{Op: statesim.Set, Target: f.RefOf(0), N: v})
					if err != nil {
						t.Fatal(err)
					}
					keys, err := Inputs(&f, start, []statesim.Action{{Op: statesim.Set, Target: f.RefOf(0), N: v}})
					if err != nil {
						t.Fatal(err)
					}
					if v > rg.Max {
						// Past the end: End, then arrows the browser ignores.
						keys = append(keys[:1], render.Input{Op: "key", Key: "End"}, render.Input{Op: "key", Key: "ArrowRight", Repeat: (v - rg.Max) / rg.Step})
					}
					if v < rg.Min {
						keys = append(keys, render.Input{Op: "key", Key: "ArrowLeft", Repeat: (rg.Min - v) / rg.Step})
					}
					// The click lands where the handle's centre stands at
					// v, on the track's middle line; past the ends, beyond
					// the track on the handle's overhang.
					x := HandleX(rg.Min, rg.Max, v, b.X, b.W, scale)
					x = min(max(x, b.X-4*scale), b.X+b.W+6*scale)
					click := []render.Input{{Op: "click", X: x, Y: b.Y + b.H/2}}
					// A press on the handle grabs it rather than moving
					// it, in the browser as in jQuery UI: the click starts
					// with the handle at the far end.
					far := start.Clone()
					far[0].N = rg.Min
					if 2*v < rg.Min+rg.Max {
						far[0].N = rg.Max
					}
					farJob, err := Job(&f, far, "Move the slider.", "s")
					if err != nil {
						t.Fatal(err)
					}
					for _, try := range []struct {
						how    string
						job    render.Job
						inputs []render.Input
					}{{"keys", job, keys}, {"click", farJob, click}} {
						els, err := r.Execute(context.Background(), try.job, try.inputs)
						if err != nil {
							t.Fatal(err)
						}
						if err := Check(&f, want, els); err != nil {
							t.Errorf("scale %g, %s slider %d..%d step %d, %s to %d: %v", scale, layout, rg.Min, rg.Max, rg.Step, try.how, v, err)
						}
					}
				}
			}
		}
	}
}
