package openenv

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/formplan/formplan/episode"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
)

// BenchmarkScreenshotSteps steps 16 WebSocket sessions at once with
// screenshot observations at scales 1 and 2, against, in the same run, the
// loop of a BrowserGym-style environment on the same Chromium: one page a
// session, a real click and a screenshot a step. It also times resets with
// a screenshot (p50).
func BenchmarkScreenshotSteps(b *testing.B) {
	const sessions = 16
	const perSession = 60
	for _, scale := range []float64{1, 2} {
		b.Run(fmt.Sprint("scale", scale), func(b *testing.B) {
			ctx := context.Background()
			r, err := render.New(ctx, render.Options{Head: formview.Head(), Fonts: formview.Fonts(), Scale: scale})
			if err != nil {
				b.Skip(err)
			}
			defer r.Close()
			heights, err := formview.Fit(ctx, r, forms.Defaults())
			if err != nil {
				b.Fatal(err)
			}
			screens := episode.NewScreens(r, heights, scale)
			defer screens.Close()
			s := New(forms.Defaults(), screens, Options{MaxSessions: 2 * sessions})
			hs := httptest.NewServer(s.Handler())
			defer hs.Close()
			url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
			for range b.N {
				var wg sync.WaitGroup
				resets := make([][]time.Duration, sessions)
				start := time.Now()
				for k := range sessions {
					wg.Add(1)
					go func() {
						defer wg.Done()
						resets[k] = pictureSession(b, url, k, perSession)
					}()
				}
				wg.Wait()
				rate := float64(sessions*perSession) / time.Since(start).Seconds()
				base := browserGymLoop(b, heights, scale, sessions, perSession)
				var all []time.Duration
				for _, x := range resets {
					all = append(all, x...)
				}
				slices.Sort(all)
				b.ReportMetric(rate, "steps/s")
				b.ReportMetric(base, "page-loop-steps/s")
				b.ReportMetric(rate/base, "ratio")
				b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "reset-p50-ms")
				b.Logf("scale %g, %d sessions: %.0f steps/s with screenshots, a click-and-screenshot page loop %.0f steps/s: %.2fx (target 10x); reset with a screenshot p50 %s (target 10 ms)",
					scale, sessions, rate, base, rate/base, all[len(all)/2])
			}
		})
	}
}

// pictureSession runs one session of n steps observing screenshots, and
// returns how long its resets took.
func pictureSession(b *testing.B, url string, k, n int) []time.Duration {
	t := time.Now()
	roundTrip, reset, closeNow, ok := benchSession(b, url, k, "screenshot")
	if !ok {
		return nil
	}
	defer closeNow()
	resets := []time.Duration{time.Since(t)}
	for i := range n {
		reply, err := roundTrip(fmt.Appendf(nil, `{"type":"step","data":{"action":%q}}`, stepActions[i%2]))
		if err != nil || !strings.Contains(reply, `"screenshot":"`) {
			b.Errorf("step: %v %.200s", err, reply)
			return resets
		}
		if strings.Contains(reply, `"done":true}`) {
			t := time.Now()
			roundTrip(reset)
			resets = append(resets, time.Since(t))
		}
	}
	return resets
}

// browserGymLoop steps sessions pages of the same forms as a
// BrowserGym-style environment does, on a browser of its own with the
// flags formplan's renderer uses: each page loaded once, then per step a
// real mouse click (CDP mouse events) and a screenshot of the page. It
// returns steps/s.
func browserGymLoop(b *testing.B, heights formview.Heights, scale float64, sessions, n int) float64 {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("disable-gpu-vsync", true), chromedp.Flag("disable-frame-rate-limit", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	if p, err := render.FindChrome(""); err == nil {
		opts = append(opts, chromedp.ExecPath(p))
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx); err != nil {
		b.Fatal(err)
	}
	fams := forms.Defaults()
	var wg sync.WaitGroup
	var setup sync.WaitGroup
	ready := make(chan struct{})
	start := time.Now()
	for k := range sessions {
		wg.Add(1)
		setup.Add(1)
		go func() {
			defer wg.Done()
			tctx, tcancel := chromedp.NewContext(bctx)
			defer tcancel()
			e, _, err := episode.Reset(context.Background(), int64(k), episode.Spec{Family: fams[k%len(fams)].Name, Observe: []string{"text"}}, byName(fams), nil)
			if err != nil {
				b.Error(err)
				setup.Done()
				return
			}
			job, _ := formview.Job(&e.Form, e.Start, e.Goal.Text, "b")
			page := "<!DOCTYPE html><html><head><meta charset=utf-8>" + formview.Head() + "</head><body style=\"margin:0\">" + job.HTML + "</body></html>"
			err = chromedp.Do(tctx,
				chromedp.EmulateViewport(int64(job.Width), int64(heights.Of(e.Form.Family)), chromedp.EmulateScale(scale)),
				chromedp.Navigate("data:text/html;base64,"+b64(page)))
			setup.Done()
			<-ready
			if err != nil {
				b.Error(err)
				return
			}
			x, y := 12.0, 60.0 // the first element of every built-in form
			for range n {
				if err := chromedp.Do(tctx, chromedp.MouseClickXY(x, y)); err != nil {
					b.Error(err)
					return
				}
				if _, err := chromedp.Run(tctx, chromedp.CaptureScreenshot()); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	setup.Wait()
	start = time.Now()
	close(ready)
	wg.Wait()
	return float64(sessions*n) / time.Since(start).Seconds()
}

func byName(fams []forms.Family) map[string]*forms.Family {
	m := map[string]*forms.Family{}
	for k := range fams {
		m[fams[k].Name] = &fams[k]
	}
	return m
}

// b64 is base64.StdEncoding.EncodeToString.
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
