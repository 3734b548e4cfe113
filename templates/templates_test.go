package templates

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/golden"
)

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
			goldenPrompt(t, suite+"."+style, got)
		}
	}
}

// TestOpenGolden renders the prompts of the open-ended suites, whose
// questions have no options, for a fixed question (next_action in both
// reply formats) and compares them with
// testdata/<suite>[.<format>].<style>.golden (go test -update rewrites).
func TestOpenGolden(t *testing.T) {
	const (
		task = "Task: Select Br and click Submit.\nThe screenshot shows the form now. "
		next = task + "What is the next action of a shortest plan that completes the task from this state?"
		plan = task + "Write the shortest plan that completes the task from this state."
	)
	cases := []struct{ suite, format, file, question string }{
		{"next_action", "text", "next_action.text", next},
		{"next_action", "json", "next_action.json", next},
		{"plan_generation", "", "plan_generation", plan},
	}
	for _, c := range cases {
		data := PromptData{Question: c.question, Format: c.format}
		for _, style := range []string{Instruct, CoT} {
			got, err := Prompt(c.suite, style, data)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got, data.Question) {
				t.Errorf("%s %s: the question is missing", c.file, style)
			}
			goldenPrompt(t, c.file+"."+style, got)
		}
	}
}

// TestPaperGolden renders the paper-structured prompts of every suite and
// style (temporal_order in both formats) for fixed parts and compares them
// with testdata/<suite>.paper.<style>.golden (go test -update rewrites).
func TestPaperGolden(t *testing.T) {
	data := PromptData{
		Question: "(not used by the paper's prompts)",
		Letters:  "A, B, C or D",
		Protocol: paperProtocol,
		Task:     "Select Br and click Submit.",
		Plans:    "A.\n1. Click Br\n2. Hit Submit\nB.\n1. Hit Submit\nC.\n1. Uncheck Br\n2. Hit Submit\nD.\n1. Check Br\n2. Hit Submit",
		PlanLen:  2,
	}
	cases := []struct {
		suite, file string
		edit        func(*PromptData)
	}{
		{"edge_case", "edge_case", nil},
		{"plan_shuffle", "plan_shuffle", nil},
		{"plan_semantic", "plan_semantic", nil},
		{"future_state", "future_state", func(d *PromptData) {
			d.Task, d.Letters, d.PlanLen = "", "", 0
			d.Plans = "Plan A:\n1. Click Br\n2. Hit Submit\nPlan B:\n1. Check Br\n2. Hit Submit"
		}},
		{"temporal_order", "temporal_order.mcq", func(d *PromptData) {
			d.Format, d.Letters, d.PlanLen, d.Plans = "mcq", "A or B", 0, "A.\nPicture 1\nB.\nPicture 2"
		}},
		{"temporal_order", "temporal_order.free", func(d *PromptData) {
			d.Format, d.Letters, d.PlanLen, d.Plans = "free", "A or B", 0, "A.\nPicture 1\nB.\nPicture 2"
		}},
	}
	for _, c := range cases {
		for _, style := range []string{Instruct, CoT} {
			d := data
			if c.edit != nil {
				c.edit(&d)
			}
			got, err := Prompt(c.suite, style, d)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(got, d.Question) || strings.Contains(got, "How actions work") {
				t.Errorf("%s %s: the paper's prompt holds formplan's question or rules", c.file, style)
			}
			goldenPrompt(t, c.file+".paper."+style, got)
		}
	}
}

// goldenPrompt compares a prompt with testdata/<name>.golden, or rewrites that
// file under -update.
func goldenPrompt(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name+".golden"), []byte(got))
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

func TestHasPaper(t *testing.T) {
	for _, tt := range []struct {
		suite string
		want  bool
	}{
		{"edge_case", true},
		{"future_state", true},
		{"temporal_order", true},
		{"plan_generation", false}, // the paper has no such suite
		{"next_action", false},
		{"no_such_suite", false},
	} {
		if got := HasPaper(tt.suite); got != tt.want {
			t.Errorf("HasPaper(%q) = %v, want %v", tt.suite, got, tt.want)
		}
	}
}
