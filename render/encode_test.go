package render

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestDecodePNG checks that DecodePNG gives back the pixels EncodePNG was
// given, as image/png decodes them, for pictures of a few sizes, and
// refuses what is not the renderer's PNG.
func TestDecodePNG(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range [][2]int{{1, 1}, {20, 20}, {160, 210}, {320, 420}} {
		img := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
		for i := range img.Pix {
			img.Pix[i] = byte(rng.IntN(4) * 85) // flat runs and edges, as forms have
			if i%4 == 3 {
				img.Pix[i] = 0xff
			}
		}
		b := EncodePNG(img)
		got, err := DecodePNG(b)
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		std, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Pix, img.Pix) || got.Rect != img.Rect || !bytes.Equal(got.Pix, std.(*image.RGBA).Pix) {
			t.Errorf("%v: DecodePNG gives other pixels than were encoded", size)
		}
	}
	for _, bad := range [][]byte{nil, []byte("not a png"), pngSignature} {
		if _, err := DecodePNG(bad); err == nil {
			t.Errorf("%q: decoded", bad)
		}
	}
}

// BenchmarkDecodePNG measures DecodePNG against image/png on a 320 x 420
// form picture.
func BenchmarkDecodePNG(b *testing.B) {
	jobs, _ := formJobs(1, 1)
	r := newRenderer(b, Options{Scale: 2})
	res, err := r.Render(b.Context(), jobs)
	if err != nil {
		b.Fatal(err)
	}
	pic := res[0].PNG
	b.Run("DecodePNG", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodePNG(pic); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image/png", func(b *testing.B) {
		for b.Loop() {
			if _, err := png.Decode(bytes.NewReader(pic)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
