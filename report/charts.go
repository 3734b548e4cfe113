package report

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/formplan/formplan/score"
	"github.com/formplan/formplan/suites"
)

// lineName names a cell's run in charts and tables, with its protocol
// where it has one: scores under two protocols are two lines.
func lineName(r score.Run, protocol string) string {
	if protocol != "" {
		return r.String() + " [" + protocol + "]"
	}
	return r.String()
}

// mainMeasure names what a suite's accuracy is: the main measure of how
// the suite judges a reply (suites.Scoring), accuracy for a suite the
// registry does not know.
func mainMeasure(suite string) string {
	s, _ := suites.Lookup(suite)
	return s.Scoring.Measures()[0]
}

// horizonCharts returns a chart per suite of its main measure against
// horizon, a line per run (families together, the dataset's own order of
// options), with chance.
func horizonCharts(s *score.Summary, suiteNames, runs []string) []chart {
	type key struct {
		run, suite string
		horizon    int
	}
	type sum struct{ right, n int }
	sums := map[key]*sum{}
	for i := range s.Detail {
		c := &s.Detail[i]
		if c.Rotation != 0 {
			continue
		}
		h, err := strconv.Atoi(c.Key["horizon"])
		if err != nil {
			continue
		}
		k := key{lineName(c.Run(), c.Protocol), c.Key["suite"], h}
		if sums[k] == nil {
			sums[k] = &sum{}
		}
		sums[k].right += c.Correct
		sums[k].n += c.N
	}
	var out []chart
	for _, su := range suiteNames {
		ch := chart{name: su + "-" + mainMeasure(su), title: su + ": " + mainMeasure(su) + " by horizon",
			xlabel: "horizon", ylabel: mainMeasure(su), chance: s.Chance[su],
			caption: su + ": " + mainMeasure(su) + " against horizon, a line per run (every family together), with 95% Wilson intervals; baselines dashed, chance dotted grey"}
		for _, run := range runs {
			sr := series{name: run}
			for k := range sums {
				if k.run == run && k.suite == su {
					sr.x = append(sr.x, float64(k.horizon))
				}
			}
			if len(sr.x) == 0 {
				continue
			}
			slices.Sort(sr.x)
			for _, x := range sr.x {
				v := sums[key{run, su, int(x)}]
				lo, hi := score.Wilson(v.right, v.n)
				sr.y = append(sr.y, float64(v.right)/float64(v.n))
				sr.lo, sr.hi = append(sr.lo, lo), append(sr.hi, hi)
			}
			ch.series = append(ch.series, sr)
		}
		if len(ch.series) > 0 {
			out = append(out, ch)
		}
	}
	return out
}

// measureCharts returns, per open-ended suite, a bar chart of the mean of
// each of its measures, a bar per run.
func measureCharts(s *score.Summary, suiteNames, runs []string) []chart {
	var out []chart
	for _, su := range suiteNames {
		cells := map[string]*score.Cell{}
		for i := range s.Suites {
			c := &s.Suites[i]
			if c.Key["suite"] == su && c.Rotation == 0 && c.Metrics != nil {
				cells[lineName(c.Run(), c.Protocol)] = c
			}
		}
		var names []string
		for _, k := range score.MetricOrder {
			if k == "repeats" {
				continue
			}
			for _, c := range cells {
				if _, ok := c.Metrics[k]; ok {
					names = append(names, k)
					break
				}
			}
		}
		if len(names) == 0 {
			continue
		}
		ch := chart{name: su + "-measures", title: su + ": every measure", ylabel: "mean over replies", bars: true, categories: names,
			chance: s.Chance[su], caption: su + ": the mean of each measure, a bar per run (efficiency over successful plans, in_box over click points); " +
				"the dotted line is what a reader of the text alone scores at most on the main measure, " + mainMeasure(su)}
		for _, run := range runs {
			c, ok := cells[run]
			if !ok {
				continue
			}
			sr := series{name: run}
			for _, k := range names {
				sr.y = append(sr.y, c.Metrics[k])
			}
			ch.series = append(ch.series, sr)
		}
		out = append(out, ch)
	}
	return out
}

