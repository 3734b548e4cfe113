package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/typeface"
)

// picPerSuite is how many questions per suite the picture datasets hold
// under formplan's protocol; under the paper's, whose temporal_order asks
// in groups of 4, 24.
const picPerSuite = 36

// pictureSets holds the datasets with pictures the tests share, written
// when first asked for and removed by TestMain.
var pictureSets struct {
	sync.Mutex
	root string
	dirs map[string]string
	errs map[string]error
}

// removePictureSets removes every dataset pictureSet wrote.
func removePictureSets() {
	if pictureSets.root != "" {
		os.RemoveAll(pictureSets.root)
	}
}

// findChromium finds Chromium as gen does.
func findChromium() (string, error) { return render.FindChrome("") }

// needChromium skips the test when no Chromium is found.
func needChromium(t testing.TB) {
	t.Helper()
	if _, err := findChromium(); err != nil {
		t.Skipf("no Chromium: %v", err)
	}
}

// pictureSet returns a dataset of every suite over the built-in families,
// with pictures at scale, under protocol ("" or suites.Paper), written by
// the real pipeline as gen does, file metadata included. Tests must copy it
// before changing anything.
func pictureSet(t testing.TB, scale float64, protocol string) string {
	t.Helper()
	needChromium(t)
	key := fmt.Sprintf("scale%g-%s", scale, protocol)
	pictureSets.Lock()
	defer pictureSets.Unlock()
	if dir, ok := pictureSets.dirs[key]; ok {
		return dir
	}
	if err, ok := pictureSets.errs[key]; ok {
		t.Fatal(err)
	}
	if pictureSets.root == "" {
		root, err := os.MkdirTemp("", "verify-pictures-")
		if err != nil {
			t.Fatal(err)
		}
		pictureSets.root = root
		pictureSets.dirs, pictureSets.errs = map[string]string{}, map[string]error{}
	}
	dir := filepath.Join(pictureSets.root, key)
	n := int64(picPerSuite)
	if protocol == suites.Paper {
		n = 24
	}
	if err := writePictureSet(dir, scale, protocol, n); err != nil {
		pictureSets.errs[key] = err
		t.Fatal(err)
	}
	pictureSets.dirs[key] = dir
	return dir
}

// writePictureSet writes every suite, n questions each over the built-in
// families, with pictures at scale, into dir.
func writePictureSet(dir string, scale float64, protocol string, n int64) error {
	ctx := context.Background()
	r, err := render.New(ctx, render.Options{Scale: scale, Head: formview.Head()})
	if err != nil {
		return err
	}
	defer r.Close()
	meta := map[string]string{
		layout.ChromiumKey: r.Version(),
		layout.ScaleKey:    strconv.FormatFloat(scale, 'g', -1, 64),
	}
	// As gen records it: the font the pictures are set in.
	meta[layout.FontsKey] = typeface.ID()
	fams := forms.Builtins()
	if protocol == suites.Paper {
		fams = forms.Paper() // the families the paper preset uses
	}
	heights, err := formview.Fit(ctx, r, fams)
	if err != nil {
		return err
	}
	for _, name := range suites.Drawn() {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: 21, Families: fams, Protocol: protocol, Mix: suites.Even(n, len(fams))}
		if protocol == suites.Paper && s.PaperHorizon.Min > 0 {
			spec.Horizon = s.PaperHorizon
		}
		var err error
		if spec.Horizons, err = suites.Fit(s, &spec, false); err != nil {
			return err
		}
		plan := pipeline.Plan{
			Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec,
			Workers: 2, Version: "test", Painter: &pipeline.Screens{Renderer: r, Scale: scale, Heights: heights}, Metadata: meta,
		}
		if _, err := pipeline.Run(ctx, plan); err != nil {
			return err
		}
	}
	return nil
}

// pictureCases are the picture datasets every picture test runs over.
var pictureCases = []struct {
	scale    float64
	protocol string
}{{1, ""}, {2, ""}, {1, suites.Paper}, {2, suites.Paper}}

