package render

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"
)

// Job is one task picture to render: an HTML fragment whose single root
// element is at most Width x Height CSS px (e.g. the MiniWoB 160 x 210
// "#wrap" div). The picture is the root element's box: a root that grows
// with its content, up to Width x Height, gives a larger picture; its size
// must be whole pixels too.
//
// A picture shows every text whole, or the job fails: no text may reach
// outside a root element marked data-whole, an element marked data-fit="name" must show all
// its content (its scroll size within its client size; a text box whose
// value is wider than the box fails) and no element marked data-el may
// overlap a data-fit element it is not inside of (an instruction bar over
// a checkbox fails).
type Job struct {
	HTML          string // body fragment, already escaped by the caller (html/template)
	Width, Height int    // CSS px: the most the root element's width and height may be
}

// Box is an element's bounding box relative to the root element's top-left,
// in output pixels (CSS px * scale).
type Box struct{ X, Y, W, H float64 }

// Element is what the DOM says about one element marked data-el after
// rendering.
//
// When the marked element is not itself a form control, Checked, Value and
// Disabled come from the first input, textarea or select inside it; Box is
// always the marked element's.
type Element struct {
	ID       string // value of data-el
	Kind     string // value of data-kind: checkbox, radio, slider, textbox, submit
	Checked  bool   // checkbox/radio
	Value    string // input value (slider value, text box text); empty for checkbox/radio
	Shown    string // text content, trimmed, of the element [data-value-for=ID] (a slider's printed value)
	Disabled bool   // the control is disabled (its disabled attribute, or a disabled fieldset around it)
	Box      Box    // pixels
	Norm     Box    // normalised 0-1 by the picture's width and height
	Label    Box    // pixels: the box of the control's first <label>, where a click acts on the control too; zero when it has none
}

// Result is the rendering of one Job.
type Result struct {
	PNG           []byte    // exactly Width x Height pixels
	Width, Height int       // pixels: the root element's CSS size times the scale
	Elements      []Element // in document order
}

// Options configures a Renderer. The zero value gives the defaults listed
// with each field.
type Options struct {
	ChromePath string        // "" = look up (see FindChrome)
	Scale      float64       // device scale factor; 0 means 1
	Tabs       int           // parallel tabs; 0 means 2
	BatchSize  int           // jobs laid out in one page and cropped; 0 means at most 128 and at most 16 Mi device pixels a page
	Head       string        // extra HTML for <head> (the caller's <style> and <script>), same for every job
	Fonts      []string      // web font families of Head that must load: a page where one fails is an error, not a picture in a system font
	Timeout    time.Duration // longest wait for one page (load, read back, screenshot); 0 means 30s
}

// ErrClosed is the error of a Renderer that was closed.
var ErrClosed = errors.New("render: renderer is closed")

// JobError is the error of a job that cannot be rendered as given, for
// example one whose root element is not Width x Height. Trying again does not
// help.
type JobError struct {
	Job int   // index of the job in the call
	Err error // what is wrong
}

// Error returns "render: job N: cause".
func (e *JobError) Error() string { return fmt.Sprintf("render: job %d: %v", e.Job, e.Err) }

// Unwrap returns the cause.
func (e *JobError) Unwrap() error { return e.Err }

// Renderer takes screenshots of jobs in a headless Chromium that it starts,
// and restarts when it crashes or hangs. Its methods are safe for concurrent
// use.
type Renderer struct {
	opt     Options // defaults filled in
	path    string
	version string

	mu     sync.Mutex
	inst   *instance // nil until started, or after a crash until restarted
	closed bool
	starts int // browsers started, including restarts
}

// New finds Chromium, starts it and returns a Renderer. ctx bounds the
// start only; the browser runs until Close.
func New(ctx context.Context, opt Options) (*Renderer, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	path, err := FindChrome(opt.ChromePath)
	if err != nil {
		return nil, err
	}
	r := &Renderer{opt: opt, path: path}
	in, err := r.instance(ctx)
	if err != nil {
		return nil, wrapErr("", err)
	}
	r.version = in.version
	return r, nil
}

func (o Options) withDefaults() (Options, error) {
	switch {
	case o.Scale < 0 || math.IsNaN(o.Scale) || math.IsInf(o.Scale, 0):
		return o, fmt.Errorf("render: Scale is %g, want a positive number or 0", o.Scale)
	case o.Tabs < 0:
		return o, fmt.Errorf("render: Tabs is %d, want 0 or more", o.Tabs)
	case o.BatchSize < 0:
		return o, fmt.Errorf("render: BatchSize is %d, want 0 or more", o.BatchSize)
	case o.Timeout < 0:
		return o, fmt.Errorf("render: Timeout is %v, want 0 or more", o.Timeout)
	}
	if o.Scale == 0 {
		o.Scale = 1
	}
	if o.Tabs == 0 {
		o.Tabs = 2
	}
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	return o, nil
}

// Version returns the product version of the browser, such as
// "HeadlessChrome/156.0.8078.79", for dataset metadata.
func (r *Renderer) Version() string { return r.version }

// Close stops the browser and removes its temporary profile. Calls after
// Close return ErrClosed.
func (r *Renderer) Close() error {
	r.mu.Lock()
	in := r.inst
	r.inst, r.closed = nil, true
	r.mu.Unlock()
	if in != nil {
		in.close()
	}
	return nil
}

