package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"reflect"
	"slices"
	"strconv"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// Options configures DirWith. The zero Options checks what Dir checks:
// every picture's pixels are probed against its recorded state, and none
// is rendered again.
type Options struct {
	// Rerender says when to render every picture again in Chromium, as gen
	// does: the row's form in the pictured state under the row's task, at
	// the row's scale, and compare it with the row's picture pixel for
	// pixel and its boxes with the boxes column. It catches what probing
	// an element's pixels cannot: an instruction bar pasted from another
	// row, a text box's digits replaced by another row's.
	Rerender Rerender
	// Chrome is the Chromium binary for re-rendering; "" finds one as gen
	// does (render.FindChrome: $CHROME_PATH, then chromium on PATH).
	Chrome string
}

// Rerender says when verify renders pictures again (Options.Rerender).
type Rerender int

const (
	// RerenderOff probes pictures only.
	RerenderOff Rerender = iota
	// RerenderAuto re-renders the pictures of a file when this machine's
	// Chromium and font are the ones the file records (layout.ChromiumKey
	// and layout.FontsKey), where equal pixels are required; otherwise,
	// and when no Chromium is found, it probes only and says so in a note.
	RerenderAuto
	// RerenderAlways re-renders every picture. When the file records
	// another Chromium or font, it says so in a note first, and pixel or
	// box differences become notes, not failures: they measure the
	// browsers, not the data. The state read back must still agree.
	RerenderAlways
)

// rerenderer re-renders the pictures of rows, with one Renderer per scale
// and set of extra faces, started when first needed.
type rerenderer struct {
	mode      Rerender
	chrome    string
	renderers map[renderKey]*render.Renderer
	scripts   typeface.Scripts // the extra faces of the file's pictures
	noChrome  error            // why no Chromium could be started, once tried
	use       bool             // the current file's pictures are re-rendered
	lenient   bool             // the current file was made by another Chromium or font: differences are notes
	made      string
	diffs     int // pictures of the current file that differ, when lenient
	notes     *[]string
	file      string
}

func newRerenderer(mode Rerender, chrome string, notes *[]string) *rerenderer {
	return &rerenderer{mode: mode, chrome: chrome, renderers: map[renderKey]*render.Renderer{}, notes: notes}
}

// close stops every browser started.
func (rr *rerenderer) close() {
	for _, r := range rr.renderers {
		r.Close()
	}
}

func (rr *rerenderer) notef(format string, args ...any) {
	*rr.notes = append(*rr.notes, fmt.Sprintf(format, args...))
}

// startFile decides, from what the file r reads records, whether and how
// its pictures are re-rendered, and notes why not. A file without
// pictures starts no browser.
func (rr *rerenderer) startFile(ctx context.Context, r *dataset.Reader, path string) error {
	rr.finishFile()
	rr.use, rr.lenient, rr.diffs, rr.file = false, false, 0, path
	rr.made, _ = r.Metadata(layout.ChromiumKey)
	font, _ := r.Metadata(layout.FontsKey)
	sc, ok := r.Metadata(layout.ScaleKey)
	if !ok {
		return nil // no pictures
	}
	scale, err := strconv.ParseFloat(sc, 64)
	if err != nil {
		return nil // the rows' own scale checks report it
	}
	// The faces the file's pictures were drawn with besides Liberation
	// Sans (CJK, Devanagari): its pages load them again.
	scripts, known := typeface.ScriptsOf(font)
	rr.scripts = scripts
	ren, err := rr.renderer(ctx, scale, scripts)
	if err != nil {
		if rr.mode == RerenderAuto {
			if rr.noChrome == nil {
				rr.noChrome = err
				rr.notef("pictures are probed, not re-rendered: %v", err)
			}
			return nil
		}
		return err
	}
	here := ren.Version()
	same := rr.made == here && known
	switch {
	case same:
		rr.use = true
	case rr.mode == RerenderAuto:
		rr.notef("%s: pictures probed, not re-rendered: made with %s and font %q, this machine has %s and %q (gen verify --rerender=always compares anyway)",
			path, orUnknown(rr.made), orUnknown(font), here, scripts.ID())
	default:
		rr.use, rr.lenient = true, true
		rr.notef("%s: made with %s and font %q, re-rendered with %s and %q: pixel differences are reported as notes, not failures",
			path, orUnknown(rr.made), orUnknown(font), here, scripts.ID())
	}
	return nil
}

