package verify

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// span is the least and greatest of the values a probe measured.
type span struct {
	lo, hi float64
	n      int
}

func (s *span) add(v float64) {
	if s.n == 0 || v < s.lo {
		s.lo = v
	}
	if s.n == 0 || v > s.hi {
		s.hi = v
	}
	s.n++
}

// TestProbeMargins measures what the probes read on every element of every
// real picture, and checks that each measure keeps clear of its threshold,
// so that a change in how forms look fails here, with the numbers, before
// it fails rows. VERIFY_REAL_DIRS adds datasets, as for TestProbesReal.
func TestProbeMargins(t *testing.T) {
	dirs := []string{pictureSet(t, 1, ""), pictureSet(t, 2, ""), pictureSet(t, 2, suites.Paper)}
	for d := range strings.SplitSeq(os.Getenv("VERIFY_REAL_DIRS"), ",") {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	m := map[string]*span{}
	add := func(k string, v float64) {
		if m[k] == nil {
			m[k] = &span{}
		}
		m[k].add(v)
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*", "*.parquet"))
		for _, path := range files {
			rows, err := dataset.ReadRows(path)
			if err != nil {
				t.Fatal(err)
			}
			for i := range rows {
				r := &rows[i]
				md := meta(t, r)
				bc := rowBoxes(t, r)
				for k, pic := range rowPictures(r) {
					img := toRGB(decodePNG(t, pic.bytes))
					for j, e := range md.Form.Elements {
						v, b := md.Pictures[k][j], bc.Pictures[k][j]
						switch e.Kind {
						case forms.Checkbox, forms.Radio:
							centre := checkboxCentre
							if e.Kind == forms.Radio {
								centre = radioCentre
							}
							f := img.toggle(b, centre)
							st := e.Kind.String() + pickWord(v.N == 1, " on", " off")
							add(st+" centre blue", f.centreBlue)
							add(st+" centre white", f.centreWhite)
							add(st+" ring blue", f.ringBlue)
							add(st+" ring grey", f.ringInk)
						case forms.Slider:
							x, ok := img.thumbX(b, r.Scale)
							if !ok {
								t.Errorf("%s row %d: no thumb", path, i)
								continue
							}
							add("slider thumb off by (CSS px)", (x-thumbAt(&e, b, r.Scale, v.N))/r.Scale)
							ink, right := img.printedValue(b, r.Scale)
							w, _ := textWidth(strconv.Itoa(v.N))
							add("slider value ink (/scale²)", float64(ink)/r.Scale/r.Scale)
							add("slider value right edge off by (CSS px)", right-w)
						case forms.TextBox:
							f := img.text(b, r.Scale)
							add("textbox frame", f.frame)
							if v.S == "" {
								add("textbox empty ink (/scale²)", float64(f.ink)/r.Scale/r.Scale)
								continue
							}
							w, _ := textWidth(v.S)
							add("textbox text ink (/scale²)", float64(f.ink)/r.Scale/r.Scale)
							add("textbox text right edge off by (CSS px)", f.right/r.Scale-w)
						}
					}
				}
			}
		}
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		t.Logf("%-42s %6d: %.3f to %.3f", k, m[k].n, m[k].lo, m[k].hi)
	}
	// Each measure, with the threshold it must clear and by how much.
	checks := []struct {
		key       string
		atLeast   bool // the measure must be at least threshold+margin, else at most threshold-margin
		threshold float64
		margin    float64
	}{
		{"checkbox on centre blue", true, onBlue, 0.1},
		{"checkbox on ring blue", true, onRing, 0.1},
		{"checkbox off centre white", true, offWhite, 0.05},
		{"checkbox off ring grey", true, offRing, 0.1},
		{"checkbox off ring blue", false, offRingBlue, 0.04},
		{"radio on centre blue", true, onBlue, 0.1},
		{"radio on ring blue", true, onRing, 0.1},
		{"radio off centre white", true, offWhite, 0.05},
		{"radio off ring grey", true, offRing, 0.1},
		{"radio off ring blue", false, offRingBlue, 0.04},
		{"slider value ink (/scale²)", true, textInk, 2},
		{"textbox frame", true, textFrame, 0.3},
		{"textbox empty ink (/scale²)", false, textInk, 1},
		{"textbox text ink (/scale²)", true, textInk, 2},
	}
	for _, c := range checks {
		s := m[c.key]
		switch {
		case s == nil:
			t.Errorf("%s: nothing measured", c.key)
		case c.atLeast && s.lo < c.threshold+c.margin:
			t.Errorf("%s: as low as %.3f, want at least %.3f + %.3f", c.key, s.lo, c.threshold, c.margin)
		case !c.atLeast && s.hi > c.threshold-c.margin:
			t.Errorf("%s: as high as %.3f, want at most %.3f - %.3f", c.key, s.hi, c.threshold, c.margin)
		}
	}
	for key, limit := range map[string]float64{
		"slider thumb off by (CSS px)":            thumbTolerance / 2,
		"slider value right edge off by (CSS px)": textSlack / 2,
		"textbox text right edge off by (CSS px)": textSlack / 2,
	} {
		if s := m[key]; s == nil || s.lo < -limit || s.hi > limit {
			t.Errorf("%s: %v, want within ±%g", key, s, limit)
		}
	}
}
