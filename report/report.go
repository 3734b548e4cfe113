// Package report writes the HTML report of gen score: one self-contained
// page (no file or network it needs besides itself) with the scores of
// every model in tables, and plots of accuracy against horizon per suite
// and family, of the order bias on temporal_order and of what the
// options the models chose do. The plots are drawn by gonum's plot
// package as SVG and embedded in the page.
package report

import (
	"cmp"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"

	"github.com/formplan/formplan/score"
)

// HTML writes the report of s to w; title names what was scored, such as
// the dataset directory. s must hold the detail cells (score.NewTally
// with detail).
func HTML(w io.Writer, s *score.Summary, title string) error {
	page, err := build(s, title)
	if err != nil {
		return err
	}
	if err := pageTemplate.Execute(w, page); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// page is what the template shows.
type page struct {
	Title   string
	Models  []string
	Suites  []suiteRow
	Horizon []figure
	Order   []figure
	Gaps    []score.Gap
	Chosen  []figure
	Open    []figure
}

// suiteRow is a line of the summary table.
type suiteRow struct {
	Suite   string
	Chance  string
	Entries []string // per model
}

// figure is one embedded plot.
type figure struct {
	Caption string
	Src     template.URL
}

func build(s *score.Summary, title string) (*page, error) {
	p := &page{Title: title, Models: runNames(s)}
	chance := s.Chance
	var suiteNames []string
	bySuite := map[string]map[string]score.Cell{}
	for _, c := range s.Suites {
		if c.Rotation != 0 {
			continue
		}
		su := c.Key["suite"]
		if bySuite[su] == nil {
			bySuite[su] = map[string]score.Cell{}
			suiteNames = append(suiteNames, su)
		}
		bySuite[su][runName(&c)] = c
	}
	slices.Sort(suiteNames)
	for _, su := range suiteNames {
		row := suiteRow{Suite: su, Chance: fmt.Sprintf("%.1f%%", 100*chance[su])}
		for _, m := range p.Models {
			c, ok := bySuite[su][m]
			if !ok {
				row.Entries = append(row.Entries, "-")
				continue
			}
			row.Entries = append(row.Entries, score.Entry(&c))
		}
		p.Suites = append(p.Suites, row)
	}
	var err error
	if p.Horizon, err = horizonFigures(s.Detail, suiteNames, p.Models, chance); err != nil {
		return nil, err
	}
	if p.Order, p.Gaps, err = orderFigure(s.Gaps); err != nil {
		return nil, err
	}
	if p.Chosen, err = chosenFigures(s.Choices, suiteNames, p.Models); err != nil {
		return nil, err
	}
	if p.Open, err = openFigures(bySuite, chance, suiteNames, p.Models); err != nil {
		return nil, err
	}
	return p, nil
}

// runName names a cell's run.
func runName(c *score.Cell) string { return c.Run().String() }

// runNames returns the runs of s in the order they first appear.
func runNames(s *score.Summary) []string {
	var out []string
	seen := map[string]bool{}
	for i := range s.Suites {
		if n := runName(&s.Suites[i]); !seen[n] && s.Suites[i].Rotation == 0 {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// dataURI embeds an SVG document.
func dataURI(svg []byte) template.URL {
	return template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
}

// horizonFigures plots, per suite and model, accuracy against horizon
// with a line per family.
func horizonFigures(cells []score.Cell, suiteNames, modelNames []string, chance map[string]float64) ([]figure, error) {
	var out []figure
	for _, s := range suiteNames {
		for _, m := range modelNames {
			var lines []line
			byFamily := map[string]int{}
			for _, c := range cells {
				if runName(&c) != m || c.Key["suite"] != s || c.Rotation != 0 {
					continue
				}
				h, err := strconv.Atoi(c.Key["horizon"])
				if err != nil {
					continue
				}
				f := c.Key["family"]
				k, ok := byFamily[f]
				if !ok {
					k = len(lines)
					byFamily[f] = k
					lines = append(lines, line{name: f})
				}
				l := &lines[k]
				l.x = append(l.x, float64(h))
				l.y = append(l.y, c.Accuracy)
				l.lo = append(l.lo, c.Low)
				l.hi = append(l.hi, c.High)
			}
			if len(lines) == 0 {
				continue
			}
			for k := range lines {
				sortByX(&lines[k])
			}
			slices.SortFunc(lines, func(a, b line) int { return cmp.Compare(a.name, b.name) })
			svg, err := linePlot(s+": "+m, "horizon", lines, chance[s])
			if err != nil {
				return nil, err
			}
			out = append(out, figure{Caption: fmt.Sprintf("%s, %s: accuracy against horizon per family, with 95%% intervals", s, m), Src: dataURI(svg)})
		}
	}
	return out, nil
}

// sortByX orders a line's points by x.
func sortByX(l *line) {
	idx := make([]int, len(l.x))
	for k := range idx {
		idx[k] = k
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(l.x[a], l.x[b]) })
	pick := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for k, i := range idx {
			out[k] = v[i]
		}
		return out
	}
	l.x, l.y, l.lo, l.hi = pick(l.x), pick(l.y), pick(l.lo), pick(l.hi)
}

// orderFigure plots temporal_order accuracy per model when the earlier
// picture comes first and when it comes second.
func orderFigure(gaps []score.Gap) ([]figure, []score.Gap, error) {
	if len(gaps) == 0 {
		return nil, nil, nil
	}
	var names []string
	first := bars{name: "earlier picture first"}
	second := bars{name: "earlier picture second"}
	for _, g := range gaps {
		name := g.Model
		if g.PromptStyle != "" || g.Setting != "" {
			name += " (" + g.PromptStyle + " " + g.Setting + ")"
		}
		names = append(names, name)
		for _, x := range []struct {
			b *bars
			r score.Rate
		}{{&first, g.EarlierFirst}, {&second, g.LaterFirst}} {
			x.b.values = append(x.b.values, x.r.Accuracy)
			x.b.lo = append(x.b.lo, x.r.Low)
			x.b.hi = append(x.b.hi, x.r.High)
		}
	}
	svg, err := barPlot("temporal_order: accuracy by picture order", "accuracy", names, []bars{first, second}, 0.5)
	if err != nil {
		return nil, nil, err
	}
	return []figure{{Caption: "temporal_order: accuracy when the earlier picture is shown first and second, with 95% intervals", Src: dataURI(svg)}}, gaps, nil
}

// chosenFigures plots, per suite, what the options each model chose do:
// the share of its replies per label kind.
func chosenFigures(choices []score.Choice, suiteNames, modelNames []string) ([]figure, error) {
	var out []figure
	for _, s := range suiteNames {
		var kinds []string
		for _, k := range score.Kinds {
			for _, c := range choices {
				if c.Suite == s && c.Counts[k] > 0 && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
		}
		var unknown []string // kinds of labels formplan does not know yet
		for _, c := range choices {
			for k := range c.Counts {
				if c.Suite == s && !slices.Contains(kinds, k) && !slices.Contains(unknown, k) {
					unknown = append(unknown, k)
				}
			}
		}
		slices.Sort(unknown) // not map order: the same scores give the same page
		kinds = append(kinds, unknown...)
		var series []bars
		for _, m := range modelNames {
			for _, c := range choices {
				if c.Suite != s || c.Run().String() != m {
					continue
				}
				b := bars{name: m}
				for _, k := range kinds {
					b.values = append(b.values, float64(c.Counts[k])/float64(c.N))
				}
				series = append(series, b)
			}
		}
		if len(series) == 0 {
			continue
		}
		svg, err := barPlot(s+": what the chosen option does", "share of replies", kinds, series, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, figure{Caption: s + ": share of replies choosing an option of each kind (from option_labels)", Src: dataURI(svg)})
	}
	return out, nil
}

// openFigures plots, per open-ended suite, the mean of each of its
// measures per model (see score.Open) from the cells by suite and model,
// with the chance of the main one.
func openFigures(bySuite map[string]map[string]score.Cell, chance map[string]float64, suiteNames, modelNames []string) ([]figure, error) {
	var out []figure
	for _, s := range suiteNames {
		var names []string
		for _, k := range score.MetricOrder {
			if k == "repeats" {
				continue
			}
			for _, c := range bySuite[s] {
				if _, ok := c.Metrics[k]; ok {
					names = append(names, k)
					break
				}
			}
		}
		if len(names) == 0 {
			continue
		}
		var series []bars
		for _, m := range modelNames {
			c, ok := bySuite[s][m]
			if !ok {
				continue
			}
			b := bars{name: m}
			for _, k := range names {
				b.values = append(b.values, c.Metrics[k])
			}
			series = append(series, b)
		}
		svg, err := barPlot(s+": measures", "mean over replies", names, series, chance[s])
		if err != nil {
			return nil, err
		}
		out = append(out, figure{Caption: s + ": the mean of each measure per model (efficiency over successful plans, in_box over click points); the dashed line is the chance of the main measure for a reader of the text alone", Src: dataURI(svg)})
	}
	return out, nil
}
