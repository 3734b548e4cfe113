package render

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"
	"time"
)

// testImage returns a w x h image with flat areas, gradients and noise, so
// that image/png uses every filter type on it.
func testImage(w, h int, alpha bool) image.Image {
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var c color.NRGBA
			switch (x / 7) % 4 {
			case 0:
				c = color.NRGBA{200, 30, 90, 255}
			case 1:
				c = color.NRGBA{uint8(x * 3), uint8(y * 5), uint8(x + y), 255}
			case 2:
				c = color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			default:
				c = color.NRGBA{uint8(y), uint8(y), 255 - uint8(x), 255}
			}
			if alpha {
				c.A = uint8(128 + y%128)
			}
			img.SetNRGBA(x, y, c)
		}
	}
	if alpha {
		return img
	}
	rgba := image.NewRGBA(img.Bounds()) // image/png writes RGB for an opaque RGBA
	draw.Draw(rgba, rgba.Bounds(), img, image.Point{}, draw.Src)
	return rgba
}

func encodePNG(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCropPage crops PNGs that image/png wrote, with every filter type, in
// RGB, RGBA and a paletted form that goes through image/png, and compares
// every pixel of every picture with the source.
func TestCropPage(t *testing.T) {
	layout := &pageLayout{
		cells:  []cell{{0, 0, 0, 20, 10}, {1, 20, 0, 13, 7}, {2, 33, 0, 4, 10}, {3, 0, 10, 37, 5}},
		width:  37,
		height: 15,
	}
	paletted := image.NewPaletted(image.Rect(0, 0, 74, 30), color.Palette{color.Black, color.White, color.RGBA{255, 0, 0, 255}})
	for i := range paletted.Pix {
		paletted.Pix[i] = uint8(i % 7 % 3)
	}
	tests := []struct {
		name  string
		img   image.Image
		scale float64
	}{
		{"rgb", testImage(37, 15, false), 1},
		{"rgba", testImage(37, 15, true), 1},
		{"rgb scale 2", testImage(74, 30, false), 2},
		{"paletted scale 2", paletted, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pics, err := cropPage(encodePNG(t, tt.img), layout, layout.sizes(), tt.scale)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range layout.cells {
				got := decode(t, pics[i])
				r := image.Rect(px(int64(c.x), tt.scale), px(int64(c.y), tt.scale), px(int64(c.x+c.w), tt.scale), px(int64(c.y+c.h), tt.scale))
				if got.Bounds().Size() != r.Size() {
					t.Fatalf("cell %d: %v, want %v", i, got.Bounds().Size(), r.Size())
				}
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						want := color.NRGBAModel.Convert(tt.img.At(x, y)).(color.NRGBA)
						want.A = 255 // alpha is dropped, colour kept
						if g := color.NRGBAModel.Convert(got.At(x-r.Min.X, y-r.Min.Y)); g != want {
							t.Fatalf("cell %d: pixel (%d, %d) = %v, want %v", i, x, y, g, want)
						}
					}
				}
			}
		})
	}
}

// filterRow applies PNG filter ft to cur, given the previous row: the
// inverse of unfilter, written the plain way.
func filterRow(ft byte, cur, prev []byte, bpp int) []byte {
	out := make([]byte, len(cur))
	for i := range cur {
		var a, c byte
		if i >= bpp {
			a, c = cur[i-bpp], prev[i-bpp]
		}
		b := prev[i]
		switch ft {
		case 0:
			out[i] = cur[i]
		case 1:
			out[i] = cur[i] - a
		case 2:
			out[i] = cur[i] - b
		case 3:
			out[i] = cur[i] - byte((int(a)+int(b))/2)
		case 4:
			out[i] = cur[i] - paeth(a, b, c)
		}
	}
	return out
}

func TestUnfilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, bpp := range []int{3, 4} {
		for ft := range byte(5) {
			t.Run(fmt.Sprintf("bpp=%d/filter=%d", bpp, ft), func(t *testing.T) {
				for n := range 50 {
					prev, cur := make([]byte, bpp*(n+1)), make([]byte, bpp*(n+1))
					for i := range cur {
						prev[i], cur[i] = byte(rng.IntN(256)), byte(rng.IntN(256))
					}
					got := filterRow(ft, cur, prev, bpp)
					if err := unfilter(ft, got, prev, bpp); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, cur) {
						t.Fatalf("%d pixels: unfilter gives %v, want %v", n+1, got, cur)
					}
				}
			})
		}
	}
	if err := unfilter(5, make([]byte, 6), make([]byte, 6), 3); err == nil {
		t.Error("filter type 5: no error")
	}
}

func TestCropPageErrors(t *testing.T) {
	layout := &pageLayout{cells: []cell{{0, 0, 0, 4, 4}}, width: 4, height: 4}
	good := encodePNG(t, testImage(4, 4, false))
	corrupt := bytes.Clone(good)
	corrupt[len(corrupt)-20] ^= 0xff
	for name, b := range map[string][]byte{
		"wrong size": encodePNG(t, testImage(5, 4, false)),
		"not a PNG":  []byte("GIF89a"),
		"truncated":  good[:len(good)-30],
		"corrupt":    corrupt,
	} {
		if _, err := cropPage(b, layout, layout.sizes(), 1); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// pageShot renders a page of 64 forms and returns its layout and
// screenshot.
func pageShot(tb testing.TB) (*pageLayout, []byte) {
	tb.Helper()
	r := newRenderer(tb, Options{})
	jobs, _ := formJobs(64, 9)
	pages, err := planPages(jobs, 1, defaultBatchMax, defaultBatchPixels)
	if err != nil {
		tb.Fatal(err)
	}
	shot, _, err := r.shootPage(context.Background(), jobs, pages[0])
	if err != nil {
		tb.Fatal(err)
	}
	return pages[0], shot
}

// BenchmarkEncode compares cutting a page of 64 forms into pictures with
// this package's row encoder and with image/png, in time and size.
func BenchmarkEncode(b *testing.B) {
	p, shot := pageShot(b)
	withPNG := func(level png.CompressionLevel) func() ([][]byte, error) {
		enc := &png.Encoder{CompressionLevel: level}
		return func() ([][]byte, error) {
			img, err := png.Decode(bytes.NewReader(shot))
			if err != nil {
				return nil, err
			}
			sub := img.(interface {
				SubImage(image.Rectangle) image.Image
			})
			var out [][]byte
			for _, c := range p.cells {
				var buf bytes.Buffer
				if err := enc.Encode(&buf, sub.SubImage(image.Rect(c.x, c.y, c.x+c.w, c.y+c.h))); err != nil {
					return nil, err
				}
				out = append(out, buf.Bytes())
			}
			return out, nil
		}
	}
	for _, bm := range []struct {
		name string
		crop func() ([][]byte, error)
	}{
		{"rows", func() ([][]byte, error) { return cropPage(shot, p, p.sizes(), 1) }},
		{"image-png-BestSpeed", withPNG(png.BestSpeed)},
		{"image-png-Default", withPNG(png.DefaultCompression)},
	} {
		b.Run(bm.name, func(b *testing.B) {
			var out [][]byte
			for b.Loop() {
				var err error
				if out, err = bm.crop(); err != nil {
					b.Fatal(err)
				}
			}
			n := 0
			for _, o := range out {
				n += len(o)
			}
			b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(len(out))/float64(time.Millisecond), "ms/picture")
			b.ReportMetric(float64(n)/float64(len(out)), "bytes/picture")
		})
	}
}
