package render

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
)

func TestProf(t *testing.T) {
	r, err := New(context.Background(), Options{Head: testHead, Tabs: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	jobs, _ := formJobs(64, 5)
	pages, _ := planPages(jobs, 1, 256, defaultBatchPixels)
	p := pages[0]
	html := p.html(jobs, r.opt.Head, true)
	in, _ := r.instance(context.Background())
	tb, err := in.render.acquire(context.Background(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for k := 0; k < 6; k++ {
		t0 := time.Now()
		if err := tb.load(ctx, p, html, 1); err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		tb.readback(ctx)
		t2 := time.Now()
		shot, err := tb.screenshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t3 := time.Now()
		shot2, _ := tb.screenshot(ctx)
		t4 := time.Now()
		res, _ := cdp.Call(ctx, tb.target, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatJpeg, Quality: new(int64(90)), OptimizeForSpeed: new(true)})
		t5 := time.Now()
		res2, _ := cdp.Call(ctx, tb.target, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng, Clip: &page.Viewport{X: 0, Y: 0, Width: 8, Height: 8, Scale: 1}})
		t6 := time.Now()
		t.Logf("load %v readback %v shot %v again %v (%d) jpeg %v (%d) tiny %v (%d)", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), len(shot)+len(shot2)*0, t5.Sub(t4), len(res.Data), t6.Sub(t5), len(res2.Data))
	}
}
