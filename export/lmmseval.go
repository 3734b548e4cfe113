package export

import (
	"fmt"
	"strings"
)

// lmmsDir is the directory of the lmms-eval task files, under the dataset
// directory.
const lmmsDir = "lmms-eval"

// lmmsTag is the tag of every task, so --tasks formplan runs them all.
const lmmsTag = "formplan"

// lmmsTaskName returns the lmms-eval task name of a suite.
func lmmsTaskName(suite string) string { return lmmsTag + "_" + suite }

// lmmsTask returns the lmms-eval task YAML of a suite. The model gets the
// row's prompt_instruct and its picture(s); the reply is scored by exact
// match with the target, ignoring case, punctuation and surrounding
// whitespace. ignore_numbers is set false on purpose: some lmms-eval
// versions default it to true, which would make "Picture 1" match
// "Picture 2".
//
// A one-picture suite names its image column as doc_to_visual. A suite
// with two pictures uses utils.doc_to_visual, which returns both, and a
// suite with free-format rows (the reply is the option text, such as
// "Picture 1", rather than its letter) uses utils.doc_to_target.
func lmmsTask(st *suiteStats, info Info) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# lmms-eval task for the formplan suite %s.\n", st.name)
	b.WriteString("# data_files is relative to the dataset directory: run lmms-eval from there, e.g.\n")
	fmt.Fprintf(&b, "#   lmms-eval --model <model> --include_path %s --tasks %s\n", lmmsDir, lmmsTaskName(st.name))
	fmt.Fprintf(&b, "task: %s\n", yamlString(lmmsTaskName(st.name)))
	fmt.Fprintf(&b, "tag: %s\n", yamlString(lmmsTag))
	b.WriteString("dataset_path: parquet\n")
	b.WriteString("dataset_kwargs:\n")
	b.WriteString("  data_files:\n")
	fmt.Fprintf(&b, "    test: %s\n", yamlString(dataFiles(st.name)))
	b.WriteString("test_split: test\n")
	b.WriteString("output_type: generate_until\n")
	if st.twoPictures {
		b.WriteString("doc_to_visual: !function utils.doc_to_visual\n")
	} else {
		b.WriteString("doc_to_visual: image\n")
	}
	b.WriteString("doc_to_text: prompt_instruct\n")
	if st.freeFormat {
		b.WriteString("doc_to_target: !function utils.doc_to_target\n")
	} else {
		b.WriteString("doc_to_target: answer\n")
	}
	b.WriteString("generation_kwargs:\n")
	b.WriteString("  max_new_tokens: 16\n")
	b.WriteString("  temperature: 0\n")
	b.WriteString("  do_sample: false\n")
	b.WriteString("metric_list:\n")
	b.WriteString("  - metric: exact_match\n")
	b.WriteString("    aggregation: mean\n")
	b.WriteString("    higher_is_better: true\n")
	b.WriteString("    ignore_case: true\n")
	b.WriteString("    ignore_punctuation: true\n")
	b.WriteString("    ignore_numbers: false\n")
	b.WriteString("    regexes_to_ignore:\n")
	fmt.Fprintf(&b, "      - %s\n", yamlString(`^\s+`))
	fmt.Fprintf(&b, "      - %s\n", yamlString(`\s+$`))
	if info.Version != "" {
		b.WriteString("metadata:\n")
		fmt.Fprintf(&b, "  generator_version: %s\n", yamlString(info.Version))
	}
	return []byte(b.String())
}

// lmmsUtils is utils.py beside the task files: the functions that the
// tasks of two-picture and free-format suites name with !function.
const lmmsUtils = `"""Helpers for the formplan lmms-eval tasks (see the dataset card)."""

import json


def doc_to_visual(doc):
    """Return the pictures of a row as RGB images: image, then image_2 if set."""
    return [doc[key].convert("RGB") for key in ("image", "image_2") if doc.get(key) is not None]


def doc_to_target(doc):
    """Return the expected reply: the option text for a free-format row
    (for example "Picture 1"), the answer otherwise."""
    meta = json.loads(doc["metadata"])
    if meta.get("format") == "free":
        return doc["choices"][doc["answer_idx"]]
    return doc["answer"]
`
