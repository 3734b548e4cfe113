package verify

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/statesim"
)

// TestRerender re-renders a real dataset at scale 1, then copies of it with
// one row changed where the probes do not look.
func TestRerender(t *testing.T) {
	src := pictureSet(t, 1, "")
	opt := Options{Rerender: RerenderAuto}
	t.Run("clean", func(t *testing.T) {
		rep, err := DirWith(context.Background(), src, opt)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range rep.Failures {
			if i == 5 {
				break
			}
			t.Errorf("%s %s (index %d): %s", f.Suite, f.ID, f.Index, f.Reason)
		}
		if !rep.OK() || rep.Pictures < rep.Rows {
			t.Fatalf("%d of %d rows failed, %d pictures", rep.Failed, rep.Rows, rep.Pictures)
		}
		t.Logf("%d rows, %d pictures re-rendered", rep.Rows, rep.Pictures)
	})
	// pixels and width are the size of the picture the last edit changed,
	// which a want names as {pixels} and {width}: the families' pictures
	// differ in size.
	var pixels, width int
	tests := []struct {
		name  string
		suite string
		// edit changes rows[i], or another row it returns the index of.
		edit func(t *testing.T, rows []dataset.Row, i int) int
		want string
	}{
		{"one pixel of the task", "plan_semantic", func(t *testing.T, rows []dataset.Row, i int) int {
			r := &rows[i]
			img := decodePNG(t, r.Image.Bytes)
			img.Set(7, 9, color.RGBA{255, 0, 0, 255})
			r.Image.Bytes = encodePNG(t, img)
			pixels = img.Bounds().Dx() * img.Bounds().Dy()
			return i
		}, "image differs from its re-rendering in 1 of {pixels} pixels (the first at x 7, y 9; up to 255 in a channel)"},
		{"second picture", "temporal_order", func(t *testing.T, rows []dataset.Row, i int) int {
			r := &rows[i]
			img := decodePNG(t, r.Image2.Bytes)
			b := img.Bounds()
			for x := range b.Dx() {
				img.Set(x, b.Dy()-1, color.Black) // below the form: no probe looks there
			}
			r.Image2.Bytes = encodePNG(t, img)
			pixels, width = b.Dx()*b.Dy(), b.Dx()
			return i
		}, "image_2 differs from its re-rendering in {width} of {pixels} pixels"},
		{"task of another row", "edge_case", func(t *testing.T, rows []dataset.Row, i int) int {
			// The picture shows the task of the next row with another one.
			k := find(t, rows[i+1:], func(o *dataset.Row) bool { return o.Task != rows[i].Task }) + i + 1
			img, other := decodePNG(t, rows[i].Image.Bytes), decodePNG(t, rows[k].Image.Bytes)
			paste(img, other, image.Rect(0, 0, img.Bounds().Dx(), 50))
			rows[i].Image.Bytes = encodePNG(t, img)
			return i
		}, "image differs from its re-rendering"},
		{"text box digits of another row", "edge_case", func(t *testing.T, rows []dataset.Row, i int) int {
			// A text box shows the text of the same box in another row of
			// the family, drawn where this row's text is.
			i, j, b := element(t, rows, forms.TextBox, func(v statesim.Value, _ *forms.Element) bool { return v.S != "" })
			for k := range rows {
				if k == i || rows[k].Family != rows[i].Family {
					continue
				}
				o := rowBoxes(t, &rows[k]).Pictures[0][j]
				ov := meta(t, &rows[k]).Pictures[0][j].S
				if o.Pixels != b.Pixels || ov == "" || ov == meta(t, &rows[i]).Pictures[0][j].S {
					continue
				}
				img, src := decodePNG(t, rows[i].Image.Bytes), decodePNG(t, rows[k].Image.Bytes)
				pasteFrom(img, boxRect(b, 0).Inset(2), src, boxRect(o, 0).Inset(2))
				rows[i].Image.Bytes = encodePNG(t, img)
				return i
			}
			t.Fatal("no two rows with other texts in the same text box")
			return 0
		}, "image differs from its re-rendering"},
		{"submit box moved", "future_state", func(t *testing.T, rows []dataset.Row, i int) int {
			r := &rows[i]
			bc := rowBoxes(t, r)
			bs := bc.Pictures[0]
			last := &bs[len(bs)-1]
			last.Pixels[1]++
			last.Norm[1] = last.Pixels[1] / float64(r.ImageHeight)
			for j := range bc.Steps {
				for k := range bc.Steps[j] {
					if s := &bc.Steps[j][k]; s.Target == last.ID {
						s.Point[1]++
						s.Norm[1] = s.Point[1] / float64(r.ImageHeight)
					}
				}
			}
			b, err := json.Marshal(bc)
			if err != nil {
				t.Fatal(err)
			}
			r.Boxes = string(b)
			return i
		}, "image has other element boxes in the boxes column than its re-rendering"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The suite alone: the others would only be re-rendered again.
			dir := t.TempDir()
			if err := os.CopyFS(filepath.Join(dir, tc.suite), os.DirFS(filepath.Join(src, tc.suite))); err != nil {
				t.Fatal(err)
			}
			if err := os.CopyFS(filepath.Join(dir, "pddl"), os.DirFS(filepath.Join(src, "pddl"))); err != nil {
				t.Fatal(err)
			}
			var id string
			rewriteKeep(t, suiteFile(t, dir, tc.suite), func(t *testing.T, rows []dataset.Row) []dataset.Row {
				id = rows[tc.edit(t, rows, len(rows)/2)].ID
				return rows
			})
			// Without re-rendering, the row passes.
			if rep, err := Dir(context.Background(), dir); err != nil || !rep.OK() {
				t.Fatalf("the change is caught without re-rendering: %v %+v", err, rep.Failures)
			}
			// gen verify's default re-renders, this machine's Chromium and
			// font being the dataset's; so does --rerender=always.
			want := strings.NewReplacer("{pixels}", strconv.Itoa(pixels), "{width}", strconv.Itoa(width)).Replace(tc.want)
			for _, mode := range []Rerender{RerenderAuto, RerenderAlways} {
				f, rep := onlyFailure(t, dir, Options{Rerender: mode})
				if f.ID != id || !strings.Contains(f.Reason, want) {
					t.Fatalf("mode %d: %d failing rows, want row %s failing with %q: %+v", mode, rep.Failed, id, want, rep.Failures)
				}
				t.Log(f.Reason)
			}
		})
	}
}

