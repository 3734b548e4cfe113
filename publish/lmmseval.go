package publish

import (
	"fmt"
	"strings"

	"github.com/formplan/formplan/harness"
	"github.com/formplan/formplan/suites"
)

// lmmsDir is the directory of the lmms-eval task files, under the dataset
// directory.
const lmmsDir = "lmms-eval"

// lmmsTag is the tag of the plain tasks (the screenshot, the answer
// alone), so --tasks formplan runs every suite that way. Each other
// variant has its own tag, formplan_cot, formplan_caption and so on.
const lmmsTag = "formplan"

// lmmsVariants returns the variants a suite gets tasks for: every one
// when its rows have screenshots, the caption ones only when none has.
func lmmsVariants(st *suiteStats) []harness.Variant {
	var out []harness.Variant
	for _, v := range harness.Variants {
		if st.withImage > 0 || v.Setting == "caption" {
			out = append(out, v)
		}
	}
	return out
}

// lmmsFile returns the task file name of a suite in a variant, under
// lmmsDir: edge_case.yaml, edge_case_cot.yaml, ...
func lmmsFile(suite string, v harness.Variant) string { return suite + v.Suffix + ".yaml" }

// lmmsMaxTokens are the new tokens a reply may take: room for a letter or
// "Picture 1" and a little more, or for reasoning before the answer.
var lmmsMaxTokens = map[string]int{"instruct": 32, "cot": 2048}

// lmmsTask returns the lmms-eval task YAML of a suite in a variant. The
// model gets the row's prompt in the variant's style, with the
// screenshot(s), the caption or both; utils.process_results takes the
// answer out of the reply as gen score does and scores accuracy and the
// share of unparsed replies. The formplan metric carries each row's id
// into the --log_samples output, which gen score reads.
func lmmsTask(st *suiteStats, v harness.Variant, info Info) []byte {
	task := harness.TaskPrefix + st.name + v.Suffix
	var b strings.Builder
	fmt.Fprintf(&b, "# lmms-eval task for the formplan suite %s: %s prompt, setting %s.\n", st.name, v.PromptStyle, v.Setting)
	b.WriteString("# data_files is relative to the dataset directory: run lmms-eval from there, e.g.\n")
	fmt.Fprintf(&b, "#   lmms-eval --model <model> --include_path %s --tasks %s --log_samples --output_path results\n", lmmsDir, task)
	fmt.Fprintf(&b, "# and score the samples with: gen score . results/<model>/*_samples_%s.jsonl\n", task)
	fmt.Fprintf(&b, "task: %s\n", yamlString(task))
	fmt.Fprintf(&b, "tag: %s\n", yamlString(lmmsTag+v.Suffix))
	b.WriteString("dataset_path: parquet\n")
	b.WriteString("dataset_kwargs:\n")
	b.WriteString("  data_files:\n")
	fmt.Fprintf(&b, "    test: %s\n", yamlString(dataFiles(st.name)))
	b.WriteString("test_split: test\n")
	b.WriteString("output_type: generate_until\n")
	if v.Setting == "caption" {
		b.WriteString("doc_to_visual: !function utils.no_visual\n")
	} else {
		b.WriteString("doc_to_visual: !function utils.doc_to_visual\n")
	}
	b.WriteString("doc_to_text: !function utils.doc_to_text\n")
	b.WriteString("doc_to_target: !function utils.doc_to_target\n")
	b.WriteString("lmms_eval_specific_kwargs:\n")
	b.WriteString("  default:\n")
	fmt.Fprintf(&b, "    prompt_style: %s\n", v.PromptStyle)
	fmt.Fprintf(&b, "    setting: %s\n", v.Setting)
	b.WriteString("generation_kwargs:\n")
	tokens := lmmsMaxTokens[v.PromptStyle]
	if st.open {
		tokens = max(tokens, lmmsPlanTokens)
	}
	fmt.Fprintf(&b, "  max_new_tokens: %d\n", tokens)
	b.WriteString("  temperature: 0\n")
	b.WriteString("  do_sample: false\n")
	b.WriteString("  until: []\n")
	if st.open {
		// A plan or an action is judged by the simulator: the task keeps
		// each reply with its row's id, and the measures' aggregations run
		// gen score on them.
		b.WriteString("process_results: !function utils.keep_reply\n")
		b.WriteString("metric_list:\n")
		for _, m := range lmmsOpenMetrics[st.name] {
			fmt.Fprintf(&b, "  - metric: %s\n", m)
			fmt.Fprintf(&b, "    aggregation: !function utils.%s\n", m)
			b.WriteString("    higher_is_better: true\n")
		}
		b.WriteString("  - metric: formplan\n")
		b.WriteString("    aggregation: !function utils.count_rows\n")
		b.WriteString("    higher_is_better: true\n")
		writeVersion(&b, info)
		return []byte(b.String())
	}
	b.WriteString("process_results: !function utils.process_results\n")
	b.WriteString("metric_list:\n")
	b.WriteString("  - metric: accuracy\n")
	b.WriteString("    aggregation: mean\n")
	b.WriteString("    higher_is_better: true\n")
	b.WriteString("  - metric: unparsed\n")
	b.WriteString("    aggregation: mean\n")
	b.WriteString("    higher_is_better: false\n")
	b.WriteString("  - metric: formplan\n")
	b.WriteString("    aggregation: !function utils.count_rows\n")
	b.WriteString("    higher_is_better: true\n")
	writeVersion(&b, info)
	return []byte(b.String())
}

// lmmsOpenMetrics are the measures the open-ended suites' tasks report,
// the main one first, by suite: those of how the suite judges a reply
// (suites.Scoring). utils.py aggregates each by running gen score on the
// replies.
var lmmsOpenMetrics = openMetrics()

// openMetrics returns the measures of every open-ended suite.
func openMetrics() map[string][]string {
	m := map[string][]string{}
	for _, s := range suites.All() {
		if s.Open {
			m[s.Name] = s.Scoring.Measures()
		}
	}
	return m
}

// lmmsPlanTokens is the reply length an open-ended suite's instruct task
// allows: a plan of a dozen steps with room to spare.
const lmmsPlanTokens = 512

// writeVersion ends a task with the generator version, if known.
func writeVersion(b *strings.Builder, info Info) {
	if info.Version != "" {
		b.WriteString("metadata:\n")
		fmt.Fprintf(b, "  generator_version: %s\n", yamlString(info.Version))
	}
}
