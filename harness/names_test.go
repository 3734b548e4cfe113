package harness

import "testing"

func TestParseTask(t *testing.T) {
	suites := []string{"plan", "plan_shuffle", "edge_case"}
	tests := []struct {
		name, suite, suffix string
		ok                  bool
	}{
		{"formplan_edge_case", "edge_case", "", true},
		{"formplan_edge_case_cot", "edge_case", "_cot", true},
		{"formplan_plan_shuffle_caption_cot", "plan_shuffle", "_caption_cot", true}, // not plan + "_shuffle_caption_cot"
		{"formplan_plan_both", "plan", "_both", true},
		{"formplan_edge_case_sketch", "", "", false},
		{"other_edge_case", "", "", false},
		{"formplan_", "", "", false},
	}
	for _, tt := range tests {
		s, v, ok := ParseTask(tt.name, suites)
		if s != tt.suite || v.Suffix != tt.suffix || ok != tt.ok {
			t.Errorf("ParseTask(%q) = %q, %q, %v; want %q, %q, %v", tt.name, s, v.Suffix, ok, tt.suite, tt.suffix, tt.ok)
		}
	}
}

// Every variant's task name reads back as itself.
func TestVariantsRoundTrip(t *testing.T) {
	for _, v := range Variants {
		name := TaskPrefix + "edge_case" + v.Suffix
		if s, got, ok := ParseTask(name, []string{"edge_case"}); !ok || s != "edge_case" || got != v {
			t.Errorf("ParseTask(%q) = %q, %+v, %v", name, s, got, ok)
		}
	}
}