// TestRerenderOtherBrowser checks what a dataset made with another
// Chromium or font gets: by default its pictures are probed, not
// re-rendered, with a note saying why; with RerenderAlways, a note first,
// and then differences reported as notes, not failures.
func TestRerenderOtherBrowser(t *testing.T) {
	src := pictureSet(t, 1, "")
	for _, tc := range []struct {
		key, value string
	}{
		{layout.ChromiumKey, "HeadlessChrome/1.0.0.0"},
		{layout.FontsKey, "fonts-liberation 1:1.07.4-11"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{"plan_semantic", "pddl"} {
				if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join(src, d))); err != nil {
					t.Fatal(err)
				}
			}
			path := suiteFile(t, dir, "plan_semantic")
			r, err := dataset.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			md := map[string]string{}
			for _, k := range fileMetadataKeys {
				md[k], _ = r.Metadata(k)
			}
			r.Close()
			md[tc.key] = tc.value
			rows, err := dataset.ReadRows(path)
			if err != nil {
				t.Fatal(err)
			}
			img := decodePNG(t, rows[3].Image.Bytes)
			img.Set(7, 9, color.RGBA{255, 0, 0, 255}) // a pixel of the task: no probe looks there
			rows[3].Image.Bytes = encodePNG(t, img)
			if err := dataset.WriteFile(path, dataset.Options{Metadata: md}, rows...); err != nil {
				t.Fatal(err)
			}
			rep, err := DirWith(context.Background(), dir, Options{Rerender: RerenderAuto})
			if err != nil || !rep.OK() || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "probed, not re-rendered") || !strings.Contains(rep.Notes[0], tc.value) {
				t.Fatalf("auto: %v, %d failed, notes %q; want ok with one note naming %s", err, rep.Failed, rep.Notes, tc.value)
			}
			rep, err = DirWith(context.Background(), dir, Options{Rerender: RerenderAlways})
			if err != nil || !rep.OK() || len(rep.Notes) != 2 || !strings.Contains(rep.Notes[0], "reported as notes") || !strings.Contains(rep.Notes[1], "1 pictures differ") {
				t.Fatalf("always: %v, %d failed, notes %q; want ok with a note before and one counting 1 picture", err, rep.Failed, rep.Notes)
			}
			t.Log(rep.Notes)
		})
	}
}

// TestRerenderNoChromium checks that a missing browser is an error when
// there are pictures to re-render, and nothing without.
func TestRerenderNoChromium(t *testing.T) {
	opt := Options{Rerender: RerenderAlways, Chrome: "/nonexistent/chromium"}
	if rep, err := DirWith(context.Background(), clean, opt); err != nil || !rep.OK() {
		t.Fatalf("without pictures: %v, %d failed", err, rep.Failed)
	}
	_, err := DirWith(context.Background(), pictureSet(t, 1, ""), opt)
	if err == nil || !strings.Contains(err.Error(), "re-render") {
		t.Fatalf("error %v, want one about re-rendering", err)
	}
	t.Log(err)
}

func TestPixelDiff(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 4, 3))
	b := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	for y := range 3 {
		for x := range 4 {
			a.Set(x, y, color.White)
			b.Set(x, y, color.White)
		}
	}
	if d := pixelDiff(a, b); d.n != 0 || d.all != 12 {
		t.Errorf("equal pictures: %+v", d)
	}
	b.Set(2, 1, color.NRGBA{250, 255, 255, 255})
	b.Set(3, 2, color.NRGBA{0, 0, 0, 0}) // transparent: white
	b.Set(0, 2, color.NRGBA{255, 255, 200, 255})
	if d := pixelDiff(a, b); d.n != 2 || d.first != image.Pt(2, 1) || d.most != 55 {
		t.Errorf("two pixels apart: %+v", d)
	}
	if d := pixelDiff(a, image.NewRGBA(image.Rect(0, 0, 3, 3))); d.n != 12 {
		t.Errorf("sizes apart: %+v", d)
	}
}
