package main

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestCitation: CITATION.cff names this generator's version and its date,
// which croissant.json gives as version and datePublished.
func TestCitation(t *testing.T) {
	raw, err := os.ReadFile("../../CITATION.cff")
	if err != nil {
		t.Fatal(err)
	}
	var cff struct {
		CFF      string `json:"cff-version"`
		Title    string `json:"title"`
		Version  string `json:"version"`
		Released string `json:"date-released"`
		Authors  []struct {
			Name string `json:"name"`
		} `json:"authors"`
	}
	if err := yaml.Unmarshal(raw, &cff); err != nil {
		t.Fatal(err)
	}
	if cff.CFF != "1.2.0" || cff.Title == "" || len(cff.Authors) == 0 || cff.Version != version || cff.Released != versionDate {
		t.Errorf("CITATION.cff: %+v; want version %s of %s", cff, version, versionDate)
	}
	for _, tc := range []struct{ env, want, err string }{
		{"", versionDate, ""},
		{"0", "1970-01-01", ""},
		{"1764288000", "2025-11-28", ""},
		{"soon", "", "SOURCE_DATE_EPOCH"},
		{"-5", "", "SOURCE_DATE_EPOCH"},
	} {
		t.Setenv("SOURCE_DATE_EPOCH", tc.env)
		got, err := published()
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("SOURCE_DATE_EPOCH=%q: %q, %v", tc.env, got, err)
		}
	}
}
