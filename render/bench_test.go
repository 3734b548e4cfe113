package render

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// naiveRender renders each job in a page of its own with one screenshot,
// in one tab, and keeps the browser's PNG: the baseline of Render.
func naiveRender(ctx context.Context, r *Renderer, jobs []Job) error {
	return r.withTab(ctx, renderTabs, func(ctx context.Context, t *tab) error {
		for i := range jobs {
			p, err := layoutPages(jobs, []int{i}, r.opt.Scale)
			if err != nil {
				return err
			}
			if err := t.load(ctx, p[0], p[0].html(jobs, r.opt.Head, false), r.opt.Scale); err != nil {
				return err
			}
			if _, err := t.screenshot(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}

// shotsPerSecond renders jobs with f after one warm-up run.
func shotsPerSecond(tb testing.TB, jobs []Job, f func([]Job) error) float64 {
	tb.Helper()
	if err := f(jobs[:min(len(jobs), 64)]); err != nil {
		tb.Fatal(err)
	}
	start := time.Now()
	if err := f(jobs); err != nil {
		tb.Fatal(err)
	}
	return float64(len(jobs)) / time.Since(start).Seconds()
}

// BenchmarkThroughput measures, in the same run, Render with the default
// options and the naive loop of one page and one screenshot per job, and
// reports both rates and their ratio. It alternates the two three times and
// keeps the best rate of each, so that load from other processes on the
// machine hits both alike.
func BenchmarkThroughput(b *testing.B) {
	for _, scale := range []float64{1, 2} {
		b.Run(fmt.Sprintf("scale=%g", scale), func(b *testing.B) {
			r := newRenderer(b, Options{Scale: scale})
			ctx := context.Background()
			batched, _ := formJobs(2048, 1)
			naive, _ := formJobs(128, 2)
			var fast, slow float64
			for b.Loop() {
				for range 3 {
					fast = max(fast, shotsPerSecond(b, batched, func(jobs []Job) error {
						_, err := r.Render(ctx, jobs)
						return err
					}))
					slow = max(slow, shotsPerSecond(b, naive, func(jobs []Job) error {
						return naiveRender(ctx, r, jobs)
					}))
				}
			}
			b.ReportMetric(fast, "batched-shots/s")
			b.ReportMetric(slow, "naive-shots/s")
			b.ReportMetric(fast/slow, "speedup")
			b.Logf("scale %g: batched %.0f shots/s, naive %.0f shots/s, speedup %.1fx", scale, fast, slow, fast/slow)
		})
	}
}

// BenchmarkScreenshotScale measures, in the same run, a Live picture at
// scale 2 from a browser started at that device scale factor (as every
// Renderer starts one, scaleFlags) and from one whose tabs only emulate it,
// and prints the median of each and their ratio. The two alternate, 40
// pictures at a time, so that load from other processes hits both alike.
func BenchmarkScreenshotScale(b *testing.B) {
	const scale = 2
	ctx := context.Background()
	own := newRenderer(b, Options{Scale: scale})
	testFlags = []chromedp.ExecAllocatorOption{chromedp.Flag("force-device-scale-factor", "1")}
	emulated := newRenderer(b, Options{Scale: scale})
	testFlags = nil
	jobs, _ := formJobs(240, 5)
	var fast, slow []time.Duration
	for b.Loop() {
		fast, slow = fast[:0], slow[:0]
		for k := 0; k < len(jobs); k += 40 {
			for _, c := range []struct {
				r   *Renderer
				out *[]time.Duration
			}{{own, &fast}, {emulated, &slow}} {
				for _, job := range jobs[k : k+40] {
					start := time.Now()
					if _, err := c.r.Live(ctx, job, Pose{}); err != nil {
						b.Fatal(err)
					}
					*c.out = append(*c.out, time.Since(start))
				}
			}
		}
	}
	f, s := median(fast), median(slow)
	b.ReportMetric(float64(f.Microseconds())/1000, "own-scale-ms")
	b.ReportMetric(float64(s.Microseconds())/1000, "emulated-scale-ms")
	b.ReportMetric(float64(s)/float64(f), "speedup")
	b.Logf("scale %d, a 160 x 210 form a picture: browser at that scale %v, scale emulated in the tab %v: %.1fx", scale, f, s, float64(s)/float64(f))
}

// median returns the middle of d, which it sorts.
func median(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[len(d)/2]
}
