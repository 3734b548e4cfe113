package formview

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// systemFontJob is a picture set in whatever fontconfig calls sans-serif:
// the control that shows a fontconfig change reaches Chromium.
var systemFontJob = render.Job{HTML: `<div style="width:160px;height:40px;background:#fff;font:20px sans-serif">Arial sans</div>`, Width: 160, Height: 40}

// fontJobs returns pictures of random states of fams, under random
// tasks, and the control last.
func fontJobs(t *testing.T, fams []forms.Family) []render.Job {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	var jobs []render.Job
	r, err := render.New(context.Background(), render.Options{Head: HeadWith(ScriptsOf(fams)), Fonts: Fonts(), Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, fam := range fams {
		if _, err := Fit(context.Background(), r, []forms.Family{fam}); err != nil {
			t.Logf("left out, as gen refuses it: %v", err)
			continue
		}
		for range 6 {
			f := fam.NewForm(rng)
			s := statesim.RandomState(&f, rng, 0.6)
			g := perturb.Goal(&fam, &f, rng)
			job, err := Job(&f, s, g.Text, fmt.Sprint(len(jobs)))
			if err != nil {
				t.Fatal(err)
			}
			job.Height = MaxHeight
			jobs = append(jobs, job)
		}
	}
	return append(jobs, systemFontJob)
}

// TestPicturesIgnoreSystemFonts renders the same forms twice at scales 1
// and 2: with the machine's fonts, and under the machine's fontconfig with
// one rule more, which puts DejaVu Serif before every family asked for
// (Arial, sans-serif, Liberation Sans), as installing other fonts does. The
// pictures must be byte-identical, since every glyph comes from the fonts
// formplan ships, the CJK and Devanagari faces' included (families of
// those scripts are drawn too); the control, set in sans-serif, must
// change, or the second fontconfig never reached Chromium.
func TestPicturesIgnoreSystemFonts(t *testing.T) {
	if _, err := os.Stat("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"); err != nil {
		t.Skip("DejaVu Serif is not installed (Debian: fonts-dejavu-core; make test installs it)")
	}
	fams := append(testforms.Every(t), testforms.Scripts(t)...)
	head := HeadWith(ScriptsOf(fams))
	jobs := fontJobs(t, fams)
	for _, scale := range []float64{1, 2} {
		t.Run(fmt.Sprint("scale ", scale), func(t *testing.T) {
			mine := renderAll(t, jobs, scale, head)
			dir := t.TempDir()
			conf := filepath.Join(dir, "fonts.conf")
			err := os.WriteFile(conf, []byte(`<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <cachedir>`+filepath.Join(dir, "cache")+`</cachedir>
  <match target="pattern"><edit name="family" mode="prepend" binding="strong"><string>DejaVu Serif</string></edit></match>
</fontconfig>
`), 0o644)
			if err != nil {
				t.Fatal(err)
			}
			t.Setenv("FONTCONFIG_FILE", conf)
			other := renderAll(t, jobs, scale, head)
			last := len(jobs) - 1
			if bytes.Equal(mine[last], other[last]) {
				t.Fatal("the control set in sans-serif looks the same under both fontconfigs: FONTCONFIG_FILE did not reach Chromium")
			}
			same := 0
			for k := range last {
				if bytes.Equal(mine[k], other[k]) {
					same++
				} else {
					t.Errorf("picture %d differs under another fontconfig", k)
				}
			}
			t.Logf("%d of %d pictures byte-identical under a fontconfig mapping every family to DejaVu Serif", same, last)
		})
	}
}

// TestExtraFacesLeaveLatinAlone renders forms of every family the tests
// know, whose texts are Latin, with Head and with the head that loads the
// CJK and Devanagari faces too, at scales 1 and 2: the pictures must be
// byte-identical, since a face's unicode-range keeps it off every
// character Liberation Sans draws. The control (CJK and Devanagari text)
// must differ between the two heads, or the faces never reached the page.
func TestExtraFacesLeaveLatinAlone(t *testing.T) {
	jobs := fontJobs(t, testforms.Every(t))
	jobs[len(jobs)-1] = render.Job{HTML: `<div style="width:160px;height:40px;background:#fff;font:20px '` + typeface.Family + `'">日本語 हिन्दी</div>`, Width: 160, Height: 40}
	all := typeface.CJK | typeface.Devanagari
	for _, scale := range []float64{1, 2} {
		plain := renderAll(t, jobs, scale, Head())
		extra := renderAll(t, jobs, scale, HeadWith(all))
		last := len(jobs) - 1
		if bytes.Equal(plain[last], extra[last]) {
			t.Fatalf("scale %g: a CJK form looks the same without its face: the face never reached the page", scale)
		}
		for k := range last {
			if !bytes.Equal(plain[k], extra[k]) {
				t.Errorf("scale %g: picture %d of Latin text changes when the page loads the CJK and Devanagari faces", scale, k)
			}
		}
	}
}

// renderAll renders jobs in a browser of its own at scale, started now
// (so that it reads the environment as it is), with the page head head,
// and returns the PNGs.
func renderAll(t *testing.T, jobs []render.Job, scale float64, head string) [][]byte {
	t.Helper()
	r, err := render.New(context.Background(), render.Options{Head: head, Fonts: Fonts(), Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return renderPNGs(t, r, jobs)
}

// renderPNGs renders jobs with r and returns their PNGs.
func renderPNGs(t *testing.T, r *render.Renderer, jobs []render.Job) [][]byte {
	t.Helper()
	res, err := r.Render(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]byte, len(res))
	for k := range res {
		out[k] = res[k].PNG
	}
	return out
}
