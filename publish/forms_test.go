package publish

import (
	"bytes"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestWriteForms checks the card's table of families: built-ins described,
// a custom family pointed at its metadata, and the note on conditions.
func TestWriteForms(t *testing.T) {
	stats := []*suiteStats{
		{name: "edge_case", rowCounts: rowCounts{byHorizon: map[string]map[int64]int64{"radio_slider": {2: 5}, "donation": {1: 3}}}},
		{name: "future_state", rowCounts: rowCounts{byHorizon: map[string]map[int64]int64{"checkboxes": {1: 5}}}},
	}
	var b bytes.Buffer
	writeForms(&b, stats)
	got := b.String()
	for _, want := range []string{
		"| `checkboxes` | 3 to 8 checkboxes",
		"| `donation` | a family from the generator's config",
		"| `radio_slider` | three radio buttons, the last of which enables a slider",
		"**conditional**",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("card's forms section lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "`checkboxes`") > strings.Index(got, "`donation`") {
		t.Error("families are not in name order")
	}
}

// TestEveryBuiltinAbout checks that the card describes every built-in
// family in words, not as a config's.
func TestEveryBuiltinAbout(t *testing.T) {
	for _, f := range forms.Builtins() {
		if builtinAbout[f.Name] == "" {
			t.Errorf("builtinAbout lacks the built-in family %s", f.Name)
		}
	}
}
