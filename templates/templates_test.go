package templates

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden prompt files in testdata/")

// TestGolden renders every suite's prompts for a fixed question and compares
// them with testdata/<suite>.<style>.golden. Run go test -update to accept a
// deliberate change, then read the diff.
func TestGolden(t *testing.T) {
	data := PromptData{
		Question: "Task: Select Br and click Submit.\nWhich plan completes the task from this state?\nA.\n1. Click Br\n2. Hit Submit\nB.\n1. Hit Submit",
		Letters:  "A or B",
		Format:   "mcq",
	}
	for _, suite := range []string{"edge_case", "future_state", "temporal_order", "plan_shuffle", "plan_semantic"} {
		for _, style := range []string{Instruct, CoT} {
			got, err := Prompt(suite, style, data)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got, data.Question) {
				t.Errorf("%s %s: the question is missing", suite, style)
			}
			path := filepath.Join("testdata", suite+"."+style+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s %s prompt changed:\n%s\n--- want ---\n%s", suite, style, got, want)
			}
		}
	}
}

func TestFreeAnswerFormat(t *testing.T) {
	got, err := Prompt("temporal_order", Instruct, PromptData{Question: "Q", Letters: "A or B", Format: "free"})
	if err != nil || !strings.Contains(got, `"Picture 1" or "Picture 2"`) {
		t.Errorf("free-answer prompt: %q, %v", got, err)
	}
}

func TestUnknownSuite(t *testing.T) {
	if _, err := Prompt("nope", Instruct, PromptData{}); err == nil {
		t.Error("no error for an unknown suite")
	}
}
