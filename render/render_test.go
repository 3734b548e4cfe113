package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// colourJob is a job of w x h CSS px filled with one colour, with a marked
// element at (10, 20), 30 x 40 CSS px, drawn in black.
func colourJob(w, h int, c color.RGBA) Job {
	return Job{
		HTML: fmt.Sprintf(`<div style="position:relative;width:%dpx;height:%dpx;background:rgb(%d,%d,%d)">`+
			`<div data-el="m" data-kind="box" style="position:absolute;left:10px;top:20px;width:30px;height:40px;background:#000"></div></div>`,
			w, h, c.R, c.G, c.B),
		Width: w, Height: h,
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func same(c1, c2 color.Color) bool {
	r1, g1, b1, _ := c1.RGBA()
	r2, g2, b2, _ := c2.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}

// TestRenderPixels renders jobs of mixed sizes, each in its own colour, and
// checks the size of every picture, the colour at its edges and around the
// marked element, and the element's box.
func TestRenderPixels(t *testing.T) {
	sizes := [][2]int{{160, 210}, {100, 50}, {332, 214}, {48, 32}, {160, 210}, {60, 400}}
	var jobs []Job
	var colours []color.RGBA
	for i := range 40 {
		s := sizes[i%len(sizes)]
		c := color.RGBA{uint8(50 + 5*i), uint8(255 - 5*i), uint8(100 + 3*i), 255}
		jobs = append(jobs, colourJob(s[0], s[1], c))
		colours = append(colours, c)
	}
	tests := []struct {
		scale float64
		batch int
	}{
		{1, 0}, {1, 1}, {1, 7}, {2, 0}, {3, 0}, {1.5, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("scale=%g/batch=%d", tt.scale, tt.batch), func(t *testing.T) {
			r := newRenderer(t, Options{Scale: tt.scale, BatchSize: tt.batch, Tabs: 2})
			results, err := r.Render(context.Background(), jobs)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != len(jobs) {
				t.Fatalf("%d results, want %d", len(results), len(jobs))
			}
			s := tt.scale
			for i, res := range results {
				w, h := int(float64(jobs[i].Width)*s), int(float64(jobs[i].Height)*s)
				img := decode(t, res.PNG)
				if res.Width != w || res.Height != h || img.Bounds() != image.Rect(0, 0, w, h) {
					t.Fatalf("job %d: result %d x %d, PNG %v, want %d x %d", i, res.Width, res.Height, img.Bounds(), w, h)
				}
				points := [][2]int{{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}, {w - 1, h / 2},
					{int(9 * s), int(30 * s)}, {int(41 * s), int(30 * s)}} // just outside the marked element
				for _, p := range points {
					if got := img.At(p[0], p[1]); !same(got, colours[i]) {
						t.Errorf("job %d: pixel %v = %v, want %v", i, p, got, colours[i])
					}
				}
				if got := img.At(int(25*s), int(40*s)); !same(got, color.Black) {
					t.Errorf("job %d: marked element pixel = %v, want black", i, got)
				}
				if len(res.Elements) != 1 {
					t.Fatalf("job %d: %d elements, want 1", i, len(res.Elements))
				}
				e := res.Elements[0]
				wantBox := Box{10 * s, 20 * s, 30 * s, 40 * s}
				wantNorm := Box{10 / float64(jobs[i].Width), 20 / float64(jobs[i].Height), 30 / float64(jobs[i].Width), 40 / float64(jobs[i].Height)}
				if e.ID != "m" || e.Kind != "box" || !near(e.Box, wantBox) || !near(e.Norm, wantNorm) {
					t.Errorf("job %d: element %+v, want box %+v norm %+v", i, e, wantBox, wantNorm)
				}
			}
		})
	}
}

func near(a, b Box) bool {
	const eps = 1e-6
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.W-b.W) < eps && math.Abs(a.H-b.H) < eps
}

// TestRenderStates checks that every form reads back in the state its HTML
// gives, with radio buttons of the same name in many jobs of one page.
func TestRenderStates(t *testing.T) {
	r := newRenderer(t, Options{})
	jobs, states := formJobs(150, 7)
	results, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	checkStates(t, results, states)
}

// TestRenderSameAnyBatch checks that a form gives the same PNG bytes
// wherever it sits in a page, and alone in a page.
func TestRenderSameAnyBatch(t *testing.T) {
	jobs, _ := formJobs(30, 3)
	var first []Result
	for _, batch := range []int{0, 1, 7} {
		r := newRenderer(t, Options{BatchSize: batch})
		results, err := r.Render(context.Background(), jobs)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = results
			continue
		}
		for i := range results {
			if !bytes.Equal(results[i].PNG, first[i].PNG) {
				t.Errorf("batch size %d: job %d differs from the default batch size", batch, i)
			}
		}
	}
}

