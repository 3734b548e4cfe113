package report

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// line is one series of a line plot: accuracies with their 95% intervals.
type line struct {
	name   string
	x      []float64
	y      []float64
	lo, hi []float64
}

// withErrors pairs points with their error bars for plotter.NewYErrorBars.
type withErrors struct {
	plotter.XYs
	plotter.YErrors
}

// size of every plot.
const plotW, plotH = 380, 270

// svg renders p as SVG.
func svg(p *plot.Plot) ([]byte, error) {
	w, err := p.WriterTo(vg.Points(plotW), vg.Points(plotH), "svg")
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return b.Bytes(), nil
}

// newPlot returns a plot of accuracy (0 to 1) with a title.
func newPlot(title, xlabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "accuracy"
	// Room above 1 for the legend, so that it never hides a line.
	p.Y.Min, p.Y.Max = 0, 1.35
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25, Label: "0.25"},
		{Value: 0.5, Label: "0.5"}, {Value: 0.75, Label: "0.75"}, {Value: 1, Label: "1"}})
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	return p
}

// addChance draws the accuracy of a uniform guess as a dashed grey line.
func addChance(p *plot.Plot, chance float64) {
	f := plotter.NewFunction(func(float64) float64 { return chance })
	f.Color = color.Gray{Y: 128}
	f.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(f)
	p.Legend.Add(fmt.Sprintf("chance %.0f%%", 100*chance), f)
}

// linePlot draws accuracy against x, a line per series with 95% error bars.
func linePlot(title, xlabel string, lines []line, chance float64) ([]byte, error) {
	p := newPlot(title, xlabel)
	minX, maxX := 0.0, 1.0
	for i, l := range lines {
		pts := make(plotter.XYs, len(l.x))
		errs := make(plotter.YErrors, len(l.x))
		for k := range l.x {
			pts[k] = plotter.XY{X: l.x[k], Y: l.y[k]}
			errs[k].Low, errs[k].High = l.y[k]-l.lo[k], l.hi[k]-l.y[k]
			if i == 0 && k == 0 || l.x[k] < minX {
				minX = l.x[k]
			}
			maxX = max(maxX, l.x[k])
		}
		ln, pt, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		ln.Color, pt.Color = plotutil.Color(i), plotutil.Color(i)
		pt.Shape = plotutil.Shape(i)
		eb, err := plotter.NewYErrorBars(withErrors{pts, errs})
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		eb.Color = plotutil.Color(i)
		p.Add(ln, pt, eb)
		p.Legend.Add(l.name, ln, pt)
	}
	p.X.Min, p.X.Max = minX-0.5, maxX+0.5
	p.X.Tick.Marker = integerTicks{}
	addChance(p, chance)
	return svg(p)
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

// bars is one group of a grouped bar chart: a value per category, with
// optional 95% intervals.
type bars struct {
	name   string
	values []float64
	lo, hi []float64 // nil for none
}

// barPlot draws a grouped bar chart: a group of bars per category, a bar
// per series in each.
func barPlot(title, ylabel string, categories []string, series []bars, chance float64) ([]byte, error) {
	p := newPlot(title, "")
	p.Y.Label.Text = ylabel
	// Series i sits at category k + offset(i), in data units.
	step := 0.8 / float64(len(series))
	w := vg.Points(0.8 * float64(plotW-90) / float64(len(categories)*len(series)+len(categories)))
	for i, s := range series {
		off := (float64(i) - float64(len(series)-1)/2) * step
		b, err := plotter.NewBarChart(plotter.Values(s.values), w)
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Width = 0
		b.XMin = off
		p.Add(b)
		p.Legend.Add(s.name, b)
		if s.lo != nil {
			pts := make(plotter.XYs, len(s.values))
			errs := make(plotter.YErrors, len(s.values))
			for k, v := range s.values {
				pts[k] = plotter.XY{X: float64(k) + off, Y: v}
				errs[k].Low, errs[k].High = v-s.lo[k], s.hi[k]-v
			}
			eb, err := plotter.NewYErrorBars(withErrors{pts, errs})
			if err != nil {
				return nil, fmt.Errorf("report: %w", err)
			}
			eb.LineStyle.Color = color.Black
			p.Add(eb)
		}
	}
	p.NominalX(categories...)
	if chance > 0 {
		addChance(p, chance)
	}
	p.X.Min, p.X.Max = -0.6, float64(len(categories))-0.4
	return svg(p)
}
