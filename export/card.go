package export

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/suites"
)

// Info is what the card says about the run that made the data. Nothing in
// it may depend on the clock or the output directory, so that the same run
// always gives the same card.
type Info struct {
	// Seed is the generation seed.
	Seed uint64
	// Flags are the content flags of the run, as recorded in the files.
	Flags string
	// Version is the generator version.
	Version string
	// Chromium is the browser version that drew the screenshots, or "" for
	// a run without images (--no-images).
	Chromium string
	// Fonts names the font package and its version, or "" for a run without
	// images.
	Fonts string
	// Scale is the device pixel ratio of the screenshots.
	Scale float64
}

// Card writes <dir>/README.md (the Hugging Face dataset card),
// <dir>/croissant.json and <dir>/lmms-eval/<suite>.yaml for every suite
// directory found in dir, plus <dir>/lmms-eval/utils.py. It reads every
// Parquet file to count rows exactly; the counts of the card's YAML header
// must match the files, or Hugging Face datasets refuses to load them.
// Each file is written under a temporary name and then renamed.
func Card(dir string, info Info) error { return CardKept(dir, info, nil) }

// outFile is a file to write and its content.
type outFile struct {
	path string
	data []byte
}

// cardLicense is the license the card declares, as a Hugging Face license id.
const cardLicense = "cc-by-4.0"

// licenseURL is the same license as a URL, for Croissant.
const licenseURL = "https://creativecommons.org/licenses/by/4.0/"

// datasetName names the dataset in the card and in Croissant.
const datasetName = "formplan"

// tags are the card's tags and Croissant's keywords.
var tags = []string{"synthetic", "web-agents", "planning", "gui", "forms", "multiple-choice"}

// sizeCategory returns the Hugging Face size category of n rows.
func sizeCategory(n int64) string {
	switch {
	case n < 1_000:
		return "n<1K"
	case n < 10_000:
		return "1K<n<10K"
	case n < 100_000:
		return "10K<n<100K"
	case n < 1_000_000:
		return "100K<n<1M"
	case n < 10_000_000:
		return "1M<n<10M"
	case n < 100_000_000:
		return "10M<n<100M"
	case n < 1_000_000_000:
		return "100M<n<1B"
	default:
		return "1B<n<10B"
	}
}

// dataFiles returns the data_files glob of a suite, relative to the
// dataset directory.
func dataFiles(suite string) string { return suite + "/test-*.parquet" }

// cardYAML returns the YAML header of the card, without its --- fences.
func cardYAML(stats []*suiteStats) string {
	var total int64
	for _, st := range stats {
		total += st.rows
	}
	var b strings.Builder
	fmt.Fprintf(&b, "license: %s\n", yamlString(cardLicense))
	b.WriteString("language:\n- en\n")
	fmt.Fprintf(&b, "pretty_name: %s\n", yamlString(datasetName))
	fmt.Fprintf(&b, "size_categories:\n- %s\n", yamlString(sizeCategory(total)))
	b.WriteString("task_categories:\n- visual-question-answering\n")
	b.WriteString("tags:\n")
	for _, t := range tags {
		fmt.Fprintf(&b, "- %s\n", yamlString(t))
	}
	b.WriteString("configs:\n")
	for _, st := range stats {
		fmt.Fprintf(&b, "- config_name: %s\n", yamlString(st.name))
		b.WriteString("  data_files:\n")
		b.WriteString("  - split: test\n")
		fmt.Fprintf(&b, "    path: %s\n", yamlString(dataFiles(st.name)))
	}
	b.WriteString("dataset_info:\n")
	for _, st := range stats {
		fmt.Fprintf(&b, "- config_name: %s\n", yamlString(st.name))
		b.WriteString("  splits:\n")
		b.WriteString("  - name: test\n")
		fmt.Fprintf(&b, "    num_examples: %d\n", st.rows)
	}
	return b.String()
}

