package suites

import (
	"slices"

	"github.com/formplan/formplan/rowcheck"
)

// checkProbe checks a row of the probes suite: its record names an
// element of the form and a Yes/No kind it can take, its answer is what
// the pictured state gives (ProbeAnswer), the question words the record,
// and the options and labels are Yes and No with the answer correct.
// That the row shows its planning row's picture is checked across rows
// (package verify, by pair_id).
func checkProbe(r *rowcheck.Row) {
	row, m := r.Col, r.Meta
	p := m.Probe
	if p == nil {
		r.Addf("probes row without a probe record in its metadata")
		return
	}
	if !YesNoProbe(p.Kind) {
		r.Addf("probe kind %q is not a Yes/No kind", p.Kind)
		return
	}
	if len(m.Pictures) != 1 || !m.Pictures[0].Equal(m.Start) {
		r.Addf("a probe shows one picture, its start")
		return
	}
	want, err := ProbeAnswer(&m.Form, m.Start, p)
	if err != nil {
		r.Addf("probe: %v", err)
		return
	}
	if row.Answer != want || m.Answer != want {
		r.Addf("answer %q (metadata %q), but the pictured state gives %s", row.Answer, m.Answer, want)
	}
	text, err := probeQuestion(&m.Form, p)
	if err != nil || !(row.Question == text || len(row.Question) > len(text) && row.Question[len(row.Question)-len(text)-1:] == "\n"+text) {
		r.Addf("question does not word the probe: want it to end %q", text)
	}
	if !slices.Equal(row.Choices, []string{"Yes", "No"}) || !slices.Equal(row.OptionLabels, probeLabels(want == "Yes")) {
		r.Addf("options %q labelled %q, want Yes and No with %s correct", row.Choices, row.OptionLabels, want)
	}
	if row.ImageNeeded == nil || !*row.ImageNeeded {
		r.Addf("image_needed is not true: a probe asks what the picture shows")
	}
	if p.Kind == "holds" && p.Value == "" {
		r.Addf("a holds probe asks about no value")
	}
}
