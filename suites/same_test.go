package suites

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/golden"

	"github.com/formplan/formplan/forms"
)

// TestSameQuestions builds the first questions of every suite in a few
// settings (the defaults, 2 and 8 options, long horizons, the seed paper's
// protocol) and compares a hash of each setting's questions with
// testdata/questions.sha256. The same seed must give the same questions:
// a change that makes the builders faster must leave the hashes alone.
// A change meant to alter the questions rewrites the file with
// go test ./suites -run TestSameQuestions -update, and says so.
func TestSameQuestions(t *testing.T) {
	checkboxes := []forms.Family{*forms.Builtin("checkboxes")}
	settings := []struct {
		name string
		sp   Spec
	}{
		{"defaults", Spec{}},
		{"2 options", Spec{Choices: 2}},
		{"8 options", Spec{Choices: 8}},
		{"horizons 5-8", Spec{Horizon: Range{Min: 5, Max: 8}}},
		{"checkboxes, 6 options, horizons 5-7", Spec{Choices: 6, Horizon: Range{Min: 5, Max: 7}, Families: checkboxes}},
		{"paper protocol", Spec{Protocol: Paper}},
	}
	var got strings.Builder
	for _, s := range DrawnSuites() {
		for _, set := range settings {
			sp := set.sp
			sp.Seed = 3
			if sp.Families == nil {
				sp.Families = forms.Defaults()
			}
			var err error
			if sp.Horizons, err = Fit(s, &sp, false); err != nil {
				fmt.Fprintf(&got, "%s, %s: refused\n", s.Name, set.name)
				continue
			}
			sp.Mix = Even(int64(max(12, 3*len(sp.Families))), len(sp.Families))
			h := sha256.New()
			for i := range sp.Total() {
				q, err := s.Build(&sp, i)
				if err != nil {
					t.Fatalf("%s, %s, question %d: %v", s.Name, set.name, i, err)
				}
				b, err := json.Marshal(q)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(b)
			}
			fmt.Fprintf(&got, "%s, %s: %d questions %x\n", s.Name, set.name, sp.Total(), h.Sum(nil)[:12])
		}
	}
	golden.Check(t, filepath.Join("testdata", "questions.sha256"), []byte(got.String()))
}
