package score

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// AttributionHeader names the columns of AttributionRow.
var AttributionHeader = []string{"suite", "family", "horizon", "run", "pairs", "perception right", "plan | perception right", "plan | misreading", "errors after a misreading"}

// AttributionRow is an attribution as the tables show it: its cell, its
// run as the caller names it, the pairs counted (and how many were answered
// with only some probes) and each share in % with its 95% interval and n.
func AttributionRow(a *Attribution, run string) []string {
	pairs := strconv.Itoa(a.Pairs)
	if a.Partial > 0 {
		pairs += fmt.Sprintf(" (+%d partial)", a.Partial)
	}
	return []string{a.Suite, a.Family, strconv.Itoa(a.Horizon), run, pairs,
		shareText(a.Perception), shareText(a.GivenRight), shareText(a.GivenMisread), shareText(a.ErrorsMisread)}
}

// GapHeader names the columns of GapRow.
var GapHeader = []string{"suite", "family", "horizon", "run", "n", "picture", "caption", "gap", "95% CI"}

// GapRow is a perception gap as the tables show it: its cell, the
// picture run as the caller names it, the questions both settings answered, each setting's
// accuracy in %, and the gap in points with its 95% interval.
func GapRow(g *PerceptionGap, run string) []string {
	return []string{g.Suite, g.Family, strconv.Itoa(g.Horizon), run, strconv.Itoa(g.Picture.N),
		strconv.FormatFloat(100*g.Picture.Accuracy, 'f', 1, 64), strconv.FormatFloat(100*g.Caption.Accuracy, 'f', 1, 64),
		fmt.Sprintf("%+.1f", 100*g.Gap), fmt.Sprintf("[%+.1f, %+.1f]", 100*g.Low, 100*g.High)}
}

// shareText words a share: "92.0% [88.1, 94.6] n=200", or "- n=0" for a
// share of nothing.
func shareText(r Rate) string {
	if r.N == 0 {
		return "- n=0"
	}
	return rateText(r)
}

// protocolName names a run and its protocol as OverallName does.
func protocolName(r Run, protocol string) string {
	if protocol == "" {
		return r.String()
	}
	return r.String() + " protocol " + protocol
}

// writeAttribution writes the attribution table and the perception gaps
// of s, each only when it has lines.
func writeAttribution(w io.Writer, s *Summary) error {
	if len(s.Attribution) > 0 {
		fmt.Fprintln(w, "\nAttribution, planning rows with their perception probes (perception right: every probe right)")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(AttributionHeader, "\t"))
		for i := range s.Attribution {
			fmt.Fprintln(tw, strings.Join(AttributionRow(&s.Attribution[i], protocolName(s.Attribution[i].Run(), s.Attribution[i].Protocol)), "\t"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(s.PerceptionGaps) > 0 {
		fmt.Fprintln(w, "\nPerception gap, the same questions from the caption and from the picture (gap: caption - picture, points)")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(GapHeader, "\t"))
		for i := range s.PerceptionGaps {
			fmt.Fprintln(tw, strings.Join(GapRow(&s.PerceptionGaps[i], protocolName(s.PerceptionGaps[i].Run(), s.PerceptionGaps[i].Protocol)), "\t"))
		}
		return tw.Flush()
	}
	return nil
}