// TestProbesReal checks that every real row passes, probes included: at
// scales 1 and 2, under both protocols, every suite and every built-in
// family. VERIFY_REAL_DIRS, a comma-separated list of datasets written by
// gen (with --out somewhere under /tmp), adds more.
func TestProbesReal(t *testing.T) {
	type set struct {
		name, dir string
		fams      []forms.Family // the families it must picture
	}
	var sets []set
	for _, c := range pictureCases {
		fams := forms.Builtins()
		if c.protocol == suites.Paper {
			fams = forms.Paper()
		}
		sets = append(sets, set{fmt.Sprintf("scale %g %s", c.scale, c.protocol), pictureSet(t, c.scale, c.protocol), fams})
	}
	for d := range strings.SplitSeq(os.Getenv("VERIFY_REAL_DIRS"), ",") {
		if d != "" {
			sets = append(sets, set{d, d, nil})
		}
	}
	for _, s := range sets {
		t.Run(s.name, func(t *testing.T) {
			rep, err := Dir(context.Background(), s.dir)
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range rep.Failures {
				if i == 10 {
					break
				}
				t.Errorf("%s %s (index %d): %s", f.Suite, f.ID, f.Index, f.Reason)
			}
			counts := elementCounts(t, s.dir)
			t.Logf("%d rows, %d pictures probed, %d failed; by family and kind: %v", rep.Rows, rep.Pictures, rep.Failed, counts)
			if rep.Failed != 0 || rep.Pictures < rep.Rows {
				t.Fatalf("%d rows failed; %d pictures probed for %d rows", rep.Failed, rep.Pictures, rep.Rows)
			}
			for _, fam := range s.fams {
				if counts[fam.Name] == nil {
					t.Errorf("no picture of family %s", fam.Name)
				}
			}
		})
	}
}

// elementCounts counts, per family, the elements of each kind and state
// pictured in the dataset at dir.
func elementCounts(t *testing.T, dir string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.parquet"))
	for _, path := range files {
		rows, err := dataset.ReadRows(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			m := meta(t, &rows[i])
			c := out[rows[i].Family]
			if c == nil {
				c = map[string]int{}
				out[rows[i].Family] = c
			}
			for _, s := range m.Pictures {
				for j, e := range m.Form.Elements {
					switch e.Kind {
					case forms.Checkbox, forms.Radio:
						c[e.Kind.String()+pickWord(s[j].N == 1, "+", "-")]++
					case forms.TextBox:
						c[e.Kind.String()+pickWord(s[j].S != "", "+", "-")]++
					case forms.Slider:
						c["slider"]++
					}
				}
			}
		}
	}
	return out
}

// decodePNG decodes a picture column.
func decodePNG(t *testing.T, b []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, image.Point{}, draw.Src)
	return out
}

// encodePNG encodes a picture.
func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rowBoxes decodes the boxes column of a row.
func rowBoxes(t *testing.T, r *dataset.Row) boxesColumn {
	t.Helper()
	var bc boxesColumn
	if err := json.Unmarshal([]byte(r.Boxes), &bc); err != nil {
		t.Fatal(err)
	}
	return bc
}

// boxRect returns the pixels box b covers, with margin pixels more on each
// side.
func boxRect(b formview.Box, margin int) image.Rectangle {
	r := pixelRect(b)
	return image.Rect(r.x0-margin, r.y0-margin, r.x1+margin, r.y1+margin)
}

// paste copies the pixels of src under rect r onto dst at the same place.
func paste(dst, src *image.RGBA, r image.Rectangle) {
	draw.Draw(dst, r, src, r.Min, draw.Src)
}

// pasteFrom copies the pixels of src under rs onto dst at rd.Min.
func pasteFrom(dst *image.RGBA, rd image.Rectangle, src *image.RGBA, rs image.Rectangle) {
	draw.Draw(dst, image.Rectangle{rd.Min, rd.Min.Add(rs.Size())}, src, rs.Min, draw.Src)
}

