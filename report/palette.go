package report

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/formplan/formplan/score"
)

// style is how a run is drawn in every chart: its colour, and for a
// reference responder (a baseline) a dashed line.
type style struct {
	colour   color.Color
	dashes   []vg.Length
	baseline bool
}

// okabeIto is the Okabe-Ito palette, told apart with any colour vision:
// the models' colours.
var okabeIto = []color.Color{
	color.RGBA{0x00, 0x72, 0xB2, 0xff}, // blue
	color.RGBA{0xD5, 0x5E, 0x00, 0xff}, // vermilion
	color.RGBA{0x00, 0x9E, 0x73, 0xff}, // bluish green
	color.RGBA{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	color.RGBA{0xE6, 0x9F, 0x00, 0xff}, // orange
	color.RGBA{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	color.RGBA{0xF0, 0xE4, 0x42, 0xff}, // yellow
	color.RGBA{0x00, 0x00, 0x00, 0xff}, // black
}

// baselineColours are the reference responders' colours, greys and
// browns that no model takes.
var baselineColours = map[string]color.Color{
	"oracle":     color.RGBA{0x33, 0x33, 0x33, 0xff},
	"always-A":   color.RGBA{0x8C, 0x6D, 0x46, 0xff},
	"always-yes": color.RGBA{0xA6, 0x86, 0x5F, 0xff},
	"always-no":  color.RGBA{0x6B, 0x52, 0x33, 0xff},
	"random":     color.RGBA{0x99, 0x99, 0x99, 0xff},
	"set-all":    color.RGBA{0x6F, 0x6F, 0x6F, 0xff},
}

// palette gives every run of a report its style, the same in every chart:
// models take the Okabe-Ito colours in the order they first appear
// (with dashes once the colours run out), reference responders grey
// dashed lines.
type palette struct {
	runs   []string
	styles map[string]style
}

// newPalette gives each of names, the line names of runs, its style; a
// run's own name (without its protocol) takes the style of its first line.
func newPalette(names []string, runs []score.Run) *palette {
	p := &palette{styles: map[string]style{}}
	models := 0
	for k, name := range names {
		r := runs[k]
		if _, ok := p.styles[name]; ok {
			continue
		}
		p.runs = append(p.runs, name)
		var s style
		if c, ok := baselineColours[r.Model]; ok && slices.Contains(score.Responders, r.Model) {
			s = style{colour: c, dashes: []vg.Length{vg.Points(5), vg.Points(3)}, baseline: true}
		} else {
			s = style{colour: okabeIto[models%len(okabeIto)]}
			if k := models / len(okabeIto); k > 0 {
				s.dashes = []vg.Length{vg.Points(float64(2 + 2*k)), vg.Points(2)}
			}
			models++
		}
		p.styles[name] = s
		if _, ok := p.styles[r.String()]; !ok {
			p.styles[r.String()] = s
		}
	}
	return p
}
