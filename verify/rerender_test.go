package verify

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// TestRerender re-renders a real dataset at scale 1, then copies of it with
// one row changed where the probes do not look.
func TestRerender(t *testing.T) {
	src := pictureSet(t, 1, "")
	opt := Options{Rerender: true}
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
	tests := []struct {
		name  string
		suite string
		// edit changes rows[i].
		edit func(t *testing.T, rows []dataset.Row, i int)
		want string
	}{
		{"one pixel of the task", "plan_semantic", func(t *testing.T, rows []dataset.Row, i int) {
			r := &rows[i]
			img := decodePNG(t, r.Image.Bytes)
			img.Set(7, 9, color.RGBA{255, 0, 0, 255})
			r.Image.Bytes = encodePNG(t, img)
		}, "image differs from its re-rendering in 1 of 33600 pixels (the first at x 7, y 9; up to 255 in a channel)"},
		{"second picture", "temporal_order", func(t *testing.T, rows []dataset.Row, i int) {
			r := &rows[i]
			img := decodePNG(t, r.Image2.Bytes)
			b := img.Bounds()
			for x := range b.Dx() {
				img.Set(x, b.Dy()-1, color.Black) // below the form: no probe looks there
			}
			r.Image2.Bytes = encodePNG(t, img)
		}, "image_2 differs from its re-rendering in 160 of 33600 pixels"},
		{"task of another row", "edge_case", func(t *testing.T, rows []dataset.Row, i int) {
			// The picture shows the task of the next row with another one.
			k := find(t, rows[i+1:], func(o *dataset.Row) bool { return o.Task != rows[i].Task }) + i + 1
			img, other := decodePNG(t, rows[i].Image.Bytes), decodePNG(t, rows[k].Image.Bytes)
			paste(img, other, image.Rect(0, 0, img.Bounds().Dx(), 50))
			rows[i].Image.Bytes = encodePNG(t, img)
		}, "image differs from its re-rendering"},
		{"submit box moved", "future_state", func(t *testing.T, rows []dataset.Row, i int) {
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
				i := len(rows) / 2
				id = rows[i].ID
				tc.edit(t, rows, i)
				return rows
			})
			// Without re-rendering, the row passes.
			if rep, err := Dir(context.Background(), dir); err != nil || !rep.OK() {
				t.Fatalf("the change is caught without re-rendering: %v %+v", err, rep.Failures)
			}
			f, rep := onlyFailure(t, dir, opt)
			if f.ID != id || !strings.Contains(f.Reason, tc.want) {
				t.Fatalf("%d failing rows, want row %s failing with %q: %+v", rep.Failed, id, tc.want, rep.Failures)
			}
			t.Log(f.Reason)
		})
	}
}

// TestRerenderNoChromium checks that a missing browser is an error when
// there are pictures to re-render, and nothing without.
func TestRerenderNoChromium(t *testing.T) {
	opt := Options{Rerender: true, Chrome: "/nonexistent/chromium"}
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
