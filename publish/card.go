package publish

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/layout"
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
	// Fonts names the font the pictures are set in, as typeface.ID gives
	// it (name, version, SHA-256), or "" for a run without images.
	Fonts string
	// Scale is the device pixel ratio of the screenshots.
	Scale float64
	// Published is the date the dataset is published, YYYY-MM-DD, or ""
	// for none (croissant.json's datePublished, the card's citation).
	Published string
	// Blind is what readers of the text alone scored, quoted for the
	// dataset's own cells; nil leaves it out.
	Blind Measured
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
func dataFiles(suite string) string { return suite + "/" + layout.Glob }

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

// cardMarkdown returns the whole README.md. It says only what describes
// the dataset it is written for: its own suites, families and cells.
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
		"Each row shows a screenshot of a form of checkboxes, sliders, radio buttons and text boxes " +
		"(two for `temporal_order`), states a task, and asks about plans of actions on it. " +
		"Every label was computed by an exact simulator of the form; the `metadata` column " +
		"holds the form, its states and the plans as JSON, enough to check any label again. " +
		"The questions are synthetic: no person or real web page appears in them.\n\n")
	if withImage == 0 {
		b.WriteString("**This copy has no screenshots** (`--no-images`): `image` and `image_2` are null, " +
			"and `caption` describes each pictured state in words, for text-only baselines.\n\n")
	} else if withImage < total {
		fmt.Fprintf(&b, "**%d of %d rows have no screenshot** (`image` is null).\n\n", total-withImage, total)
	}

	b.WriteString("## Generation\n\n")
	b.WriteString("| setting | value |\n|---|---|\n")
	fmt.Fprintf(&b, "| seed | %s |\n", mdCode(strconv.FormatUint(info.Seed, 10)))
	fmt.Fprintf(&b, "| flags | %s |\n", mdCodeOr(info.Flags, "not given"))
	fmt.Fprintf(&b, "| generator version | %s |\n", mdCodeOr(info.Version, "not given"))
	fmt.Fprintf(&b, "| Chromium | %s |\n", mdCodeOr(info.Chromium, "none (no images)"))
	fmt.Fprintf(&b, "| font (shipped with gen) | %s |\n", mdCodeOr(info.Fonts, "none (no images)"))
	scale := "none (no images)"
	if info.Scale != 0 {
		scale = mdCode(strconv.FormatFloat(info.Scale, 'g', -1, 64))
	}
	fmt.Fprintf(&b, "| scale (device pixel ratio) | %s |\n\n", scale)
	b.WriteString("Every question is a function of the seed, the flags, the suite and its index, and no two rows of a suite " +
		"have the same prompts and pictures (a row that would ask what a row before it asks is drawn again); " +
		"screenshots also depend on the Chromium version and the font, and on nothing else of the machine.\n\n")
	writePaperSettings(&b, info.Flags)
	paper := strings.Contains(info.Flags, "--protocol "+suites.Paper)

	b.WriteString("## Suites\n\n")
	b.WriteString("| config | rows | what it tests |\n|---|---:|---|\n")
	for _, st := range stats {
		fmt.Fprintf(&b, "| %s | %d | %s |\n", mdCode(st.name), st.rows, mdCell(summary(st.name)))
	}
	fmt.Fprintf(&b, "| **total** | %d | |\n\n", total)
	for _, st := range stats {
		st.measured = blindRows(info.Blind, st.name) // read once, for the intro and the suite's table
	}
	blindIntro(&b, stats, paper, info.Blind)

	for _, st := range stats {
		writeSuiteSection(&b, st, info, paper)
	}
	writeForms(&b, stats)
	writeColumns(&b)
	writeLoading(&b, stats[0].name)
	writeLimitations(&b, stats, withImage > 0, paper)
	writeCitation(&b, info)
	b.WriteString("## License\n\n")
	b.WriteString("[CC BY 4.0](" + licenseURL + ").\n")
	return b.Bytes()
}

// writeSuiteSection writes the card's section about one suite.
func writeSuiteSection(b *bytes.Buffer, st *suiteStats, info Info, paper bool) {
	fmt.Fprintf(b, "### %s\n\n", mdCode(st.name))
	var parts []string
	if len(st.files) > 1 { // one file is the config's data_files
		var files []string
		for _, f := range st.files {
			files = append(files, mdCode(f.rel))
		}
		parts = append(parts, "Files: "+strings.Join(files, ", ")+".")
	}
	if st.twoPictures {
		parts = append(parts, "Each row has two pictures, `image` (Picture 1) and `image_2` (Picture 2).")
	}
	s, known := suites.Lookup(st.name)
	if known && s.Horizon != "" {
		parts = append(parts, fmt.Sprintf("`horizon` counts %s.", s.Horizon))
	}
	switch {
	case st.open && s.Scoring == suites.ByPoint:
		parts = append(parts, "Open-ended: the reply is a click point, right when it falls in the box (the `boxes` column) of the element `metadata.probe` names; `answer` names that element.")
	case st.open:
		parts = append(parts, "Open-ended: `answer` is a gold reply; `gen score` runs any reply in the simulator.")
	}
	if len(parts) > 0 {
		b.WriteString(strings.Join(parts, " ") + "\n\n")
	}
	for _, f := range st.files {
		if f.flags != "" && f.flags != info.Flags || f.version != "" && f.version != info.Version ||
			f.seed != "" && f.seed != strconv.FormatUint(info.Seed, 10) {
			fmt.Fprintf(b, "%s was written by another run: seed %s, version %s, flags %s.\n\n",
				mdCode(f.rel), mdCodeOr(f.seed, "unknown"), mdCodeOr(f.version, "unknown"), mdCodeOr(f.flags, "unknown"))
		}
	}
	if known && paper && s.Paper != "" {
		fmt.Fprintf(b, "Made under `--protocol paper`, the seed paper's settings: %s.\n\n", s.Paper)
	}
	if st.rows > 0 {
		b.WriteString("Its first question:\n\n")
		fence := codeFence(st.example)
		fmt.Fprintf(b, "%stext\n%s\n%s\n\n", fence, st.example, fence)
	}
	writeSuiteTable(b, st)
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