// cardMarkdown returns the whole README.md.
func cardMarkdown(stats []*suiteStats, info Info) []byte {
	var b bytes.Buffer
	b.WriteString("---\n")
	b.WriteString(cardYAML(stats))
	b.WriteString("---\n\n")

	var total, withImage int64
	for _, st := range stats {
		total += st.rows
		withImage += st.withImage
	}
	fmt.Fprintf(&b, "# %s\n\n", datasetName)
	b.WriteString("Questions that test whether a vision-language model can **plan actions on a web form**. " +
		"Each row shows a screenshot of a form made of checkboxes, sliders, radio buttons and text boxes " +
		"(two screenshots for `temporal_order`), states a task, and asks about plans of actions: " +
		"which plan completes the task from the pictured state, whether two plans leave the form in the same state, " +
		"which of two pictures of a run came first.\n\n")
	b.WriteString("Every label was computed by an exact simulator of the form, and the `metadata` column " +
		"holds the JSON of the form, its states and the plans, enough to check any label again. " +
		"The questions are synthetic: no person or real web page appears in them.\n\n")
	if withImage == 0 {
		b.WriteString("**This copy has no screenshots.** It was generated without images (`--no-images`), " +
			"so `image` and `image_2` are null. The `caption` column describes each pictured state in words, " +
			"for text-only baselines; harnesses that need images (VLMEvalKit, the lmms-eval tasks) cannot run it.\n\n")
	} else if withImage < total {
		fmt.Fprintf(&b, "**%d of %d rows have no screenshot** (`image` is null).\n\n", total-withImage, total)
	}

	b.WriteString("## Generation\n\n")
	b.WriteString("| setting | value |\n|---|---|\n")
	fmt.Fprintf(&b, "| seed | %s |\n", mdCode(strconv.FormatUint(info.Seed, 10)))
	fmt.Fprintf(&b, "| flags | %s |\n", mdCodeOr(info.Flags, "not given"))
	fmt.Fprintf(&b, "| generator version | %s |\n", mdCodeOr(info.Version, "not given"))
	fmt.Fprintf(&b, "| Chromium | %s |\n", mdCodeOr(info.Chromium, "none (no images)"))
	fmt.Fprintf(&b, "| fonts | %s |\n", mdCodeOr(info.Fonts, "none (no images)"))
	scale := "none (no images)"
	if info.Scale != 0 {
		scale = mdCode(strconv.FormatFloat(info.Scale, 'g', -1, 64))
	}
	fmt.Fprintf(&b, "| scale (device pixel ratio) | %s |\n\n", scale)
	b.WriteString("Every question is a function of the seed, the flags, the suite and its index: " +
		"the same seed and flags give the same questions. No two rows of a suite have the same prompts and pictures: " +
		"a row that would ask what a row before it asks is drawn again. " +
		"Screenshots also depend on the Chromium and font versions above.\n\n")
	writePaperSettings(&b, info.Flags)

	b.WriteString("## Suites\n\n")
	b.WriteString("Each suite is a config with one split, `test`.\n\n")
	b.WriteString("| config | rows | what it tests |\n|---|---:|---|\n")
	for _, st := range stats {
		fmt.Fprintf(&b, "| %s | %d | %s |\n", mdCode(st.name), st.rows, mdCell(summary(st.name)))
	}
	fmt.Fprintf(&b, "| **total** | %d | |\n\n", total)

	for _, st := range stats {
		writeSuiteSection(&b, st, info)
	}
	writeForms(&b, stats)

	b.WriteString("## Columns\n\n")
	b.WriteString("The main columns; the generator's `docs/SCHEMA.md` documents all of them and the `metadata` JSON.\n\n")
	b.WriteString("| column | meaning |\n|---|---|\n")
	for _, c := range mainColumns {
		name := mdCode(c.name)
		if c.name == "A" {
			name += " … " + mdCode("H")
		}
		fmt.Fprintf(&b, "| %s | %s |\n", name, mdCell(c.about))
	}
	b.WriteString("\n")

	first := stats[0].name
	b.WriteString("## Loading\n\n")
	b.WriteString("Paths are relative to this directory. With Hugging Face `datasets`:\n\n")
	b.WriteString("```python\nfrom datasets import load_dataset\n\n")
	b.WriteString("# One suite, straight from its Parquet files:\n")
	fmt.Fprintf(&b, "ds = load_dataset(\"parquet\", data_files={\"test\": %s}, split=\"test\")\n\n", pyString(dataFiles(first)))
	b.WriteString("# The same through this card's configs (this directory, or the Hub repository id):\n")
	fmt.Fprintf(&b, "ds = load_dataset(\"path/to/this/directory\", %s, split=\"test\")\n", pyString(first))
	b.WriteString("ds[0][\"image\"]  # a PIL image (None without screenshots)\n```\n\n")
	b.WriteString("With DuckDB:\n\n```sql\n")
	fmt.Fprintf(&b, "SELECT family, horizon, answer, count(*) AS n\nFROM %s\nGROUP BY ALL\nORDER BY ALL;\n```\n\n", sqlString(dataFiles(first)))

	b.WriteString("## Harnesses\n\n")
	b.WriteString("**lmms-eval.** `lmms-eval/` holds a task per suite and variant: `formplan_<suite>` sends `prompt_instruct` with the screenshot(s) (tag `formplan`); " +
		"`_cot` sends `prompt_cot` with room to reason; `_caption` and `_caption_cot` send the caption in place of the screenshot, `_both` and `_both_cot` both " +
		"(a dataset without screenshots has the caption tasks only). Each variant's tasks share a tag, `formplan<variant>`. " +
		"`utils.process_results` takes the answer out of the reply as `gen score` does (the last `Answer:` marker counts; no answer or two is unparsed) " +
		"and reports `accuracy` and `unparsed`. Run it from this directory, since the tasks name their data files relative to it:\n\n")
	fmt.Fprintf(&b, "```sh\nlmms-eval --model <model> --model_args <args> --include_path lmms-eval --tasks %s --log_samples --output_path results\n```\n\n", "formplan_"+first)
	b.WriteString("`gen score . results/<model>/*_samples_formplan_*.jsonl` scores the logged samples, with breakdowns and an HTML report.\n\n")
	b.WriteString("**VLMEvalKit.** When exported, `vlmevalkit/formplan_<suite>.tsv` holds one suite in VLMEvalKit's layout: " +
		"`index`, `image` (base64 PNG; a list of two for two pictures), `question` (without the option list, which VLMEvalKit appends), the option letters, `answer`, " +
		"`category` (the family) and `l2-category` (the suite). `vlmevalkit/config.json` loads the multiple-choice suites as `ImageMCQDataset` and " +
		"the Yes/No suite as `ImageYORNDataset`: copy the TSVs into VLMEvalKit's `LMUData` folder, put your model in the config and run " +
		"`python run.py --config config.json --judge exact_matching`. `gen score . <model>_formplan_<suite>.xlsx` scores its prediction files. " +
		"VLMEvalKit builds its own prompt from `question` and the options; the rules of the actions that `prompt_instruct` states are not part of it.\n\n")

	b.WriteString("**PDDL.** `pddl/<family>.domain.pddl` is the PDDL domain of each form family (the browser's semantics of its controls); " +
		"each row's `problem_pddl` is a problem for it and each `plans_pddl` entry a plan, one ground action per step. " +
		"Write the row's problem and a plan (one action per line) to files and give them, with the domain, to a planner or plan validator that reads " +
		"conditional effects and derived predicates. The generator's `docs/PDDL.md` documents the names, predicates and actions, and `gen verify` " +
		"runs every row's plans through its own PDDL interpreter.\n\n")

	b.WriteString("## License\n\n")
	b.WriteString("[CC BY 4.0](" + licenseURL + ").\n")
	return b.Bytes()
}

