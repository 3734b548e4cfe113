package preview

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

// perSuite is the number of questions per suite of the generated datasets.
const perSuite = 3

// generateDataset writes every suite, perSuite questions each, to a new
// directory with the real pipeline, with screenshots when images is true.
func generateDataset(t *testing.T, images bool) string {
	t.Helper()
	ctx := context.Background()
	out := t.TempDir()
	var painter pipeline.Painter
	if images {
		r, err := render.New(ctx, render.Options{Head: formview.Head()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		heights, err := formview.Fit(ctx, r, forms.Defaults())
		if err != nil {
			t.Fatal(err)
		}
		painter = &pipeline.Screens{Renderer: r, Scale: 1, Heights: heights}
	}
	all := suites.DrawnSuites()
	counts := make([]int64, len(all))
	for k := range counts {
		counts[k] = perSuite
	}
	_, err := pipeline.Run(ctx, pipeline.Plan{
		Out: out, Suites: all, Counts: counts,
		Spec:    suites.Spec{Seed: 7, Families: forms.Defaults()},
		Version: "test", Flags: "test", Painter: painter,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// suiteRows reads every row of a suite of the dataset in dir.
func suiteRows(t *testing.T, dir, suite string) []dataset.Row {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, suite, "test-*.parquet"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files of suite %s in %s (%v)", suite, dir, err)
	}
	var rows []dataset.Row
	for _, f := range files {
		r, err := dataset.ReadRows(f)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	return rows
}

// expected counts what the gallery of a whole dataset must show.
type expected struct {
	cards, mcq, yesno, open, images, noImage, wrong int
}

// expect reads every row of the dataset in dir.
func expect(t *testing.T, dir string) expected {
	t.Helper()
	var e expected
	for _, s := range suites.Drawn() {
		for _, r := range suiteRows(t, dir, s) {
			e.cards++
			switch {
			case r.Choices == nil:
				e.open++ // open-ended: a gold reply, no options
			case r.Answer == "Yes" || r.Answer == "No":
				e.yesno++
				e.wrong += len(r.Choices) - 1
			default:
				e.mcq++
				e.wrong += len(r.Choices) - 1
			}
			n := 0
			for _, img := range []*dataset.Image{r.Image, r.Image2} {
				if img != nil && len(img.Bytes) > 0 {
					n++
				}
			}
			e.images += n
			if n == 0 {
				e.noImage++
			}
		}
	}
	return e
}

// pageStats is what the page's DOM says.
type pageStats struct {
	Images    int      `json:"images"`
	Loaded    int      `json:"loaded"`
	Broken    []string `json:"broken"`
	Cards     int      `json:"cards"`
	MCQ       int      `json:"mcq"`
	YesNo     int      `json:"yesno"`
	Marks     int      `json:"marks"`
	MCQMarked int      `json:"mcqMarked"` // MCQ cards with exactly one correct mark
	Answers   int      `json:"answers"`   // Yes/No cards with exactly one answer line
	Labels    int      `json:"labels"`
	NoImage   int      `json:"noImage"`
	Suites    int      `json:"suites"`
	Pictures2 int      `json:"pictures2"` // "Picture 2" captions
	MarkColor string   `json:"markColor"`
}

const statsJS = `(() => {
  const imgs = [...document.images];
  const cards = [...document.querySelectorAll("article.card")];
  const mcq = cards.filter(c => c.dataset.kind === "mcq");
  const yesno = cards.filter(c => c.dataset.kind === "yesno");
  const mark = document.querySelector(".correct-mark");
  return {
    images: imgs.length,
    loaded: imgs.filter(i => i.complete && i.naturalWidth > 0).length,
    broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.closest("article").dataset.id),
    cards: cards.length,
    mcq: mcq.length,
    yesno: yesno.length,
    marks: document.querySelectorAll(".correct-mark").length,
    mcqMarked: mcq.filter(c => c.querySelectorAll(".correct-mark").length === 1 &&
      c.querySelector(".correct-mark").closest("li").classList.contains("correct")).length,
    answers: yesno.filter(c => c.querySelectorAll(".answer-yesno").length === 1).length,
    labels: document.querySelectorAll(".error-label").length,
    noImage: document.querySelectorAll(".noimage").length,
    suites: document.querySelectorAll("section.suite").length,
    pictures2: [...document.querySelectorAll("figcaption")].filter(f => f.textContent === "Picture 2").length,
    markColor: mark ? getComputedStyle(mark).backgroundColor : "",
  };
})()`

// inspect opens the HTML file in headless Chromium, waits for its images
// and returns the page's counts. With shot set, it also saves a full-page
// screenshot there.
func inspect(t *testing.T, file, shot string) pageStats {
	t.Helper()
	ctx := fixture.Chromium(t, 1280, 900)
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
		t.Fatalf("images did not finish loading: %v", err)
	}
	stats, err := chromedp.Run(ctx, chromedp.Evaluate[pageStats](statsJS))
	if err != nil {
		t.Fatal(err)
	}
	if shot != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot of the gallery: %s", shot)
	}
	return stats
}

// TestGalleryImages renders a real dataset with screenshots, moves its
// gallery to another folder and checks in Chromium that every picture
// loads and every card is marked. Set PREVIEW_SCREENSHOT to a file name to
// keep a screenshot of the page.
func TestGalleryImages(t *testing.T) {
	dir := generateDataset(t, true)
	want := expect(t, dir)
	if want.images == 0 || want.noImage != 0 {
		t.Fatalf("the dataset has %d pictures and %d rows without: the pipeline drew no screenshots", want.images, want.noImage)
	}
	path, err := Write(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The page must not depend on its folder: move it away from the dataset.
	moved := filepath.Join(t.TempDir(), "elsewhere.html")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(moved, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{`src="http`, `src="file`, `href="http`, "<link", "<script", "url("} {
		if bytes.Contains(b, []byte(ref)) {
			t.Errorf("the page refers outside itself: it contains %q", ref)
		}
	}
	shot := os.Getenv("PREVIEW_SCREENSHOT")
	if shot == "" {
		shot = filepath.Join(t.TempDir(), "preview.png")
	}
	got := inspect(t, moved, shot)
	t.Logf("page: %+v", got)

	if got.Images != want.images {
		t.Errorf("%d <img> on the page, want %d (image and image_2 of every row)", got.Images, want.images)
	}
	if got.Loaded != got.Images {
		t.Errorf("%d of %d images loaded; broken in cards %v", got.Loaded, got.Images, got.Broken)
	}
	if got.Suites != len(suites.Drawn()) {
		t.Errorf("%d suite sections, want %d", got.Suites, len(suites.Drawn()))
	}
	if got.Cards != want.cards || got.MCQ != want.mcq || got.YesNo != want.yesno {
		t.Errorf("cards: %d (%d MCQ, %d Yes/No), want %d (%d MCQ, %d Yes/No)", got.Cards, got.MCQ, got.YesNo, want.cards, want.mcq, want.yesno)
	}
	if got.Marks != got.MCQ || got.MCQMarked != got.MCQ {
		t.Errorf("%d correct marks, %d MCQ cards with exactly one on the green option, want %d of both", got.Marks, got.MCQMarked, got.MCQ)
	}
	if got.Answers != got.YesNo {
		t.Errorf("%d of %d Yes/No cards show their answer", got.Answers, got.YesNo)
	}
	if got.Labels != want.wrong {
		t.Errorf("%d error labels, want one per distractor: %d", got.Labels, want.wrong)
	}
	if got.NoImage != 0 {
		t.Errorf("%d no-image notices in a dataset with pictures", got.NoImage)
	}
	if got.Pictures2 != perSuite {
		t.Errorf("%d \"Picture 2\" captions, want %d (one per temporal_order row)", got.Pictures2, perSuite)
	}
	if got.MarkColor != "rgb(26, 127, 55)" {
		t.Errorf("correct mark colour %q, want green rgb(26, 127, 55)", got.MarkColor)
	}
}

// TestGalleryNoImages writes the gallery of a dataset without pictures to
// its default place and checks it for every card's notice and content.
func TestGalleryNoImages(t *testing.T) {
	dir := generateDataset(t, false)
	want := expect(t, dir)
	path, err := Write(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if wantPath := filepath.Join(dir, "preview", "index.html"); path != wantPath {
		t.Errorf("written to %s, want %s", path, wantPath)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, c := range []struct {
		what string
		n    int
	}{
		{`<article class="card"`, want.cards},
		{`data-kind="mcq"`, want.mcq},
		{`data-kind="yesno"`, want.yesno},
		{`data-kind="open"`, want.open},
		{`class="gold"`, want.open},
		{`class="correct-mark"`, want.mcq},
		{`class="answer answer-yesno"`, want.yesno},
		{`class="error-label"`, want.wrong},
		{NoImage, want.cards},
		{"<img", 0},
	} {
		if n := strings.Count(page, c.what); n != c.n {
			t.Errorf("%q occurs %d times, want %d", c.what, n, c.n)
		}
	}
	// Every row's text is on the page, escaped as HTML.
	for _, s := range suites.Drawn() {
		for _, r := range suiteRows(t, dir, s) {
			for _, text := range append([]string{r.Question, r.Task, r.Family, r.ID}, r.Choices...) {
				if esc := escape(text); !strings.Contains(page, esc) {
					t.Errorf("%s row %d: %q is not on the page", s, *r.Index, text)
				}
			}
		}
	}
	// The preview directory holds no parquet, so writing again reads the
	// same suites and gives the same page; no temporary file is left.
	again, err := Write(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := os.ReadFile(again); !bytes.Equal(b, b2) {
		t.Error("a second run wrote a different page")
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "index.html" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the preview directory holds %v, want only index.html", names)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("stat %s: %v, %v; want mode 0644", path, info.Mode(), err)
	}
}

// escape is how html/template writes text.
func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "\x00", "\uFFFD")
	return r.Replace(s)
}

// writeRows writes hand-made rows to the Parquet file path.
func writeRows(t *testing.T, path string, rows []dataset.Row) {
	t.Helper()
	if err := dataset.WriteFile(path, dataset.Options{}, rows...); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

// TestEscapingAndBadImage checks that hostile text is escaped and that
// bytes that are not an image are reported on the card, not embedded.
func TestEscapingAndBadImage(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "odd", "test-00000-of-00001.parquet"), []dataset.Row{{
		ID: "x1", Family: `fam"><b>`, Horizon: ptr[int64](2), Task: "<i>task</i>",
		Question:     "line 1\n<script>alert(1)</script>",
		Choices:      []string{"<b>one</b>", "two & three"},
		OptionLabels: []string{"correct", "<em>bad</em>"},
		Answer:       "A", AnswerIdx: ptr[int64](0),
		Image: &dataset.Image{Bytes: []byte("plain text, no picture")},
	}})
	out := filepath.Join(t.TempDir(), "sub", "g.html")
	path, err := Write(context.Background(), dir, Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if path != out {
		t.Errorf("written to %s, want %s", path, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, bad := range []string{"<script>", "<b>one", "<em>", `"><b>`, "<i>task"} {
		if strings.Contains(page, bad) {
			t.Errorf("unescaped %q on the page", bad)
		}
	}
	for _, good := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "two &amp; three", "✗ &lt;em&gt;bad&lt;/em&gt;",
		"Picture 1: not an image", `class="correct-mark"`} {
		if !strings.Contains(page, good) {
			t.Errorf("%q is not on the page", good)
		}
	}
	if strings.Contains(page, "<img") {
		t.Error("bytes that are not an image were embedded")
	}
}

// TestPick checks the spread: round robin over families in order of first
// appearance and, within a family, over horizons; shown in file order.
func TestPick(t *testing.T) {
	// Positions 0-5 are family a (horizons 1,1,1,2,2,3), 6-9 family b
	// (horizon 1), 10 family c.
	fams := []string{"a", "a", "a", "a", "a", "a", "b", "b", "b", "b", "c"}
	hors := []int64{1, 1, 1, 2, 2, 3, 1, 1, 1, 1, 4}
	tests := []struct {
		limit int
		want  []int
	}{
		{1, []int{0}},
		{3, []int{0, 6, 10}},
		{5, []int{0, 3, 6, 7, 10}},
		{7, []int{0, 3, 5, 6, 7, 8, 10}},
		{11, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{50, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.limit), func(t *testing.T) {
			p := picker{limit: tc.limit}
			for k := range fams {
				p.add(dataset.Row{Family: fams[k], Horizon: ptr(hors[k]), Index: ptr(int64(k))})
			}
			var got []int
			for _, r := range p.pick() {
				got = append(got, r.pos)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("picked %v, want %v", got, tc.want)
			}
			if names := p.familyNames(); !slices.Equal(names, []string{"a", "b", "c"}) {
				t.Errorf("families %v", names)
			}
		})
	}
}

// TestLimitAndShards checks PerSuite over a suite split in two files and
// the counts in the suite heading.
func TestLimitAndShards(t *testing.T) {
	dir := t.TempDir()
	var rows []dataset.Row
	for k := range 10 {
		rows = append(rows, dataset.Row{
			ID: fmt.Sprintf("r%d", k), Family: []string{"a", "b"}[k%2], Horizon: ptr[int64](1),
			Question: fmt.Sprintf("question %d", k), Choices: []string{"Yes", "No"},
			OptionLabels: []string{"correct", "the final states differ"}, Answer: "Yes", AnswerIdx: ptr[int64](0),
			Index: ptr(int64(k)),
		})
	}
	for shard, part := range [][]dataset.Row{rows[:6], rows[6:]} {
		writeRows(t, filepath.Join(dir, "s", fmt.Sprintf("test-%05d-of-00002.parquet", shard)), part)
	}
	path, err := Write(context.Background(), dir, Options{PerSuite: 4})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if n := strings.Count(page, `<article class="card"`); n != 4 {
		t.Errorf("%d cards, want 4", n)
	}
	if !strings.Contains(page, "4 of 10 questions shown") {
		t.Error(`the heading does not say "4 of 10 questions shown"`)
	}
	for k := range 4 {
		if !strings.Contains(page, fmt.Sprintf(">question %d<", k)) {
			t.Errorf("question %d is missing", k)
		}
	}
	if strings.Contains(page, "class=\"correct-mark\"") || strings.Count(page, "Answer: Yes") != 4 {
		t.Error("Yes/No cards must show the answer line and no MCQ correct mark")
	}
}

// TestErrors checks the errors of a directory without suites and of a
// negative limit.
func TestErrors(t *testing.T) {
	empty := t.TempDir()
	if err := os.MkdirAll(filepath.Join(empty, "not_a_suite"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir  string
		opt  Options
		want string
	}{
		{empty, Options{}, "preview: no suites in"},
		{filepath.Join(empty, "missing"), Options{}, "preview: open"},
		{empty, Options{PerSuite: -1}, "preview: -1 questions per suite"},
	} {
		path, err := Write(context.Background(), tc.dir, tc.opt)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Write(%s, %+v) = %q, %v; want an error starting %q", tc.dir, tc.opt, path, err, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(empty, "preview")); err == nil {
		t.Error("a failed run left a preview directory behind")
	}
	// A corrupt file is an error naming it.
	if err := os.WriteFile(filepath.Join(empty, "not_a_suite", "test-00000-of-00001.parquet"), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), empty, Options{}); err == nil || !strings.Contains(err.Error(), "preview: dataset: open") {
		t.Errorf("corrupt file: %v", err)
	}
}
