package report

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/score"
	"github.com/formplan/formplan/suites"
)

// results scores the oracle (under every rotation of the options),
// always-A and random on every suite, 48 questions each, under protocol,
// without pictures.
func results(t *testing.T, protocol string) *score.Summary {
	t.Helper()
	dir := t.TempDir()
	fixture.Write(t, dir, 5, 48, protocol)
	d, err := score.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tally := score.NewTally(d, []string{"suite"}, true)
	for _, r := range []string{"oracle", "always-A", "random"} {
		rs, err := score.Respond(d, r, 1, r == "oracle")
		if err != nil {
			t.Fatal(err)
		}
		for _, rep := range rs {
			if _, err := tally.Add(d, rep, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tally.Summary()
}

// figureBox is where a plot sits on the page and whether it loaded.
type figureBox struct {
	X, Y, W, H float64
	Natural    int `json:"natural"`
}

// TestReportInChromium writes the report of three reference models, opens
// it in headless Chromium and checks that every plot loaded and is drawn:
// the screenshot holds the colours of the lines and bars inside every
// plot's box. Set REPORT_SCREENSHOT to a file name to keep the picture.
func TestReportInChromium(t *testing.T) {
	res := results(t, suites.Paper)
	var b bytes.Buffer
	if err := HTML(&b, res, "test <data>"); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	// Five suites with options x three models, the two open-ended ones
	// (answered by the oracle alone), the order plot, five choice plots
	// and the measures of the two open-ended suites.
	const want = 5*3 + 2 + 1 + 5 + 2
	if n := strings.Count(html, "<img src=\"data:image/svg"); n != want {
		t.Fatalf("%d plots, want %d", n, want)
	}
	if !strings.Contains(html, "test &lt;data&gt;") || strings.Contains(html, "test <data>") {
		t.Error("the title is not escaped")
	}
	for _, s := range []string{"oracle", "always-A", "random", "circular", "earlier first"} {
		if !strings.Contains(html, s) {
			t.Errorf("the report lacks %q", s)
		}
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	boxes, shot := open(t, file)
	if len(boxes) != want {
		t.Fatalf("Chromium shows %d plots, want %d", len(boxes), want)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	for k, box := range boxes {
		if box.Natural == 0 || box.W < 100 || box.H < 100 {
			t.Errorf("plot %d did not load: %+v", k, box)
			continue
		}
		if n := coloured(img, box); n < 200 {
			t.Errorf("plot %d at %+v has %d coloured pixels: nothing drawn", k, box, n)
		}
	}
	if p := os.Getenv("REPORT_SCREENSHOT"); p != "" {
		if err := os.WriteFile(p, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// coloured counts the pixels in box that are neither white nor grey: the
// lines, points and bars gonum draws in its palette.
func coloured(img image.Image, box figureBox) int {
	n := 0
	for y := int(box.Y); y < int(box.Y+box.H); y++ {
		for x := int(box.X); x < int(box.X+box.W); x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			lo, hi := min(r, g, b), max(r, g, b)
			if hi-lo > 0x3000 {
				n++
			}
		}
	}
	return n
}

// open loads file in headless Chromium and returns every plot's box and
// a full-page screenshot.
func open(t *testing.T, file string) ([]figureBox, []byte) {
	t.Helper()
	ctx := fixture.Chromium(t, 1600, 1000)
	ctx, cancelT := context.WithTimeout(ctx, time.Minute)
	defer cancelT()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	if err := chromedp.Do(ctx, chromedp.Navigate(u.String())); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete" && [...document.images].every(i => i.complete)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the plots did not load: %v", err)
	}
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]figureBox](`[...document.images].map(i => { const r = i.getBoundingClientRect();
		return {X: r.left + scrollX, Y: r.top + scrollY, W: r.width, H: r.height, natural: i.naturalWidth}; })`))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	return boxes, shot
}