// writeSuiteSection writes the card's section about one suite.
func writeSuiteSection(b *bytes.Buffer, st *suiteStats, info Info) {
	fmt.Fprintf(b, "### %s\n\n", mdCode(st.name))
	if s := summary(st.name); s != "" {
		b.WriteString(s + "\n\n")
	}
	var files []string
	for _, f := range st.files {
		files = append(files, mdCode(f.rel))
	}
	fmt.Fprintf(b, "%d rows in %s.", st.rows, strings.Join(files, ", "))
	if st.twoPictures {
		b.WriteString(" Each row has two pictures, `image` (Picture 1) and `image_2` (Picture 2).")
	}
	b.WriteString("\n\n")
	for _, f := range st.files {
		if f.flags != "" && f.flags != info.Flags || f.version != "" && f.version != info.Version ||
			f.seed != "" && f.seed != strconv.FormatUint(info.Seed, 10) {
			fmt.Fprintf(b, "%s was written by another run: seed %s, version %s, flags %s.\n\n",
				mdCode(f.rel), mdCodeOr(f.seed, "unknown"), mdCodeOr(f.version, "unknown"), mdCodeOr(f.flags, "unknown"))
		}
	}
	if st.rows > 0 {
		b.WriteString("The `question` of its first row:\n\n")
		fence := codeFence(st.example)
		fmt.Fprintf(b, "%stext\n%s\n%s\n\n", fence, st.example, fence)
	}

	if s, ok := suites.Lookup(st.name); ok && s.Horizon != "" {
		fmt.Fprintf(b, "`horizon` counts %s.\n\n", s.Horizon)
	}
	writeByFamily(b, "horizon", st.byHorizon, noHorizon, func(h int64) string { return strconv.FormatInt(h, 10) })
	if st.open {
		b.WriteString("An open-ended suite: `answer` holds a gold reply, and `gen score` runs any reply in the simulator. " +
			"`metadata.chance` is the most a reader of the text alone can score on its main measure.\n\n")
	} else {
		writeByFamily(b, "answer", st.byAnswer, "", mdCell)
	}
	paper := strings.Contains(info.Flags, "--protocol "+suites.Paper)
	if s, ok := suites.Lookup(st.name); ok && paper && s.Paper != "" {
		fmt.Fprintf(b, "Made under `--protocol paper`, the seed paper's settings: %s.\n\n", s.Paper)
	}
	if t := blind.Table(st.name); t != "" {
		b.WriteString("Readers of the text alone (task, question and options; never a picture, caption or history), " +
			"measured by `gen blind` on fresh questions of every cell this code can fill")
		if paper {
			b.WriteString(" under formplan's own protocol (the rows above were made under the paper's: see `image_needed` for the rows whose text gives the answer away)")
		}
		b.WriteString("; chance is 1/options:\n\n")
		b.WriteString(t + "\n")
	}
}

