package openenv

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
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
// session, a real click and a screenshot a step. Both click the same
// elements of the same forms in the same random order (clickPlan). It
// also times resets with a screenshot, one at a time on an idle server
// (p50), and says how many pictures came from the painter's cache.
func BenchmarkScreenshotSteps(b *testing.B) {
	const sessions = 16
	const perSession = 60
	for _, scale := range []float64{1, 2} {
		b.Run(fmt.Sprint("scale", scale), func(b *testing.B) {
			ctx := context.Background()
			r, err := render.New(ctx, render.Options{Head: formview.Head(), Fonts: formview.Fonts(), Scale: scale, Tabs: ServeTabs(sessions)})
			if err != nil {
				b.Skip(err)
			}
			defer r.Close()
			heights, err := formview.Fit(ctx, r, forms.Defaults())
			if err != nil {
				b.Fatal(err)
			}
			screens := episode.NewScreens(r, heights, scale)
			quiet, err := screens.Calibrate(ctx, forms.Defaults())
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("scale %g: the browser draws nothing for hover: %t; for a focus without a ring on: %v", scale, quiet.Hover, quiet.Focus)
			s := New(forms.Defaults(), screens, Options{MaxSessions: 2 * sessions})
			hs := httptest.NewServer(s.Handler())
			defer hs.Close()
			url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
			for range b.N {
				// As in the page loop, whose pages are loaded before its
				// clock starts, the sessions connect and reset first: the
				// clock times their steps, and resets are timed apart.
				var wg, ready sync.WaitGroup
				begin := make(chan struct{})
				for k := range sessions {
					ready.Add(1)
					wg.Go(func() { pictureSession(b, url, k, perSession, ready.Done, begin) })
				}
				ready.Wait()
				start := time.Now()
				close(begin)
				wg.Wait()
				rate := float64(sessions*perSession) / time.Since(start).Seconds()
				cached, drawn := screens.Painted()
				composed, composeErr := screens.Composed()
				if composeErr != nil {
					b.Error(composeErr)
				}
				cached += composed
				// Resets are timed while the server is idle and before the
				// page loops start browsers of their own, which take a while
				// to go once closed.
				resets := idleResets(b, url, 60)
				base := browserGymLoop(b, heights, scale, sessions, perSession, clickStep)
				floor := browserGymLoop(b, heights, scale, sessions, perSession, repaintStep)
				b.ReportMetric(rate, "steps/s")
				b.ReportMetric(base, "page-loop-steps/s")
				b.ReportMetric(rate/base, "ratio")
				b.ReportMetric(floor, "repaint-capture-steps/s")
				b.ReportMetric(floor/base, "repaint-ratio")
				b.ReportMetric(float64(resets.Microseconds())/1000, "reset-p50-ms")
				b.Logf("scale %g, %d sessions: %.0f steps/s with screenshots (%d of %d pictures from the cache, %d of them composed), a click-and-screenshot page loop %.0f steps/s: %.2fx (target 10x); reset with a screenshot on an idle server p50 %s (target 10 ms)",
					scale, sessions, rate, cached, cached+drawn, composed, base, rate/base, resets)
				b.Logf("scale %g: the same pages doing nothing but a repaint and a capture a step: %.0f steps/s, %.2fx the click loop (what a new picture costs the browser, one document a picture)",
					scale, floor, floor/base)
			}
		})
	}
}

// clickPlan returns the elements session k clicks, n of them: at random
// among its form's elements but Submit, from a seed of k's.
func clickPlan(k, n int) (*episode.Episode, []string) {
	fams := forms.Defaults()
	e, _, err := episode.Reset(context.Background(), int64(k), episode.Spec{Family: fams[k%len(fams)].Name, Observe: []string{"text"}}, episode.ByName(fams), nil)
	if err != nil {
		panic(err) // a built-in family at its default horizon: cannot fail
	}
	var ids []string
	for _, el := range e.Form.Elements {
		if el.Kind != forms.Submit {
			ids = append(ids, el.ID)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(k), 7))
	plan := make([]string, n)
	for i := range plan {
		plan[i] = ids[rng.IntN(len(ids))]
	}
	return e, plan
}