// finishFile notes how many pictures of a lenient file differed.
func (rr *rerenderer) finishFile() {
	if rr.lenient && rr.diffs > 0 {
		rr.notef("%s: %d pictures differ from their re-rendering in pixels or boxes (another Chromium or font)", rr.file, rr.diffs)
	}
	rr.lenient, rr.diffs = false, 0
}

func orUnknown(s string) string {
	if s == "" {
		return "(not recorded)"
	}
	return s
}

// renderer returns the Renderer for scale whose pages load the extra
// faces of scripts, starting it if need be.
func (rr *rerenderer) renderer(ctx context.Context, scale float64, scripts typeface.Scripts) (*render.Renderer, error) {
	key := renderKey{scale, scripts}
	if r, ok := rr.renderers[key]; ok {
		return r, nil
	}
	r, err := render.New(ctx, render.Options{ChromePath: rr.chrome, Scale: scale, Head: formview.HeadWith(scripts), Fonts: formview.Fonts()})
	if err != nil {
		return nil, fmt.Errorf("verify: re-render: %w", err)
	}
	rr.renderers[key] = r
	return r, nil
}

// renderKey picks a re-rendering browser: pages at a scale, with the extra
// faces of a file's fonts.
type renderKey struct {
	scale   float64
	scripts typeface.Scripts
}

// rerenderJob is one picture to render again.
type rerenderJob struct {
	row   int         // index in the batch
	col   string      // image or image_2
	got   image.Image // the row's picture decoded; nil when it does not decode
	boxes []formview.Box
	job   render.Job
	meta  *question.Meta
	state statesim.State
}

// batch re-renders the pictures of rows and adds to probs[k] the
// differences found in rows[k]; checks[k] is what check decoded of
// rows[k]. Rows whose pictures fail their own checks are left out: their
// problems are reported already. The error is for what prevents
// re-rendering (no Chromium, a cancelled ctx).
func (rr *rerenderer) batch(ctx context.Context, rows []dataset.Row, checks []checked, probs []problems) error {
	byScale := map[float64][]rerenderJob{}
	var scales []float64
	for k := range rows {
		jobs := rerenderJobs(&rows[k], &checks[k], k)
		if len(jobs) == 0 {
			continue
		}
		s := rows[k].Scale
		if _, ok := byScale[s]; !ok {
			scales = append(scales, s)
		}
		byScale[s] = append(byScale[s], jobs...)
	}
	for _, s := range scales {
		r, err := rr.renderer(ctx, s, rr.scripts)
		if err != nil {
			return err
		}
		if err := rr.render(ctx, r, byScale[s], probs); err != nil {
			return err
		}
	}
	return nil
}

// render renders jobs with r and compares each with its row's picture. A
// job the renderer refuses is a problem of its row; the others are
// rendered without it.
func (rr *rerenderer) render(ctx context.Context, r *render.Renderer, jobs []rerenderJob, probs []problems) error {
	for len(jobs) > 0 {
		rj := make([]render.Job, len(jobs))
		for i := range jobs {
			rj[i] = jobs[i].job
		}
		res, err := r.Render(ctx, rj)
		var je *render.JobError
		if errors.As(err, &je) && je.Job >= 0 && je.Job < len(jobs) {
			bad := jobs[je.Job]
			probs[bad.row].addf("%s could not be re-rendered: %v", bad.col, je.Err)
			jobs = append(jobs[:je.Job:je.Job], jobs[je.Job+1:]...)
			continue
		}
		if err != nil {
			return fmt.Errorf("verify: re-render: %w", err)
		}
		for i := range jobs {
			why, pixels := rr.compare(&jobs[i], &res[i])
			switch {
			case why == "":
			case pixels && rr.lenient:
				rr.diffs++
			default:
				probs[jobs[i].row].addf("%s %s", jobs[i].col, why)
			}
		}
		return nil
	}
	return nil
}

