package report

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

func init() {
	// PDFs carry a creation date; a fixed one keeps the same scores'
	// figures byte for byte the same.
	fpdf.SetDefaultCreationDate(time.Unix(0, 0).UTC())
	fpdf.SetDefaultModificationDate(time.Unix(0, 0).UTC())
}

// series is one run's data in a chart: points (x, y) with 95% intervals
// [lo, hi] for a line chart, a value per category for a bar chart (x
// unused, lo and hi nil for none).
type series struct {
	name      string
	x, y      []float64
	lo, hi    []float64
	noneThere []bool // per category: the run has no value there
}

// chart is one figure: a line chart of a measure against horizon, or a
// bar chart with a group of bars (one per run) per category.
type chart struct {
	name       string // file name without extension, such as "edge_case-accuracy"
	title      string
	caption    string
	xlabel     string
	ylabel     string
	bars       bool
	categories []string // bar charts: the groups, in order
	series     []series
	chance     float64 // drawn as a dashed grey line when > 0
}

// The size of a chart's plot area and of the legend beside it, in points.
const (
	plotW, plotH = 360, 250
	legendPad    = 8
)

// withErrors pairs points with their error bars for plotter.NewYErrorBars.
type withErrors struct {
	plotter.XYs
	plotter.YErrors
}

// render draws c as SVG or PDF ("svg", "pdf"), its legend to the right
// of the plot, outside the data.
func (c *chart) render(pal *palette, format string) ([]byte, error) {
	p, leg, err := c.plot(pal)
	if err != nil {
		return nil, err
	}
	names := c.legendNames()
	legW := legendWidth(leg, names)
	// A legend longer than the plot is tall makes the figure taller, the
	// plot keeping its size at the top.
	w, h := vg.Points(plotW)+legW, max(vg.Points(plotH), legendHeight(leg, len(names)))
	var canvas vg.CanvasWriterTo
	switch format {
	case "svg":
		canvas = vgsvg.New(w, h)
	case "pdf":
		canvas = vgpdf.New(w, h)
	default:
		return nil, fmt.Errorf("report: no format %q", format)
	}
	dc := draw.New(canvas)
	// A margin round the plot: a text's box reaches a little past its
	// letters, and must stay in the picture.
	const margin = vg.Length(3)
	p.Draw(draw.Crop(dc, margin, -legW, h-vg.Points(plotH)+margin, -margin))
	leg.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: vg.Points(plotW) + legendPad, Y: 0},
		Max: vg.Point{X: w, Y: h - legendPad},
	}})
	var b bytes.Buffer
	if _, err := canvas.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("report: %s %s: %w", c.name, format, err)
	}
	return b.Bytes(), nil
}

// legendNames are the texts of c's legend entries.
func (c *chart) legendNames() []string {
	var out []string
	for _, s := range c.series {
		out = append(out, s.name)
	}
	if c.chance > 0 {
		out = append(out, chanceText(c.chance))
	}
	return out
}

func chanceText(x float64) string { return fmt.Sprintf("chance %.0f%%", 100*x) }

// legendWidth is the room the legend takes: its longest entry, the
// thumbnail and padding.
func legendWidth(leg plot.Legend, names []string) vg.Length {
	var w vg.Length
	for _, n := range names {
		w = max(w, leg.TextStyle.Width(n))
	}
	return w + leg.ThumbnailWidth + 3*legendPad
}

// legendHeight is the room n legend entries take, with padding.
func legendHeight(leg plot.Legend, n int) vg.Length {
	return vg.Length(n)*(leg.TextStyle.Height("Xg")+leg.Padding) + 2*legendPad
}

// plot builds the plot of c and its legend, apart.
func (c *chart) plot(pal *palette) (*plot.Plot, plot.Legend, error) {
	p := plot.New()
	p.Title.Text = c.title
	p.X.Label.Text = c.xlabel
	p.Y.Label.Text = c.ylabel
	p.Y.Min, p.Y.Max = 0, 1.02
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25, Label: "0.25"},
		{Value: 0.5, Label: "0.5"}, {Value: 0.75, Label: "0.75"}, {Value: 1, Label: "1"}})
	p.Add(plotter.NewGrid())
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = vg.Points(10)
	leg.Padding = vg.Points(4) // rows of text as far apart as their boxes are tall
	var err error
	if c.bars {
		err = c.addBars(p, &leg, pal)
	} else {
		err = c.addLines(p, &leg, pal)
	}
	if err != nil {
		return nil, leg, err
	}
	if c.chance > 0 {
		f := plotter.NewFunction(func(float64) float64 { return c.chance })
		f.Color = color.Gray{Y: 120}
		f.Width = vg.Points(1)
		f.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(f)
		leg.Add(chanceText(c.chance), f)
	}
	return p, leg, nil
}

