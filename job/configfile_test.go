package job

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestConfigStrict checks that a config is read exactly as written: keys
// by their exact names, one document, strings as written, and every
// refusal one line naming the file, line and key.
func TestConfigStrict(t *testing.T) {
	family := func(extra string) string {
		return "families:\n  - name: toggles\n    refer: label\n    elements:\n      - kind: checkbox\n        min_count: 2\n        max_count: 2\n        labels: list\n        label_list: [on, off, true]\n" + extra
	}
	t.Run("yaml 1.1 booleans stay labels", func(t *testing.T) {
		c, err := parseConfig([]byte(family("")), "it.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Families[0].Groups[0].LabelList; !reflect.DeepEqual(got, []string{"on", "off", "true"}) {
			t.Fatalf("labels %q, want on, off, true as written", got)
		}
	})
	for _, c := range []struct {
		name, doc, want string
	}{
		{"empty", "", "it.yaml: the document is empty"},
		{"comments", "# a config\n", "it.yaml: the document is empty"},
		{"nothing set", "{}\n", "it.yaml: the file sets nothing: give families, use_families or suites (gen --help shows an example)"},
		{"case of a key", "Suites:\n  edge_case: 3\n", `it.yaml:1: Suites: unknown key "Suites": keys are case-sensitive; write "suites"`},
		{"case overriding", "suites:\n  edge_case: 3\nSUITES:\n  edge_case: 9\n", `it.yaml:3: SUITES: unknown key "SUITES": keys are case-sensitive; write "suites"`},
		{"case inside a family", strings.Replace(family(""), "min_count", "Min_Count", 1), `it.yaml:6: families[0].elements[0].Min_Count: unknown key "Min_Count": keys are case-sensitive; write "min_count"`},
		{"misspelt", "use_family: [checkboxes]\n", `it.yaml:1: use_family: unknown key "use_family": did you mean "use_families"? (keys here: families, suites, use_families)`},
		{"twice", "suites: {edge_case: 3}\nsuites: {edge_case: 4}\n", "it.yaml:2: suites: the key is given twice (also at line 1): keep one"},
		{"second document", "suites: {edge_case: 3}\n---\nsuites: {edge_case: 4}\n", "it.yaml:2: a second document (after ---): a file holds one; remove it or give it a file of its own"},
		{"alias", "suites: {edge_case: &n 3, future_state: *n}\n", "it.yaml:1: suites.edge_case: the anchor &n: anchors and aliases are not read; write the value out"},
		{"quoted count", "suites: {edge_case: '3'}\n", `it.yaml:1: suites.edge_case: "3": want a whole number, written in decimal digits without quotes`},
		{"json case", `{"Families": []}`, `it.yaml:1: Families: unknown key "Families": keys are case-sensitive; write "families"`},
		{"json duplicate", `{"suites": {"edge_case": 1, "edge_case": 2}}`, "it.yaml:1: suites.edge_case: the key is given twice (also at line 1): keep one"},
		{"bad kind", strings.Replace(family(""), "checkbox", "dial", 1), `it.yaml:5: families[0].elements[0].kind: forms: unknown element kind "dial" (want checkbox, slider, radio, textbox or submit)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseConfig([]byte(c.doc), "it.yaml")
			if err == nil || err.Error() != c.want {
				t.Fatalf("error %v\nwant  %s", err, c.want)
			}
		})
	}
}

// donationConfig is testdata/donation.yaml: a custom family with a
// chain of conditions.
var donationConfig = func() string {
	raw, err := os.ReadFile("testdata/donation.yaml")
	if err != nil {
		panic(err)
	}
	return string(raw)
}()

// configSeeds are the fuzz target's seeds: configs accepted and refused,
// in YAML and JSON.
var configSeeds = []string{
	ConfigExample,
	donationConfig,
	`{"use_families": ["checkboxes"], "suites": {"plan_semantic": 9}}`,
	`{"families": [{"name": "f", "refer": "ordinal", "elements": [{"kind": "textbox", "min_count": 2, "max_count": 2, "text_pool": ["Ä", "ÄÖ", "ü"], "text_vocab": 3}]}]}`,
	"suites: {edge_case: &n 3, future_state: *n}\n",
	"a: &a [x, x]\nb: [*a, *a]\n",
	"suites: {edge_case: 3}\n---\n",
	"Suites: {edge_case: 3}\n",
	"families:\n  - <<: {name: x}\n",
	"use_families: [!!str checkboxes]\n",
}

// FuzzParseConfig reads arbitrary bytes as a config: it never panics, a
// refusal is one line naming the file, and an accepted config reads back
// the same from its JSON form (nothing was lost or guessed).
func FuzzParseConfig(f *testing.F) {
	for _, s := range configSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		c, err := parseConfig(raw, "fuzz.yaml")
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "fuzz.yaml") {
				t.Fatalf("refusal %q: want one line naming the file", msg)
			}
			return
		}
		again, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseConfig(again, "fuzz.json")
		if err != nil {
			t.Fatalf("the accepted config's JSON form %s is refused: %v", again, err)
		}
		if !reflect.DeepEqual(c, back) {
			t.Fatalf("read %+v, its JSON form reads %+v", c, back)
		}
	})
}