// rerenderJobs returns the jobs that re-render the pictures of row, the
// k-th of its batch, from what check decoded of it (c), or none when the
// row's pictures or metadata fail their own checks: a picture whose header
// does not declare the size of a form picture at the row's scale, metadata
// that does not decode, a form that is invalid, or boxes that do not
// decode, or not as many of either as pictures.
func rerenderJobs(row *dataset.Row, c *checked, k int) []rerenderJob {
	pics := rowPictures(row)
	if len(pics) == 0 || slices.ContainsFunc(pics, func(pic picture) bool { return !c.pics[pic.slot].sized }) {
		return nil
	}
	m := c.meta
	if m == nil || !c.formOK || len(m.Pictures) != len(pics) {
		return nil
	}
	bc, err := c.boxesColumn(row)
	if err != nil || len(bc.Pictures) != len(pics) {
		return nil
	}
	h, whole := 0, false
	if row.Scale > 0 {
		h = int(float64(row.ImageHeight)/row.Scale + 0.5)
		_, whole = render.Pixels(h, row.Scale)
	}
	if !whole || h < 1 || h > formview.MaxHeight {
		return nil // checkImages reports it
	}
	var out []rerenderJob
	for i, pic := range pics {
		job, err := formview.Job(&m.Form, m.Pictures[i], c.bar, "v"+strconv.Itoa(k)+"-"+strconv.Itoa(i))
		if err != nil {
			return nil
		}
		job.Height = h // the picture's own: the bar grew as much as gen let it
		out = append(out, rerenderJob{row: k, col: pic.col, got: c.pics[pic.slot].img, boxes: bc.Pictures[i], job: job, meta: m, state: m.Pictures[i]})
	}
	return out
}

// compare returns how the rendering res differs from the row's picture
// and boxes, or "", and whether the difference is one of pixels or boxes
// alone (the state read back agrees).
func (rr *rerenderer) compare(j *rerenderJob, res *render.Result) (string, bool) {
	if err := formview.Check(&j.meta.Form, j.state, res.Elements); err != nil {
		return fmt.Sprintf("cannot be re-rendered in its state: %v", err), false
	}
	if want := formview.Boxes(&j.meta.Form, res.Elements); !reflect.DeepEqual(j.boxes, want) {
		return "has other element boxes in the boxes column than its re-rendering", true
	}
	if j.got == nil {
		return "", false // checkImages reports it
	}
	want, err := png.Decode(bytes.NewReader(res.PNG))
	if err != nil {
		return fmt.Sprintf("re-rendering does not decode: %v", err), false
	}
	d := pixelDiff(j.got, want)
	if d.n == 0 {
		return "", false
	}
	return fmt.Sprintf("differs from its re-rendering in %d of %d pixels (the first at x %d, y %d; up to %d in a channel)",
		d.n, d.all, d.first.X, d.first.Y, d.most), true
}

// diff is how two pictures differ.
type diff struct {
	n, all int         // differing pixels, all pixels
	first  image.Point // the first differing pixel, row by row
	most   int         // the largest difference in one channel
}

// pixelDiff compares two pictures pixel by pixel, as opaque 8-bit RGB. A
// difference in size counts every pixel.
func pixelDiff(a, b image.Image) diff {
	ra, rb := toRGB(a), toRGB(b)
	d := diff{all: ra.w * ra.h}
	if ra.w != rb.w || ra.h != rb.h {
		return diff{n: d.all, all: d.all, most: 255}
	}
	for y := 0; y < ra.h; y++ {
		for x := 0; x < ra.w; x++ {
			r1, g1, b1 := ra.at(x, y)
			r2, g2, b2 := rb.at(x, y)
			if r1 == r2 && g1 == g2 && b1 == b2 {
				continue
			}
			if d.n == 0 {
				d.first = image.Pt(x, y)
			}
			d.n++
			d.most = max(d.most, abs(r1-r2), abs(g1-g2), abs(b1-b2))
		}
	}
	return d
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
