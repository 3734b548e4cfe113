package report

import (
	"bytes"
	"context"
	"fmt"
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
// always-A, random and a model answering in two prompt styles (the
// oracle's replies, and always-A's) on every suite, 48 questions each,
// under protocol, without pictures.
func results(t *testing.T, protocol string) *score.Summary {
	t.Helper()
	dir := t.TempDir()
	fixture.Write(t, dir, 5, 48, protocol)
	d, err := score.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tally := score.NewTally(d, []string{"suite"}, true)
	add := func(rs []score.Reply, model, style, source string) {
		for _, rep := range rs {
			if model != "" {
				rep.Model, rep.PromptStyle = model, style
			}
			if _, err := tally.Add(rep, source); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, r := range []string{"oracle", "always-A", "random"} {
		rs, err := score.Respond(d, r, 1, r == "oracle")
		if err != nil {
			t.Fatal(err)
		}
		add(rs, "", "", r)
		if r != "random" {
			rs, _ = score.Respond(d, r, 1, false)
			add(rs, "a-model-with-a-long-name", map[string]string{"oracle": "cot", "always-A": "instruct"}[r], r)
		}
	}
	return tally.Summary()
}

// figureBox is where a plot sits on the page and whether it loaded.
type figureBox struct {
	X, Y, W, H float64
	Natural    int `json:"natural"`
}

// TestReportInChromium writes the report of three reference models and a
// model in two prompt styles, opens it in headless Chromium and checks
// that every chart loaded and is drawn (the screenshot holds the colours
// of the lines and bars inside every chart's box), and that the folder
// beside it holds every chart as SVG and PDF and every table as CSV and
// LaTeX. Set REPORT_SCREENSHOT to a file name to keep the picture.
func TestReportInChromium(t *testing.T) {
	s := results(t, suites.Paper)
	out := t.TempDir()
	file := filepath.Join(out, "report.html")
	if err := Write(context.Background(), file, s, "test <data>"); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	html := string(raw)
	// The overall chart, a chart by horizon per suite that has one (seven;
	// perception has none), the measures of the two open-ended suites, the
	// order chart and six choice charts.
	const want = 1 + 7 + 2 + 1 + 6
	if n := strings.Count(html, "<img src=\"data:image/svg"); n != want {
		t.Fatalf("%d charts, want %d", n, want)
	}
	if !strings.Contains(html, "test &lt;data&gt;") || strings.Contains(html, "test <data>") {
		t.Error("the title is not escaped")
	}
	for _, s := range []string{"oracle", "always-A", "random", "a-model-with-a-long-name (cot)", "a-model-with-a-long-name (instruct)", "macro", "McNemar", "earlier first"} {
		if !strings.Contains(html, s) {
			t.Errorf("the report lacks %q", s)
		}
	}
	files, err := os.ReadDir(Folder(file))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, f := range files {
		kinds[filepath.Ext(f.Name())]++
		b, _ := os.ReadFile(filepath.Join(Folder(file), f.Name()))
		switch filepath.Ext(f.Name()) {
		case ".pdf":
			if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
				t.Errorf("%s is not a whole PDF", f.Name())
			}
		case ".tex":
			if !bytes.Contains(b, []byte("\\toprule")) || !bytes.Contains(b, []byte("\\bottomrule")) || bytes.Contains(b, []byte("_files")) {
				t.Errorf("%s is no booktabs table", f.Name())
			}
		}
		if !strings.Contains(html, filepath.Base(Folder(file))+"/"+f.Name()) {
			t.Errorf("the page does not link %s", f.Name())
		}
	}
	if kinds[".svg"] != want || kinds[".pdf"] != want || kinds[".csv"] != 4 || kinds[".tex"] != 4 {
		t.Errorf("files beside the page: %v", kinds)
	}
	boxes, shot := open(t, file)
	if len(boxes) != want {
		t.Fatalf("Chromium shows %d charts, want %d", len(boxes), want)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	for k, box := range boxes {
		if box.Natural == 0 || box.W < 100 || box.H < 100 {
			t.Errorf("chart %d did not load: %+v", k, box)
			continue
		}
		if n := coloured(img, box); n < 200 {
			t.Errorf("chart %d at %+v has %d coloured pixels: nothing drawn", k, box, n)
		}
	}
	if p := os.Getenv("REPORT_SCREENSHOT"); p != "" {
		if err := os.WriteFile(p, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// textBox is a text element's box in an SVG as Chromium lays it out.
type textBox struct {
	Text       string
	X, Y, W, H float64
}

// TestChartLabelsApart opens every chart's SVG in Chromium and measures
// the box of every text (titles, axis and tick labels, legend entries):
// no two may overlap, and each lies inside its picture, however long the
// run names and option kinds, and however many runs.
func TestChartLabelsApart(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra int // models besides the reference runs
	}{{"five runs", 0}, {"twenty runs", 15}} {
		t.Run(tc.name, func(t *testing.T) { labelsApart(t, tc.extra) })
	}
}

func labelsApart(t *testing.T, extra int) {
	s := results(t, "")
	if extra > 0 {
		s = withModels(t, extra)
	}
	r, err := Build(s, "labels", "report_files")
	if err != nil {
		t.Fatal(err)
	}
	ctx := fixture.Chromium(t, 1200, 900)
	dir := t.TempDir()
	checked := 0
	for _, name := range r.Files() {
		if filepath.Ext(name) != ".svg" {
			continue
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, r.File(name), 0o644); err != nil {
			t.Fatal(err)
		}
		boxes, view := svgTexts(t, ctx, path)
		if len(boxes) < 8 {
			t.Errorf("%s: %d texts", name, len(boxes))
		}
		for _, b := range boxes {
			if b.X < view.X-0.5 || b.Y < view.Y-0.5 || b.X+b.W > view.X+view.W+0.5 || b.Y+b.H > view.Y+view.H+0.5 {
				t.Errorf("%s: %q at %.1f,%.1f %.1fx%.1f reaches outside the picture %+v", name, b.Text, b.X, b.Y, b.W, b.H, view)
			}
		}
		for i := range boxes {
			for j := i + 1; j < len(boxes); j++ {
				if a, b := boxes[i], boxes[j]; overlap(a, b) {
					t.Errorf("%s: %q at %.1f,%.1f %.1fx%.1f overlaps %q at %.1f,%.1f %.1fx%.1f", name, a.Text, a.X, a.Y, a.W, a.H, b.Text, b.X, b.Y, b.W, b.H)
				}
			}
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("%d charts checked", checked)
	}
}

// overlap reports whether two boxes share more than half a pixel each way.
func overlap(a, b textBox) bool {
	const slack = 0.5
	return a.X+a.W-slack > b.X && b.X+b.W-slack > a.X && a.Y+a.H-slack > b.Y && b.Y+b.H-slack > a.Y
}

// svgTexts loads the SVG file at path in Chromium and returns the box of
// every non-empty text element, and of the picture.
func svgTexts(t *testing.T, ctx context.Context, path string) ([]textBox, textBox) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	if err := chromedp.Do(ctx, chromedp.Navigate(u.String())); err != nil {
		t.Fatal(err)
	}
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]textBox](`document.fonts.ready.then(() => [document.documentElement, ...document.querySelectorAll("text")]
		.filter(e => e.tagName === "svg" || e.textContent.trim() !== "")
		.map(e => { const r = e.getBoundingClientRect(); return {Text: e.tagName === "svg" ? "" : e.textContent, X: r.left, Y: r.top, W: r.width, H: r.height}; }))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(fmt.Errorf("%s: %w", path, err))
	}
	return boxes[1:], boxes[0]
}

// withModels scores the reference runs and n models with long names (the
// oracle's replies or always-A's, by turns) on every suite, 24 questions
// each.
func withModels(t *testing.T, n int) *score.Summary {
	t.Helper()
	dir := t.TempDir()
	fixture.Write(t, dir, 2, 24, "")
	d, err := score.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tally := score.NewTally(d, []string{"suite"}, true)
	for k := range n + 3 {
		from := []string{"oracle", "always-A", "random"}[min(k, 2)]
		if k >= 3 {
			from = []string{"oracle", "always-A"}[k%2]
		}
		rs, err := score.Respond(d, from, uint64(k), false)
		if err != nil {
			t.Fatal(err)
		}
		for _, rep := range rs {
			if k >= 3 {
				rep.Model, rep.PromptStyle = fmt.Sprintf("a-vision-language-model-%02d", k), "cot"
			}
			if _, err := tally.Add(rep, from); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tally.Summary()
}

// coloured counts the pixels in box that are neither white nor grey: the
// lines, points and bars of the charts.
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

// open loads file in headless Chromium and returns every chart's box and
// a full-page screenshot.
func open(t *testing.T, file string) ([]figureBox, []byte) {
	t.Helper()
	ctx := fixture.Chromium(t, 1400, 1000)
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
		t.Fatalf("the charts did not load: %v", err)
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