// pictureSession connects and resets session k observing screenshots,
// calls ready, and once begin is closed runs its n clicks.
func pictureSession(b *testing.B, url string, k, n int, ready func(), begin <-chan struct{}) {
	roundTrip, _, closeNow, ok := benchSession(b, url, k, "screenshot")
	ready()
	if !ok {
		return
	}
	defer closeNow()
	_, plan := clickPlan(k, n)
	<-begin
	for _, id := range plan {
		reply, err := roundTrip(fmt.Appendf(nil, `{"type":"step","data":{"action":"click('%s')"}}`, id))
		if err != nil || !bytes.Contains(reply, []byte(`"screenshot":"`)) {
			b.Errorf("step: %v %.200s", err, reply)
			return
		}
	}
}

// idleResets resets n fresh episodes one after another, observing
// screenshots, and returns the median time a reset took.
func idleResets(b *testing.B, url string, n int) time.Duration {
	roundTrip, _, closeNow, ok := benchSession(b, url, 0, "screenshot")
	if !ok {
		return 0
	}
	defer closeNow()
	fams := forms.Defaults()
	took := make([]time.Duration, 0, n)
	for i := range n {
		msg, _ := json.Marshal(map[string]any{"type": "reset", "data": map[string]any{"seed": 1000 + i, "family": fams[i%len(fams)].Name, "observe": []string{"screenshot"}}})
		t := time.Now()
		if _, err := roundTrip(msg); err != nil {
			b.Error(err)
			return 0
		}
		took = append(took, time.Since(t))
	}
	slices.Sort(took)
	return took[len(took)/2]
}

// clickStep is a step of a BrowserGym-style environment: a real mouse
// click (CDP mouse events) at the element's centre, then a screenshot.
func clickStep(ctx context.Context, id string, c [2]float64) error {
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(c[0], c[1])); err != nil {
		return err
	}
	_, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	return err
}

// repaintStep is about the least a step that changes the picture costs
// the browser: the element's box toggled between two looks in one
// evaluate, which the next frame must paint, then a screenshot of the
// page. It is a reference, not a bound: a server may capture less of the
// page, or batch pictures that share no pointer or focus.
func repaintStep(ctx context.Context, id string, _ [2]float64) error {
	sel, _ := json.Marshal(`[data-el="` + id + `"]`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const el = document.querySelector(`+string(sel)+`); el.style.outline = el.style.outline ? '' : '1px solid #000'; return true; })()`)); err != nil {
		return err
	}
	_, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	return err
}

// browserGymLoop steps sessions pages of the same forms on a browser of
// its own with the flags formplan's renderer uses: each page loaded once,
// then step on each element of the session's click plan. With clickStep
// it is the loop of a BrowserGym-style environment. It returns steps/s.
func browserGymLoop(b *testing.B, heights formview.Heights, scale float64, sessions, n int, step func(ctx context.Context, id string, centre [2]float64) error) float64 {
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
	var wg sync.WaitGroup
	var setup sync.WaitGroup
	ready := make(chan struct{})
	for k := range sessions {
		wg.Add(1)
		setup.Add(1)
		go func() {
			defer wg.Done()
			tctx, tcancel := chromedp.NewContext(bctx)
			defer tcancel()
			e, plan := clickPlan(k, n)
			job, _ := formview.Job(&e.Form, e.Start, e.Goal.Text, "b")
			page := "<!DOCTYPE html><html><head><meta charset=utf-8>" + formview.Head() + "</head><body style=\"margin:0\">" + job.HTML + "</body></html>"
			err := chromedp.Do(tctx,
				chromedp.EmulateViewport(int64(job.Width), int64(heights.Of(e.Form.Family)), chromedp.EmulateScale(scale)),
				chromedp.Navigate("data:text/html;base64,"+b64(page)))
			var centres map[string][2]float64
			if err == nil {
				centres, err = chromedp.Run(tctx, chromedp.Evaluate[map[string][2]float64](`Object.fromEntries(Array.from(document.querySelectorAll('[data-el]'), (el) => {
					const r = el.getBoundingClientRect();
					return [el.getAttribute('data-el'), [r.left + r.width / 2, r.top + r.height / 2]];
				}))`))
			}
			setup.Done()
			<-ready
			if err != nil {
				b.Error(err)
				return
			}
			for _, id := range plan {
				if err := step(tctx, id, centres[id]); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	setup.Wait()
	start := time.Now()
	close(ready)
	wg.Wait()
	return float64(sessions*n) / time.Since(start).Seconds()
}

// b64 is base64.StdEncoding.EncodeToString.
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
