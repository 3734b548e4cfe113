package formview

import (
	"context"
	"fmt"
	"html"
	"math"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/typeface"
)

// TestShapedWidthsInChromium sets texts of the extra faces' scripts, and
// every partly typed start of each (forms.TextPrefix: whole grapheme
// clusters), in spans at a text box's size in a real page, and requires
// the width Chromium gives each to be typeface.Width's, shaped (within
// Chromium's 1/64 px rounding), and no more than the 1 em a character a
// text box allows. A Devanagari start cut after a virama ("क्" of "क्ष")
// is drawn with the virama showing, as Chromium shapes it alone.
func TestShapedWidthsInChromium(t *testing.T) {
	texts := []string{"नमस्ते", "क्षत्रिय", "हिन्दी", "पृथ्वी", "विद्या", "स्त्री", "日本語", "한국어", "ひらがなカタカナー", "東京 abc"}
	var spans []string
	var want []string
	for _, s := range texts {
		for k := 1; k <= forms.TextLen(s); k++ {
			p := forms.TextPrefix(s, k)
			if strings.HasSuffix(p, " ") {
				continue // Width leaves out trailing spaces
			}
			want = append(want, p)
			spans = append(spans, fmt.Sprintf(`<div><span data-el="e%d" data-kind="text" style="font-size:%gpx;white-space:pre">%s</span></div>`, len(spans), TextPx, html.EscapeString(p)))
		}
	}
	job := render.Job{HTML: `<div style="width:300px;background:#fff">` + strings.Join(spans, "") + `</div>`, Width: 300, Height: 2000}
	r, err := render.New(context.Background(), render.Options{Head: HeadWith(typeface.CJK | typeface.Devanagari), Fonts: Fonts(), Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Render(context.Background(), []render.Job{job})
	if err != nil {
		t.Fatal(err)
	}
	if len(res[0].Elements) != len(want) {
		t.Fatalf("%d spans read back, want %d", len(res[0].Elements), len(want))
	}
	for k, el := range res[0].Elements {
		em, ok := typeface.Width(want[k])
		if !ok {
			t.Fatalf("typeface.Width(%q) not known", want[k])
		}
		if got := em * TextPx; math.Abs(got-el.Box.W) > 0.05 {
			t.Errorf("%q: Chromium draws it %.4f px wide, typeface.Width says %.4f", want[k], el.Box.W, got)
		}
		if n := float64(len([]rune(want[k]))) * TextPx; el.Box.W > n {
			t.Errorf("%q: %.2f px wide, more than the %.2f px a text box gives it", want[k], el.Box.W, n)
		}
	}
}