// writeByFamily writes the table "Rows by family and <what>" of counts, a
// column per value seen in any family, in order; the value null stands for
// a missing one.
func writeByFamily[K interface{ ~int64 | ~string }](b *bytes.Buffer, what string, counts map[string]map[K]int64, null K, label func(K) string) {
	seen := map[K]bool{}
	for _, m := range counts {
		for k := range m {
			seen[k] = true
		}
	}
	keys := sortedKeys(seen)
	labels := make([]string, len(keys))
	for i, k := range keys {
		labels[i] = "null"
		if k != null {
			labels[i] = label(k)
		}
	}
	fmt.Fprintf(b, "Rows by family and %s:\n\n", what)
	writeCountTable(b, "family \\ "+what, labels, sortedKeys(counts), func(fam string, i int) int64 {
		return counts[fam][keys[i]]
	})
}

// writeCountTable writes a Markdown table of counts with a row per family
// and a column per label, and totals for both.
func writeCountTable(b *bytes.Buffer, corner string, labels, families []string, n func(fam string, k int) int64) {
	b.WriteString("| " + corner + " |")
	for _, l := range labels {
		b.WriteString(" " + l + " |")
	}
	b.WriteString(" total |\n|---|")
	for range labels {
		b.WriteString("---:|")
	}
	b.WriteString("---:|\n")
	colTotal := make([]int64, len(labels))
	var all int64
	for _, fam := range families {
		fmt.Fprintf(b, "| %s |", mdCell(fam))
		var rowTotal int64
		for k := range labels {
			v := n(fam, k)
			colTotal[k] += v
			rowTotal += v
			fmt.Fprintf(b, " %d |", v)
		}
		all += rowTotal
		fmt.Fprintf(b, " %d |\n", rowTotal)
	}
	b.WriteString("| **total** |")
	for _, v := range colTotal {
		fmt.Fprintf(b, " %d |", v)
	}
	fmt.Fprintf(b, " %d |\n\n", all)
}

// summary returns the registered one-sentence summary of a suite, or "".
func summary(name string) string {
	if s, ok := suites.Lookup(name); ok {
		return s.Summary
	}
	return ""
}

// mdCell escapes s for a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "\\", "\\\\")
	s = strings.ReplaceAll(s, "|", "\\|")
	s = strings.ReplaceAll(s, "\r", " ")
	return strings.ReplaceAll(s, "\n", " ")
}

// mdCode writes s as inline code, with enough backticks around it. It is
// also safe in a table cell.
func mdCode(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r", " "), "\n", " ")
	s = strings.ReplaceAll(s, "|", "\\|")
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return ticks + " " + s + " " + ticks
	}
	return ticks + s + ticks
}

// mdCodeOr is mdCode(s), or the plain text none when s is empty.
func mdCodeOr(s, none string) string {
	if s == "" {
		return none
	}
	return mdCode(s)
}

// codeFence returns a backtick fence longer than any run in s.
func codeFence(s string) string {
	return strings.Repeat("`", max(3, longestRun(s, '`')+1))
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// pyString returns s as a Python string literal.
func pyString(s string) string { return strconv.Quote(s) }

// sqlString returns s as a SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