// wrapErr prefixes err with the package name and what failed, unless err
// is one of the package's own errors, which say both already.
func wrapErr(what string, err error) error {
	if errors.Is(err, ErrClosed) || errors.Is(err, ErrNoChrome) ||
		errors.As(err, new(*JobError)) || errors.As(err, new(*InputError)) {
		return err
	}
	if what == "" {
		return fmt.Errorf("render: %w", err)
	}
	return fmt.Errorf("render: %s: %w", what, err)
}

// checkJob reports what is wrong with a job, or nil.
func (r *Renderer) checkJob(j Job) error {
	if j.Width <= 0 || j.Height <= 0 {
		return fmt.Errorf("size %d x %d CSS px is not positive", j.Width, j.Height)
	}
	for _, v := range []int{j.Width, j.Height} {
		if _, ok := Pixels(v, r.opt.Scale); !ok {
			return fmt.Errorf("%d CSS px at scale %g is not a whole number of pixels", v, r.opt.Scale)
		}
	}
	return nil
}

// Pixels returns a size of css CSS px at scale in device pixels, rounded,
// and whether the product is a whole number of pixels, give or take
// floating-point error: a job's width and height must be, or the picture
// could not be cropped from a page screenshot exactly.
func Pixels(css int, scale float64) (px int, whole bool) {
	p := float64(css) * scale
	return int(math.Round(p)), math.Abs(p-math.Round(p)) <= 1e-6
}

// Render renders the jobs and returns their results in job order. It lays
// many jobs out in one page, takes one screenshot per page and crops it. A
// page whose browser crashes or hangs is rendered again in a new browser.
func (r *Renderer) Render(ctx context.Context, jobs []Job) ([]Result, error) {
	for i, j := range jobs {
		if err := r.checkJob(j); err != nil {
			return nil, &JobError{Job: i, Err: err}
		}
	}
	maxJobs, maxPixels := r.opt.BatchSize, float64(maxPagePixels)
	if maxJobs == 0 {
		maxJobs, maxPixels = defaultBatchMax, defaultBatchPixels
	}
	pages, err := planPages(jobs, r.opt.Scale, maxJobs, maxPixels)
	if err != nil {
		return nil, err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		errOnce  sync.Once
		firstErr error
	)
	fail := func(err error) {
		errOnce.Do(func() {
			firstErr = err
			cancel()
		})
	}

	results := make([]Result, len(jobs))
	queue := make(chan *pageLayout)
	// Cropping runs beside the browser, so that a tab loads its next page
	// while the last one is encoded; sem bounds the pages in flight.
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var workers, crops sync.WaitGroup
	for range min(r.opt.Tabs, len(pages)) {
		workers.Go(func() {
			for p := range queue {
				shot, cells, err := r.shootPage(ctx, jobs, p)
				if err != nil {
					fail(err)
					continue
				}
				sem <- struct{}{}
				crops.Go(func() {
					defer func() { <-sem }()
					if err := r.finishPage(jobs, p, shot, cells, results); err != nil {
						fail(err)
					}
				})
			}
		})
	}
feed:
	for _, p := range pages {
		select {
		case queue <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(queue)
	workers.Wait()
	crops.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, wrapErr("", err)
	}
	return results, nil
}

// pageName names the jobs of a page in errors.
func pageName(p *pageLayout) string {
	first, last := p.cells[0].job, p.cells[len(p.cells)-1].job
	if first == last {
		return fmt.Sprintf("job %d", first)
	}
	return fmt.Sprintf("jobs %d-%d", first, last)
}

// shootPage loads page p in a tab, reads it back and takes its screenshot.
func (r *Renderer) shootPage(ctx context.Context, jobs []Job, p *pageLayout) ([]byte, []cellReadback, error) {
	html := p.html(jobs, r.opt.Head, true)
	var (
		shot  []byte
		cells []cellReadback
	)
	err := r.withTab(ctx, renderTabs, func(ctx context.Context, t *tab) error {
		var err error
		if err = t.load(ctx, p, html, r.opt.Scale); err != nil {
			return err
		}
		if cells, err = t.readback(ctx, r.opt.Fonts, ""); err != nil {
			return err
		}
		if len(cells) != len(p.cells) {
			return fmt.Errorf("page has %d cells, want %d", len(cells), len(p.cells))
		}
		shot, err = t.screenshot(ctx)
		return err
	})
	if err != nil {
		return nil, nil, wrapErr(pageName(p), err)
	}
	return shot, cells, nil
}

// finishPage checks the readback of page p, crops its screenshot and fills
// in the results of its jobs.
func (r *Renderer) finishPage(jobs []Job, p *pageLayout, shot []byte, cells []cellReadback, results []Result) error {
	els := make([][]Element, len(cells))
	sizes := make([]size, len(cells))
	for i, c := range cells {
		if c.Owner >= 0 {
			return &JobError{Job: p.cells[c.Owner].job, Err: errors.New("a tag is left open, so the next job ended up inside this one")}
		}
		var err error
		job := p.cells[i].job
		if els[i], sizes[i], err = c.elements(jobs[job], job, r.opt.Scale, true); err != nil {
			return err
		}
	}
	pngs, err := cropPage(shot, p, sizes, r.opt.Scale)
	if err != nil {
		return wrapErr(pageName(p), err)
	}
	for i, c := range p.cells {
		results[c.job] = Result{
			PNG:      pngs[i],
			Width:    px(int64(sizes[i].w), r.opt.Scale),
			Height:   px(int64(sizes[i].h), r.opt.Scale),
			Elements: els[i],
		}
	}
	return nil
}