// addLines draws a line per series with its error bars, each series
// nudged sideways a little so that intervals at one x do not cover one
// another.
func (c *chart) addLines(p *plot.Plot, leg *plot.Legend, pal *palette) error {
	minX, maxX := 0.0, 0.0
	first := true
	n := len(c.series)
	for i, s := range c.series {
		st := pal.styles[s.name]
		nudge := 0.0
		if n > 1 {
			nudge = (float64(i) - float64(n-1)/2) * 0.3 / float64(n)
		}
		pts := make(plotter.XYs, len(s.x))
		errs := make(plotter.YErrors, len(s.x))
		for k := range s.x {
			pts[k] = plotter.XY{X: s.x[k] + nudge, Y: s.y[k]}
			errs[k].Low, errs[k].High = s.y[k]-s.lo[k], s.hi[k]-s.y[k]
			if first || s.x[k] < minX {
				minX = s.x[k]
			}
			if first || s.x[k] > maxX {
				maxX = s.x[k]
			}
			first = false
		}
		ln, pt, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("report: %s: %w", c.name, err)
		}
		ln.Color, pt.Color = st.colour, st.colour
		ln.Dashes = st.dashes
		ln.Width = vg.Points(1.5)
		pt.Radius = vg.Points(2.5)
		eb, err := plotter.NewYErrorBars(withErrors{pts, errs})
		if err != nil {
			return fmt.Errorf("report: %s: %w", c.name, err)
		}
		eb.Color = st.colour
		p.Add(ln, pt, eb)
		leg.Add(s.name, ln, pt)
	}
	p.X.Min, p.X.Max = minX-0.5, maxX+0.5
	p.X.Tick.Marker = integerTicks{}
	return nil
}

// integerTicks marks every whole number of the axis.
type integerTicks struct{}

// Ticks returns a tick at every integer from min to max.
func (integerTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for x := float64(int(min)); x <= max; x++ {
		if x >= min {
			out = append(out, plot.Tick{Value: x, Label: fmt.Sprint(x)})
		}
	}
	return out
}

// addBars draws a group of bars per category, one per series, with the
// category names wrapped to fit their slot.
func (c *chart) addBars(p *plot.Plot, leg *plot.Legend, pal *palette) error {
	n := len(c.series)
	step := 0.8 / float64(max(n, 1))
	slot := float64(plotW-70) / float64(len(c.categories)) // points per category
	w := vg.Points(0.8 * slot / float64(max(n, 1)))
	for i, s := range c.series {
		st := pal.styles[s.name]
		off := (float64(i) - float64(n-1)/2) * step
		b, err := plotter.NewBarChart(plotter.Values(s.y), w)
		if err != nil {
			return fmt.Errorf("report: %s: %w", c.name, err)
		}
		b.Color = st.colour
		b.LineStyle.Width = 0
		if st.baseline {
			b.LineStyle.Width = vg.Points(0.8)
			b.LineStyle.Color = color.Black
			b.LineStyle.Dashes = []vg.Length{vg.Points(2), vg.Points(1.5)}
		}
		b.XMin = off
		p.Add(b)
		leg.Add(s.name, b)
		if s.lo != nil {
			pts := make(plotter.XYs, len(s.y))
			errs := make(plotter.YErrors, len(s.y))
			for k, v := range s.y {
				pts[k] = plotter.XY{X: float64(k) + off, Y: v}
				errs[k].Low, errs[k].High = v-s.lo[k], s.hi[k]-v
			}
			eb, err := plotter.NewYErrorBars(withErrors{pts, errs})
			if err != nil {
				return fmt.Errorf("report: %s: %w", c.name, err)
			}
			eb.LineStyle.Color = color.Black
			eb.CapWidth = min(vg.Points(4), w)
			p.Add(eb)
		}
	}
	// Wrap each name to its slot: about one character per 5.5 points at
	// the tick labels' 10 points.
	width := max(6, int(slot/5.5))
	names := make([]string, len(c.categories))
	for k, cat := range c.categories {
		names[k] = wrap(cat, width)
	}
	p.NominalX(names...)
	if plain, ok := p.X.Tick.Label.Handler.(text.Plain); ok {
		p.X.Tick.Label.Handler = spaced{plain}
	}
	p.X.Min, p.X.Max = -0.6, float64(len(c.categories))-0.4
	return nil
}

// wrap breaks s into lines of at most width characters at spaces (a
// longer word keeps a line of its own).
func wrap(s string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// spaced is a text handler that sets the lines of a multi-line label one
// font height apart, as text.Style measures their box; text.Plain steps
// by the font size alone, so that its lines sit closer than their boxes.
type spaced struct{ text.Plain }

// Draw draws txt's lines from the top of its box down, each line aligned
// as sty says.
func (h spaced) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	lines := h.Lines(txt)
	if len(lines) < 2 || sty.Rotation != 0 {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	face := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	e := face.Extents()
	ht := sty.Height(txt)
	top := pt.Y + ht*vg.Length(sty.YAlign) + ht
	c.SetColor(sty.Color)
	for i, line := range lines {
		x := pt.X + vg.Length(sty.XAlign)*face.Width(line)
		c.FillString(face, vg.Point{X: x, Y: top - e.Ascent - vg.Length(i)*e.Height}, line)
	}
}
