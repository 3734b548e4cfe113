package render

import (
	"context"
	"fmt"
	"testing"
	"time"
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