func TestRenderEmpty(t *testing.T) {
	r := newRenderer(t, Options{})
	results, err := r.Render(context.Background(), nil)
	if err != nil || len(results) != 0 {
		t.Fatalf("Render(nil) = %v, %v; want no results and no error", results, err)
	}
}

func TestRenderJobErrors(t *testing.T) {
	good := colourJob(50, 50, color.RGBA{255, 0, 0, 255})
	tests := []struct {
		name    string
		scale   float64
		bad     Job
		badAt   int // index of the bad job among good ones
		wantJob int
		want    string // in the error
	}{
		{"root too wide", 1, Job{HTML: `<div style="width:60px;height:50px"></div>`, Width: 50, Height: 50}, 2, 2, "root element is 60 x 50"},
		{"root with margin", 1, Job{HTML: `<div style="width:50px;height:50px;margin-left:3px"></div>`, Width: 50, Height: 50}, 0, 0, "at (3, 0)"},
		{"no root", 1, Job{HTML: `just text`, Width: 50, Height: 50}, 1, 1, "no root element"},
		{"tag left open", 1, Job{HTML: `<div style="width:50px;height:50px"><div>`, Width: 50, Height: 50}, 1, 1, "left open"},
		{"zero size", 1, Job{HTML: `<div></div>`, Width: 0, Height: 50}, 3, 3, "not positive"},
		{"half pixels", 1.5, Job{HTML: `<div style="width:51px;height:50px"></div>`, Width: 51, Height: 50}, 1, 1, "not a whole number"},
		{"too large", 1, Job{HTML: `<div style="width:50px;height:20000px"></div>`, Width: 50, Height: 20000}, 1, 1, "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRenderer(t, Options{Scale: tt.scale})
			jobs := []Job{good, good, good, good}
			jobs[tt.badAt] = tt.bad
			_, err := r.Render(context.Background(), jobs)
			var je *JobError
			if !errors.As(err, &je) || je.Job != tt.wantJob || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want a JobError for job %d containing %q", err, tt.wantJob, tt.want)
			}
			// The renderer still works after a refused job.
			if _, err := r.Render(context.Background(), []Job{good}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestNoNetwork checks that neither Render nor Execute lets a page reach the
// network.
func TestNoNetwork(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		hits.Add(1)
		t.Logf("request %s", req.URL)
	}))
	defer srv.Close()
	head := testHead + fmt.Sprintf(`<link rel="stylesheet" href="%[1]s/style.css"><script src="%[1]s/x.js"></script>`+
		`<script>fetch(%[1]q + "/fetch").catch(() => {}); new Image().src = %[1]q + "/img";</script>`, srv.URL)
	job := Job{HTML: fmt.Sprintf(`<div style="width:50px;height:50px;background:url(%[1]s/bg.png)"><img src="%[1]s/a.png"><iframe src="%[1]s/frame"></iframe></div>`, srv.URL), Width: 50, Height: 50}
	r := newRenderer(t, Options{Head: head})
	if _, err := r.Render(context.Background(), []Job{job, job}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Execute(context.Background(), job, nil); err != nil {
		t.Fatal(err)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server got %d requests, want 0", n)
	}
}

func TestOptionErrors(t *testing.T) {
	for _, opt := range []Options{{Scale: -1}, {Scale: math.NaN()}, {Tabs: -1}, {BatchSize: -2}, {Timeout: -1}} {
		if _, err := New(context.Background(), opt); err == nil {
			t.Errorf("New(%+v) succeeded", opt)
		}
	}
}

func TestVersionAndClose(t *testing.T) {
	r, err := New(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := r.Version(); !strings.Contains(v, "Chrome/") {
		t.Errorf("Version() = %q, want a Chrome product version", v)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Render(context.Background(), []Job{colourJob(50, 50, color.RGBA{A: 255})}); !errors.Is(err, ErrClosed) {
		t.Errorf("Render after Close: %v, want ErrClosed", err)
	}
	if _, err := r.Execute(context.Background(), executeFixture, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Execute after Close: %v, want ErrClosed", err)
	}
}
