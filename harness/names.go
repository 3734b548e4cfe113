// Package harness names what formplan writes for evaluation harnesses
// (lmms-eval tasks, VLMEvalKit datasets) and reads back from their output:
// a suite asked in one of its variants (prompt style and setting) is the
// task TaskPrefix + suite + Variant.Suffix. The card writer names the
// tasks with it and the scorer parses them, so the two never disagree.
package harness

import (
	"slices"
	"strings"
)

// A Variant is one way of asking a suite's questions: the prompt style
// (instruct asks for the answer alone, cot for reasoning first) and the
// setting (image: the screenshots; caption: the caption in their place;
// both: the screenshots and the caption). The harness task of a suite in
// a variant is named TaskPrefix + suite + Suffix.
type Variant struct {
	Suffix      string
	PromptStyle string
	Setting     string
}

// TaskPrefix starts every harness task and dataset name formplan writes.
const TaskPrefix = "formplan_"

// Variants are the variants formplan writes harness tasks for. The first
// is the plain one: the screenshot and the answer alone.
var Variants = []Variant{
	{"", "instruct", "image"},
	{"_cot", "cot", "image"},
	{"_caption", "instruct", "caption"},
	{"_caption_cot", "cot", "caption"},
	{"_both", "instruct", "both"},
	{"_both_cot", "cot", "both"},
}

// ParseTask reads a harness task or dataset name (formplan_edge_case_cot)
// back into its suite and variant; suites are the suite names to look
// for. It reports false for a name formplan did not write.
func ParseTask(name string, suites []string) (string, Variant, bool) {
	rest, ok := strings.CutPrefix(name, TaskPrefix)
	if !ok {
		return "", Variant{}, false
	}
	// The longest suite name first, so that no suite is taken for the
	// prefix of another.
	sorted := slices.Clone(suites)
	slices.SortFunc(sorted, func(a, b string) int { return len(b) - len(a) })
	for _, s := range sorted {
		suffix, ok := strings.CutPrefix(rest, s)
		if !ok {
			continue
		}
		for _, v := range Variants {
			if v.Suffix == suffix {
				return s, v, true
			}
		}
	}
	return "", Variant{}, false
}