// orderChart returns the accuracy of every run on temporal_order when the
// earlier picture is shown first and when it is shown second.
func orderChart(s *score.Summary) []chart {
	if len(s.Gaps) == 0 {
		return nil
	}
	ch := chart{name: "temporal_order-order", title: "temporal_order: accuracy by picture order", ylabel: "accuracy", bars: true,
		categories: []string{"earlier picture first", "earlier picture second"}, chance: 0.5,
		caption: "temporal_order: accuracy when the earlier picture is shown first and when second, a bar per run, with 95% intervals; a model that reads the pictures has no gap"}
	for _, g := range s.Gaps {
		r := score.Run{Model: g.Model, PromptStyle: g.PromptStyle, Setting: g.Setting}
		ch.series = append(ch.series, series{name: r.String(),
			y:  []float64{g.EarlierFirst.Accuracy, g.LaterFirst.Accuracy},
			lo: []float64{g.EarlierFirst.Low, g.LaterFirst.Low}, hi: []float64{g.EarlierFirst.High, g.LaterFirst.High}})
	}
	return []chart{ch}
}

// chosenCharts returns, per suite with options, the share of each run's
// replies that chose an option of each kind (from option_labels).
func chosenCharts(s *score.Summary, suiteNames []string) []chart {
	var out []chart
	for _, su := range suiteNames {
		var kinds []string
		for _, k := range score.Kinds {
			for _, c := range s.Choices {
				if c.Suite == su && c.Counts[k] > 0 && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
		}
		var unknown []string // kinds of labels formplan does not know yet
		for _, c := range s.Choices {
			for k := range c.Counts {
				if c.Suite == su && !slices.Contains(kinds, k) && !slices.Contains(unknown, k) {
					unknown = append(unknown, k)
				}
			}
		}
		slices.Sort(unknown) // not map order: the same scores give the same page
		kinds = append(kinds, unknown...)
		ch := chart{name: su + "-chosen", title: su + ": what the chosen option does", ylabel: "share of replies", bars: true, categories: kinds,
			caption: su + ": the share of each run's replies that chose an option of each kind (from option_labels), a bar per run"}
		for _, c := range s.Choices {
			if c.Suite != su {
				continue
			}
			sr := series{name: c.Run().String()}
			for _, k := range kinds {
				sr.y = append(sr.y, float64(c.Counts[k])/float64(c.N))
			}
			ch.series = append(ch.series, sr)
		}
		if len(ch.series) > 0 {
			out = append(out, ch)
		}
	}
	return out
}

// overallChart returns every run's micro and macro score over the suites
// it answered (the dataset's own order of options), with 95% intervals.
func overallChart(s *score.Summary) []chart {
	ch := chart{name: "overall", title: "Overall: every suite", ylabel: "accuracy", bars: true,
		categories: []string{"micro (every reply)", "macro (every suite)"},
		caption:    "Every run's score over the suites it answered: micro counts every reply the same, macro every suite; with 95% intervals (Wilson; MOVER for macro)"}
	for _, o := range s.Overall {
		if o.Rotation != 0 {
			continue
		}
		ch.series = append(ch.series, series{name: lineName(o.Run(), o.Protocol),
			y:  []float64{o.Micro.Accuracy, o.Macro.Value},
			lo: []float64{o.Micro.Low, o.Macro.Low}, hi: []float64{o.Micro.High, o.Macro.High}})
	}
	if len(ch.series) == 0 {
		return nil
	}
	return []chart{ch}
}

// runLines returns the runs of s as charts name them, in the order they
// first appear, with the run each stands for.
func runLines(s *score.Summary) ([]string, []score.Run) {
	var names []string
	var runs []score.Run
	for i := range s.Suites {
		c := &s.Suites[i]
		if n := lineName(c.Run(), c.Protocol); !slices.Contains(names, n) {
			names = append(names, n)
			runs = append(runs, c.Run())
		}
	}
	return names, runs
}

// suitesOf returns the suites of s, sorted.
func suitesOf(s *score.Summary) []string {
	var out []string
	for i := range s.Suites {
		if su := s.Suites[i].Key["suite"]; !slices.Contains(out, su) {
			out = append(out, su)
		}
	}
	slices.SortFunc(out, cmp.Compare)
	return out
}
