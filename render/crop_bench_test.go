package render

import (
	"context"
	"testing"
	"time"
)

// pageShot renders a page of forms and returns its layout and screenshot.
func pageShot(tb testing.TB, scale float64) (*pageLayout, []byte) {
	tb.Helper()
	r := newRenderer(tb, Options{Scale: scale})
	jobs, _ := formJobs(64, 9)
	pages, err := planPages(jobs, scale, defaultBatchMax, defaultBatchPixels*scale*scale)
	if err != nil {
		tb.Fatal(err)
	}
	p := pages[0]
	shot, _, err := r.shootPage(context.Background(), jobs, p)
	if err != nil {
		tb.Fatal(err)
	}
	return p, shot
}

// BenchmarkCrop measures cutting the screenshot of one page of 64 forms
// into 64 PNGs.
func BenchmarkCrop(b *testing.B) {
	p, shot := pageShot(b, 1)
	var out [][]byte
	for b.Loop() {
		var err error
		if out, err = cropPage(shot, p, 1); err != nil {
			b.Fatal(err)
		}
	}
	n := 0
	for _, o := range out {
		n += len(o)
	}
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(len(p.cells))/float64(time.Millisecond), "ms/picture")
	b.ReportMetric(float64(n)/float64(len(out)), "bytes/picture")
}