// element finds, in the rows of a file, a row with a picture whose
// element of kind is in the state ok accepts: it returns the row, the
// element's index and its box in picture 1.
func element(t *testing.T, rows []dataset.Row, kind forms.Kind, ok func(v statesim.Value, e *forms.Element) bool) (row, el int, box formview.Box) {
	t.Helper()
	for i := range rows {
		m := meta(t, &rows[i])
		for j, e := range m.Form.Elements {
			if e.Kind == kind && ok(m.Pictures[0][j], &m.Form.Elements[j]) {
				return i, j, rowBoxes(t, &rows[i]).Pictures[0][j]
			}
		}
	}
	t.Fatalf("no %s to tamper with", kind)
	return
}

// TestPictureTampered edits the picture of one real row, at scales 1 and 2,
// and expects that row alone to fail, for the reason given.
func TestPictureTampered(t *testing.T) {
	tests := []struct {
		name  string
		suite string
		// edit changes one row of rows and returns its index and the
		// reason it should fail for.
		edit func(t *testing.T, rows []dataset.Row) (int, string)
	}{
		{"checkbox ticked", "plan_semantic", func(t *testing.T, rows []dataset.Row) (int, string) {
			// Draw the tick of a checked box over an unchecked one.
			i, j := pasteToggle(t, rows, forms.Checkbox, 1)
			return i, fmt.Sprintf("image: %s looks checked but the state has it unchecked", elementName(ptr(meta(t, &rows[i]).Form), j))
		}},
		{"checkbox erased", "edge_case", func(t *testing.T, rows []dataset.Row) (int, string) {
			i, j := pasteToggle(t, rows, forms.Checkbox, 0)
			return i, fmt.Sprintf("image: %s looks unchecked but the state has it checked", elementName(ptr(meta(t, &rows[i]).Form), j))
		}},
		{"checkbox painted over", "future_state", func(t *testing.T, rows []dataset.Row) (int, string) {
			i, j, b := element(t, rows, forms.Checkbox, func(statesim.Value, *forms.Element) bool { return true })
			img := decodePNG(t, rows[i].Image.Bytes)
			draw.Draw(img, boxRect(b, 0), image.White, image.Point{}, draw.Src)
			rows[i].Image.Bytes = encodePNG(t, img)
			return i, fmt.Sprintf("image: %s looks neither checked nor unchecked", elementName(ptr(meta(t, &rows[i]).Form), j))
		}},
		{"radio selected", "plan_shuffle", func(t *testing.T, rows []dataset.Row) (int, string) {
			i, j := pasteToggle(t, rows, forms.Radio, 1)
			return i, fmt.Sprintf("image: %s looks selected but the state has it not selected", elementName(ptr(meta(t, &rows[i]).Form), j))
		}},
		{"slider handle moved", "edge_case", func(t *testing.T, rows []dataset.Row) (int, string) {
			// Shift the whole slider, handle and track, 3 steps to the
			// left or right: the handle stands 7 px past the track's ends
			// and 2 px above and below it.
			i, j, b := element(t, rows, forms.Slider, func(v statesim.Value, e *forms.Element) bool { return true })
			m := meta(t, &rows[i])
			e, v := &m.Form.Elements[j], m.Pictures[0][j].N
			dir := 1
			if v+3*e.Step > e.Max {
				dir = -1
			}
			to := v + dir*3*e.Step
			scale := rows[i].Scale
			dx := int(math.Round(handleAt(e, b, scale, to) - handleAt(e, b, scale, v)))
			img := decodePNG(t, rows[i].Image.Bytes)
			orig := image.NewRGBA(img.Bounds())
			draw.Draw(orig, orig.Bounds(), img, image.Point{}, draw.Src)
			r := boxRect(b, int(math.Ceil(8*scale)))
			draw.Draw(img, r, image.White, image.Point{}, draw.Src)
			src := r
			if dx > 0 {
				src.Max.X -= dx
			} else {
				src.Min.X -= dx
			}
			pasteFrom(img, src.Add(image.Pt(dx, 0)), orig, src)
			rows[i].Image.Bytes = encodePNG(t, img)
			return i, fmt.Sprintf("image: %s has its handle at %d", elementName(&m.Form, j), to)
		}},
		{"text box emptied", "plan_semantic", func(t *testing.T, rows []dataset.Row) (int, string) {
			i, j, b := element(t, rows, forms.TextBox, func(v statesim.Value, _ *forms.Element) bool { return v.S != "" })
			img := decodePNG(t, rows[i].Image.Bytes)
			r := boxRect(b, 0).Inset(int(math.Ceil(2 * rows[i].Scale)))
			draw.Draw(img, r, image.White, image.Point{}, draw.Src)
			rows[i].Image.Bytes = encodePNG(t, img)
			m := meta(t, &rows[i])
			return i, fmt.Sprintf("image: %s looks empty but the state has %q", elementName(&m.Form, j), m.Pictures[0][j].S)
		}},
		{"text box filled", "edge_case", func(t *testing.T, rows []dataset.Row) (int, string) {
			di, _, db := element(t, rows, forms.TextBox, func(v statesim.Value, _ *forms.Element) bool { return v.S != "" })
			i, j, b := element(t, rows, forms.TextBox, func(v statesim.Value, _ *forms.Element) bool { return v.S == "" })
			src, img := decodePNG(t, rows[di].Image.Bytes), decodePNG(t, rows[i].Image.Bytes)
			pasteFrom(img, boxRect(b, 0), src, boxRect(db, 0))
			rows[i].Image.Bytes = encodePNG(t, img)
			return i, fmt.Sprintf("image: %s holds text but the state has it empty", elementName(ptr(meta(t, &rows[i]).Form), j))
		}},
		{"text cut short", "plan_shuffle", func(t *testing.T, rows []dataset.Row) (int, string) {
			// Erase the last two characters of a four-digit text.
			if !fontsKnown(t, rows) {
				t.Skip("the pictures' fonts are not recorded: text widths are not checked")
			}
			i, j, b := element(t, rows, forms.TextBox, func(v statesim.Value, _ *forms.Element) bool { return len(v.S) == 4 })
			m := meta(t, &rows[i])
			scale := rows[i].Scale
			w, _ := textWidth(m.Pictures[0][j].S[:2])
			img := decodePNG(t, rows[i].Image.Bytes)
			r := boxRect(b, 0).Inset(int(math.Ceil(2 * scale)))
			r.Min.X = int(math.Round(b.Pixels[0] + (textContentLeft+w+0.5)*scale))
			draw.Draw(img, r, image.White, image.Point{}, draw.Src)
			rows[i].Image.Bytes = encodePNG(t, img)
			return i, fmt.Sprintf("image: %s holds text", elementName(&m.Form, j))
		}},
		{"second picture of another state", "temporal_order", func(t *testing.T, rows []dataset.Row) (int, string) {
			// Picture 2 repeats picture 1, which shows another state.
			i := find(t, rows, func(r *dataset.Row) bool {
				m := meta(t, r)
				return visibleDiff(&m.Form, &m.Form, m.Pictures[0], m.Pictures[1], r.Scale)
			})
			rows[i].Image2 = &dataset.Image{Bytes: rows[i].Image.Bytes}
			return i, "image_2: "
		}},
		{"image of another row", "plan_semantic", func(t *testing.T, rows []dataset.Row) (int, string) {
			// The picture of the next row of the same family showing
			// another state with other checkboxes checked.
			for i := range rows {
				for k := i + 1; k < len(rows); k++ {
					if rows[k].Family == rows[i].Family && rows[i].Family == "checkboxes" && sameLayout(t, &rows[i], &rows[k]) &&
						!meta(t, &rows[i]).Pictures[0].Equal(meta(t, &rows[k]).Pictures[0]) {
						rows[i].Image = &dataset.Image{Bytes: rows[k].Image.Bytes}
						return i, "image: "
					}
				}
			}
			t.Fatal("no two rows to swap pictures of")
			return 0, ""
		}},
	}
	for _, c := range pictureCases[:2] {
		src := pictureSet(t, c.scale, c.protocol)
		for _, tc := range tests {
			t.Run(fmt.Sprintf("%s at scale %g", tc.name, c.scale), func(t *testing.T) {
				dir := copyTree(t, src)
				var id, want string
				var index int64
				rewriteKeep(t, suiteFile(t, dir, tc.suite), func(t *testing.T, rows []dataset.Row) []dataset.Row {
					var i int
					i, want = tc.edit(t, rows)
					id, index = rows[i].ID, *rows[i].Index
					return rows
				})
				f, _ := onlyFailure(t, dir, Options{})
				t.Logf("%s %s (index %d): %s", f.Suite, f.ID, f.Index, f.Reason)
				if f.ID != id || f.Index != index || f.Suite != tc.suite {
					t.Errorf("failure names %s %s (index %d), want %s %s (index %d)", f.Suite, f.ID, f.Index, tc.suite, id, index)
				}
				if !strings.Contains(f.Reason, want) {
					t.Errorf("reason %q, want it to contain %q", f.Reason, want)
				}
			})
		}
	}
}

