package datarow

import (
	"bytes"
	stdjson "encoding/json"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/suites"
)

// TestMetadataAsEncodingJSON builds questions of every suite, in settings
// that fill every field of the metadata (both protocols, conditional and
// mixed families, the open-ended suites), and checks that Of's metadata
// column holds the bytes encoding/json writes for them: the rows' JSON is
// encoding/json's, whichever encoder writes it.
func TestMetadataAsEncodingJSON(t *testing.T) {
	fams := testforms.Every(t)
	settings := []suites.Spec{
		{Seed: 1, Families: forms.Defaults()},
		{Seed: 2, Families: forms.Defaults(), Protocol: suites.Paper},
		{Seed: 3, Families: fams, Choices: 3, Horizon: suites.Range{Min: 1, Max: 6}},
	}
	rows := 0
	for _, s := range suites.DrawnSuites() {
		for _, sp := range settings {
			var err error
			if sp.Horizons, err = suites.Fit(s, &sp, false); err != nil {
				continue // a setting the suite refuses
			}
			for i := int64(0); i < 12; i++ {
				q, err := s.Build(&sp, i)
				if err != nil {
					t.Fatal(err)
				}
				r, err := Of(&q, sp.Seed, "test")
				if err != nil {
					t.Fatal(err)
				}
				want, err := stdjson.Marshal(q.Meta)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal([]byte(r.Metadata), want) {
					t.Fatalf("%s %d: metadata\n%s\nwant encoding/json's\n%s", s.Name, i, r.Metadata, want)
				}
				rows++
			}
		}
	}
	if rows < 12*len(suites.DrawnSuites())*2 {
		t.Errorf("only %d rows compared", rows)
	}
	t.Logf("%d rows compared", rows)
}
