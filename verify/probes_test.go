package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/typeface"
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
					for j := range md.Form.Elements {
						if err := measureElement(add, &md.Form, md.Pictures[k], j, bc.Pictures[k][j], img, r.Scale); err != "" {
							t.Errorf("%s row %d: %s", path, i, err)
						}
					}
				}
			}
		}
	}
	checkMargins(t, m, false)
}

// margin is a measure, the threshold it must clear and by how much.
type margin struct {
	key       string
	atLeast   bool // the measure must be at least threshold+margin, else at most threshold-margin
	threshold float64
	margin    float64
}

// enabledMargins are the margins of the enabled looks.
var enabledMargins = []margin{
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
	{"slider handle outline lightness", true, handleGreyMin, 4},
	{"slider handle outline lightness", false, handleGreyMax, 4},
	{"textbox frame", true, textFrame, 0.3},
	{"textbox pale", false, textPale, 0.3},
	{"textbox empty ink (/scale²)", false, textInk, 1},
	{"textbox text ink (/scale²)", true, textInk, 2},
}

// disabledMargins are the margins of the disabled looks (see
// disabledprobe.go). The probes read a toggle's disabled look only when
// its enabled looks fail, so these need not clear the enabled thresholds.
var disabledMargins = func() []margin {
	var out []margin
	for _, k := range []string{"checkbox", "radio"} {
		out = append(out,
			margin{k + " on disabled centre faint", true, disabledOnFaint, 0.1},
			margin{k + " off disabled centre faint", false, disabledOnFaint, 0.1},
			margin{k + " off disabled centre white", true, offWhite, 0.05})
		for _, st := range []string{" on", " off"} {
			out = append(out,
				margin{k + st + " disabled ring faint", true, disabledRing, 0.05},
				margin{k + st + " disabled ring grey", false, disabledRingInk, 0.01},
				margin{k + st + " disabled ring blue", false, offRingBlue, 0.04})
		}
	}
	return append(out,
		margin{"slider disabled handle outline lightness", true, handleFaintMin, 3},
		margin{"slider disabled handle outline lightness", false, handleFaintMax, 3},
		margin{"textbox disabled frame", false, textFrame, 0.3},
		margin{"textbox disabled frame faint", true, textFrame, 0.3},
		margin{"textbox disabled pale", true, textPale, 0.2},
		margin{"textbox disabled empty ink (/scale²)", false, textInk, 1},
		margin{"textbox disabled text ink (/scale²)", true, textInk, 2})
}()

// offLimits are the measures of where things are drawn, which must be
// within ± their limit.
var offLimits = map[string]float64{
	"slider handle off by (CSS px)":          handleTolerance / 2,
	"slider disabled handle off by (CSS px)": handleTolerance / 2,
	// A disabled slider's value is drawn faded (opacity .35), so its ink's
	// edge reads up to 1.57 px early in formplan's font: a fifth of the
	// slack is left, not half.
	"slider value right edge off by (CSS px)":          textSlack * 0.8,
	"textbox text right edge off by (CSS px)":          textSlack / 2,
	"textbox disabled text right edge off by (CSS px)": textSlack / 2,
}

// checkMargins logs the measures m and checks that each keeps clear of
// its threshold. A measure of the enabled looks must have been measured;
// one of the disabled looks too when allDisabled is set.
func checkMargins(t *testing.T, m map[string]*span, allDisabled bool) {
	t.Helper()
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		t.Logf("%-48s %6d: %.3f to %.3f", k, m[k].n, m[k].lo, m[k].hi)
	}
	for i, c := range append(slices.Clone(enabledMargins), disabledMargins...) {
		s := m[c.key]
		switch {
		case s == nil && (i < len(enabledMargins) || allDisabled):
			t.Errorf("%s: nothing measured", c.key)
		case s == nil:
		case c.atLeast && s.lo < c.threshold+c.margin:
			t.Errorf("%s: as low as %.3f, want at least %.3f + %.3f", c.key, s.lo, c.threshold, c.margin)
		case !c.atLeast && s.hi > c.threshold-c.margin:
			t.Errorf("%s: as high as %.3f, want at most %.3f - %.3f", c.key, s.hi, c.threshold, c.margin)
		}
	}
	for key, limit := range offLimits {
		s := m[key]
		if s == nil && !allDisabled && strings.Contains(key, "disabled") {
			continue
		}
		if s == nil || s.lo < -limit || s.hi > limit {
			t.Errorf("%s: %v, want within ±%g", key, s, limit)
		}
	}
}

// measureElement measures what the probes read of element j of form f,
// pictured in state s in box b of img, under keys naming its kind, value
// and, for a disabled element, "disabled", and returns what kept it from
// being measured, or "".
func measureElement(add func(key string, v float64), f *forms.Form, s statesim.State, j int, b formview.Box, img *rgb, scale float64) string {
	e, v := &f.Elements[j], s[j]
	dis := pickWord(statesim.Enabled(f, s, j), "", " disabled")
	switch e.Kind {
	case forms.Checkbox, forms.Radio:
		centre := checkboxCentre
		if e.Kind == forms.Radio {
			centre = radioCentre
		}
		t := img.toggle(b, centre)
		st := e.Kind.String() + pickWord(v.N == 1, " on", " off") + dis
		add(st+" centre blue", t.centreBlue)
		add(st+" centre white", t.centreWhite)
		add(st+" ring blue", t.ringBlue)
		add(st+" ring grey", t.ringInk)
		if dis != "" {
			add(st+" centre faint", t.centreFaint)
			add(st+" ring faint", t.ringFaint)
		}
	case forms.Slider:
		x, _, lum, ok := img.handleX(b, scale)
		if !ok {
			return fmt.Sprintf("%s: no handle", e.ID)
		}
		add("slider"+dis+" handle off by (CSS px)", (x-handleAt(e, b, scale, v.N))/scale)
		add("slider"+dis+" handle outline lightness", float64(lum))
		ink, right := img.printedValue(b, scale)
		w, _ := formview.TextWidth(strconv.Itoa(v.N), formview.ValuePx)
		if em, ok := typeface.Width(strconv.Itoa(v.N)); ok {
			w = em * formview.ValuePx
		}
		add("slider value ink (/scale²)", float64(ink)/scale/scale)
		add("slider value right edge off by (CSS px)", right+inkBearing(strconv.Itoa(v.N), formview.ValuePx)-w)
	case forms.TextBox:
		t := img.text(b, scale)
		k := "textbox" + dis
		add(k+" frame", t.frame)
		add(k+" frame faint", t.frameFaint)
		add(k+" pale", t.pale)
		if v.S == "" {
			add(k+" empty ink (/scale²)", float64(t.ink)/scale/scale)
			return ""
		}
		w, _ := textWidth(v.S)
		if em, ok := typeface.Width(v.S); ok {
			w = em * formview.TextPx
		}
		add(k+" text ink (/scale²)", float64(t.ink)/scale/scale)
		add(k+" text right edge off by (CSS px)", t.right/scale+inkBearing(v.S, formview.TextPx)-w)
	}
	return ""
}