// fileMetadataKeys are the keys of a file's metadata gen writes.
var fileMetadataKeys = []string{layout.ChromiumKey, layout.FontsKey, layout.ScaleKey}

// rewriteKeep is rewriteFile keeping the file's metadata.
func rewriteKeep(t *testing.T, path string, edit func(t *testing.T, rows []dataset.Row) []dataset.Row) {
	t.Helper()
	r, err := dataset.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	md := map[string]string{}
	for _, k := range fileMetadataKeys {
		if v, ok := r.Metadata(k); ok {
			md[k] = v
		}
	}
	r.Close()
	rows, err := dataset.ReadRows(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteFile(path, dataset.Options{Metadata: md}, edit(t, rows)...); err != nil {
		t.Fatal(err)
	}
}

// fontsKnown reports whether the picture datasets record Liberation Sans,
// so that text widths are checked.
func fontsKnown(t *testing.T, rows []dataset.Row) bool {
	t.Helper()
	r, err := dataset.Open(suiteFile(t, pictureSet(t, rows[0].Scale, ""), "edge_case"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return textWidthsKnown(r).known()
}

// sameLayout reports whether two rows' first pictures have the same boxes,
// so that one's picture pasted in the other's place is probed where its
// elements are.
func sameLayout(t *testing.T, a, b *dataset.Row) bool {
	t.Helper()
	ba, bb := rowBoxes(t, a).Pictures[0], rowBoxes(t, b).Pictures[0]
	if len(ba) != len(bb) {
		return false
	}
	for i := range ba {
		if ba[i].Pixels != bb[i].Pixels {
			return false
		}
	}
	return true
}

// TestCopiedPictures gives every real row the picture of each other row of
// its file with the same layout, and counts how many copies the probes
// catch: every copy whose state differs in a checkbox, a radio button, the
// slider's value, a text box's emptiness or its text's width must be
// caught; a copy differing only in text of the same width (such as "7633"
// for "7311") is left to Options.Rerender.
func TestCopiedPictures(t *testing.T) {
	for _, c := range pictureCases[:2] {
		t.Run(fmt.Sprintf("scale %g", c.scale), func(t *testing.T) {
			dir := pictureSet(t, c.scale, c.protocol)
			files, _ := filepath.Glob(filepath.Join(dir, "*", "*.parquet"))
			var pairs, caught, visible, sameState int
			for _, path := range files {
				rows, err := dataset.ReadRows(path)
				if err != nil {
					t.Fatal(err)
				}
				type pic struct {
					img   *rgb
					boxes []formview.Box
					m     question.Meta
				}
				pics := make([]pic, len(rows))
				for i := range rows {
					pics[i] = pic{toRGB(decodePNG(t, rows[i].Image.Bytes)), rowBoxes(t, &rows[i]).Pictures[0], meta(t, &rows[i])}
				}
				for i := range rows {
					for k := range rows {
						if i == k || rows[i].Family != rows[k].Family || !sameLayout(t, &rows[i], &rows[k]) {
							continue
						}
						a, b := &pics[i], &pics[k]
						if a.m.Pictures[0].Equal(b.m.Pictures[0]) {
							sameState++
							continue
						}
						pairs++
						var p problems
						probePicture("image", &a.m.Form, a.m.Pictures[0], a.boxes, b.img, rows[i].Scale, shownWidths, &p)
						if len(p) > 0 {
							caught++
						}
						if visibleDiff(&a.m.Form, &b.m.Form, a.m.Pictures[0], b.m.Pictures[0], rows[i].Scale) {
							visible++
							if len(p) == 0 {
								t.Errorf("%s rows %d and %d: the copy is not caught: %s against %s", path, i, k, a.m.Pictures[0], b.m.Pictures[0])
							}
						}
					}
				}
			}
			t.Logf("%d copies of a picture of another state: %d caught; %d differ visibly to the probes; %d pairs of the same state left out", pairs, caught, visible, sameState)
		})
	}
}

// visibleDiff reports whether state a of form fa and state b of form fb,
// forms of one layout, differ in what the probes read: a checkbox or radio
// button, the slider's thumb (by more than the probes' tolerance) or its
// printed value's width, a text box's emptiness or its text's width.
func visibleDiff(fa, fb *forms.Form, a, b statesim.State, scale float64) bool {
	widthsDiffer := func(sa, sb string) bool {
		wa, _ := textWidth(sa)
		wb, _ := textWidth(sb)
		return math.Abs(wa-wb) > 2*(textSlack+textSlackFrac*max(wa, wb))
	}
	for i := range fa.Elements {
		ea, eb := &fa.Elements[i], &fb.Elements[i]
		switch ea.Kind {
		case forms.Checkbox, forms.Radio:
			if a[i].N != b[i].N {
				return true
			}
		case forms.Slider:
			box := formview.Box{Pixels: [4]float64{0, 0, 102 * scale, 10 * scale}}
			if math.Abs(handleAt(ea, box, scale, a[i].N)-handleAt(eb, box, scale, b[i].N)) > 2*handleTolerance*scale ||
				widthsDiffer(strconv.Itoa(a[i].N), strconv.Itoa(b[i].N)) {
				return true
			}
		case forms.TextBox:
			if (a[i].S == "") != (b[i].S == "") || widthsDiffer(a[i].S, b[i].S) {
				return true
			}
		}
	}
	return false
}

func TestPictureSize(t *testing.T) {
	tests := []struct {
		scale float64
		w, h  int
		ok    bool
	}{
		{1, 160, 210, true},
		{2, 320, 420, true},
		{1.5, 240, 315, true},
		{3, 480, 630, true},
		{4, 640, 840, true},
		{0.5, 80, 105, true},
		{1.25, 0, 0, false}, // 262.5 pixels high
		{0, 0, 0, false},
		{-1, 0, 0, false},
		{4.5, 0, 0, false},
		{125, 0, 0, false}, // 20000 x 26250
		{math.NaN(), 0, 0, false},
		{math.Inf(1), 0, 0, false},
	}
	for _, tc := range tests {
		w, h, ok := pictureSize(tc.scale)
		if w != tc.w || h != tc.h || ok != tc.ok {
			t.Errorf("pictureSize(%g) = %d, %d, %v; want %d, %d, %v", tc.scale, w, h, ok, tc.w, tc.h, tc.ok)
		}
	}
}

func TestTextWidth(t *testing.T) {
	tests := []struct {
		s    string
		want float64
		ok   bool
	}{
		{"", 0, true},
		{"7", 1139 * formview.TextPx / 2048, true},
		{"7633", 4 * 1139 * formview.TextPx / 2048, true},
		{"76  ", 2 * 1139 * formview.TextPx / 2048, true}, // trailing spaces leave no ink
		{" 7", (569 + 1139) * formview.TextPx / 2048, true},
		{"Wi", (1933.0 + 455) * formview.TextPx / 2048, true},
		{"é", 0, false},
		{"a\tb", 0, false},
	}
	for _, tc := range tests {
		got, ok := textWidth(tc.s)
		if math.Abs(got-tc.want) > 1e-9 || ok != tc.ok {
			t.Errorf("textWidth(%q) = %g, %v; want %g, %v", tc.s, got, ok, tc.want, tc.ok)
		}
	}
	// Within the slack, wider or narrower, passes; a character more or
	// less does not.
	for _, tc := range []struct {
		s     string
		right float64
		ok    bool
	}{
		{"7633", 29.9, true},
		{"7633", 28, true},
		{"7633", 22, false},
		{"7633", 37, false},
		{strings.Repeat("7", 40), 120.5, true}, // cut off at the box's edge
		{"héllo", 3, false},                    // the font gives every width it draws
		{"丂😀", 3, true},                        // unknown widths (no face draws them) are not checked
		{"日本", 3, false},                       // the CJK face gives every width it draws, shaped
		{"日本", 25.8, true},
	} {
		if _, got := textFits(tc.s, tc.right, formview.TextPx, 120); got != tc.ok {
			t.Errorf("textFits(%q, %g) = %v, want %v", tc.s, tc.right, got, tc.ok)
		}
	}
}

// TestBoxesColumn changes the boxes column of one real row and expects that
// row alone to fail.
func TestBoxesColumn(t *testing.T) {
	tests := []struct {
		name string
		edit func(bc *boxesColumn)
		want string
	}{
		{"not JSON", nil, "boxes does not decode"},
		{"a picture too many", func(bc *boxesColumn) { bc.Pictures = append(bc.Pictures, bc.Pictures[0]) }, "boxes has 2 pictures, but the row has 1"},
		{"a box missing", func(bc *boxesColumn) { bc.Pictures[0] = bc.Pictures[0][1:] }, "boxes for"},
		{"two boxes swapped", func(bc *boxesColumn) {
			b := bc.Pictures[0]
			b[0].Pixels, b[1].Pixels = b[1].Pixels, b[0].Pixels
			b[0].Norm, b[1].Norm = b[1].Norm, b[0].Norm
		}, "above the bottom"},
		{"outside the picture", func(bc *boxesColumn) { bc.Pictures[0][0].Pixels[0] = 1e6 }, "is not inside the"},
		{"norm", func(bc *boxesColumn) { bc.Pictures[0][0].Norm[0] += 0.01 }, "norm"},
		{"name", func(bc *boxesColumn) { bc.Pictures[0][0].Name = "the 9th checkbox" }, "names it"},
		{"click point", func(bc *boxesColumn) { bc.Steps[0][0].Point[0]++ }, "boxes steps of plan 1"},
	}
	src := pictureSet(t, 1, "")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, src)
			var id string
			rewriteKeep(t, suiteFile(t, dir, "edge_case"), func(t *testing.T, rows []dataset.Row) []dataset.Row {
				r := &rows[4]
				id = r.ID
				if tc.edit == nil {
					r.Boxes = r.Boxes[:len(r.Boxes)/2]
					return rows
				}
				bc := rowBoxes(t, r)
				tc.edit(&bc)
				b, err := json.Marshal(bc)
				if err != nil {
					t.Fatal(err)
				}
				r.Boxes = string(b)
				return rows
			})
			f, rep := onlyFailure(t, dir, Options{})
			if f.ID != id || !strings.Contains(f.Reason, tc.want) {
				t.Fatalf("%d failing rows, want row %s failing with %q: %+v", rep.Failed, id, tc.want, rep.Failures)
			}
			t.Log(f.Reason)
		})
	}
}

// pasteToggle pastes, over the first element of kind whose state is not
// look, the picture of one whose state is: the picture then shows look
// where the state says otherwise. It returns the edited row and element.
func pasteToggle(t *testing.T, rows []dataset.Row, kind forms.Kind, look int) (row, el int) {
	t.Helper()
	has := func(v statesim.Value, _ *forms.Element) bool { return v.N == look }
	hasNot := func(v statesim.Value, _ *forms.Element) bool { return v.N != look }
	di, _, db := element(t, rows, kind, has)
	i, j, b := element(t, rows, kind, hasNot)
	src, img := decodePNG(t, rows[di].Image.Bytes), decodePNG(t, rows[i].Image.Bytes)
	pasteFrom(img, boxRect(b, 1), src, boxRect(db, 1))
	rows[i].Image.Bytes = encodePNG(t, img)
	return i, j
}
