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
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// Options configures DirWith. The zero Options checks what Dir checks.
type Options struct {
	// Rerender renders every picture again in Chromium, as gen does: the
	// row's form in the pictured state under the row's task, at the row's
	// scale. A picture whose decoded pixels differ from the re-rendering,
	// or whose element boxes differ from the boxes column, fails its row.
	// Chromium and its fonts must be the ones the dataset was made with
	// (gen records both in each file's metadata) for the pixels to agree.
	// At scale 1 the re-rendering is exact. At other scales Chromium
	// places text at subpixel offsets that depend on what the browser drew
	// before, so a few dozen pixels of some text may differ from the
	// dataset's with nothing wrong (seen on 4 to 45% of pictures at scales
	// 1.5 to 3): the render package needs
	// --disable-font-subpixel-positioning for these to re-render exactly.
	Rerender bool
	// Chrome is the Chromium binary for Rerender; "" finds one as gen does
	// (render.FindChrome: $CHROME_PATH, then chromium on PATH).
	Chrome string
}

// rerenderer re-renders the pictures of rows, with one Renderer per scale,
// started when first needed.
type rerenderer struct {
	chrome    string
	renderers map[float64]*render.Renderer
	made      string // dataset.ChromiumKey of the file being read, "" if unknown
}

func newRerenderer(chrome string) *rerenderer {
	return &rerenderer{chrome: chrome, renderers: map[float64]*render.Renderer{}}
}

// close stops every browser started.
func (rr *rerenderer) close() {
	for _, r := range rr.renderers {
		r.Close()
	}
}

// startFile notes the browser the file r reads was rendered with.
func (rr *rerenderer) startFile(r *dataset.Reader) {
	rr.made, _ = r.Metadata(dataset.ChromiumKey)
}

// renderer returns the Renderer for scale, starting it if need be.
func (rr *rerenderer) renderer(ctx context.Context, scale float64) (*render.Renderer, error) {
	if r, ok := rr.renderers[scale]; ok {
		return r, nil
	}
	r, err := render.New(ctx, render.Options{ChromePath: rr.chrome, Scale: scale, Head: formview.Head()})
	if err != nil {
		return nil, fmt.Errorf("verify: re-render: %w", err)
	}
	rr.renderers[scale] = r
	return r, nil
}

// rerenderJob is one picture to render again.
type rerenderJob struct {
	row   int         // index in the batch
	col   string      // image or image_2
	got   image.Image // the row's picture decoded; nil when it does not decode
	boxes []formview.Box
	job   render.Job
	meta  *suites.Meta
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
		r, err := rr.renderer(ctx, s)
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
			if why := rr.compare(&jobs[i], &res[i], r.Version()); why != "" {
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
	var out []rerenderJob
	for i, pic := range pics {
		job, err := formview.Job(&m.Form, m.Pictures[i], row.Task, "v"+strconv.Itoa(k)+"-"+strconv.Itoa(i))
		if err != nil {
			return nil
		}
		out = append(out, rerenderJob{row: k, col: pic.col, got: c.pics[pic.slot].img, boxes: bc.Pictures[i], job: job, meta: m, state: m.Pictures[i]})
	}
	return out
}

// compare returns how the rendering res, made by browser version, differs
// from the row's picture and boxes, or "".
func (rr *rerenderer) compare(j *rerenderJob, res *render.Result, version string) string {
	if err := formview.Check(&j.meta.Form, j.state, res.Elements); err != nil {
		return fmt.Sprintf("cannot be re-rendered in its state: %v", err)
	}
	if want := formview.Boxes(&j.meta.Form, res.Elements); !reflect.DeepEqual(j.boxes, want) {
		return "has other element boxes in the boxes column than its re-rendering" + rr.note(version)
	}
	if j.got == nil {
		return "" // checkImages reports it
	}
	want, err := png.Decode(bytes.NewReader(res.PNG))
	if err != nil {
		return fmt.Sprintf("re-rendering does not decode: %v", err)
	}
	d := pixelDiff(j.got, want)
	if d.n == 0 {
		return ""
	}
	return fmt.Sprintf("differs from its re-rendering in %d of %d pixels (the first at x %d, y %d; up to %d in a channel)%s",
		d.n, d.all, d.first.X, d.first.Y, d.most, rr.note(version))
}

// note names both browsers when the file says it was rendered by another
// than version.
func (rr *rerenderer) note(version string) string {
	if rr.made != "" && version != rr.made {
		return fmt.Sprintf(" (the file was rendered by %s, the re-rendering by %s)", rr.made, version)
	}
	return ""
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
