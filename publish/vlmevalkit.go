package publish

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/harness"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// vlmDir is the directory of the VLMEvalKit files, under the dataset
// directory.
const vlmDir = "vlmevalkit"

// pandasNA are the cell texts that pandas.read_csv, which VLMEvalKit uses,
// reads as a missing value by default.
var pandasNA = map[string]bool{
	"": true, "#N/A": true, "#N/A N/A": true, "#NA": true, "-1.#IND": true, "-1.#QNAN": true,
	"-NaN": true, "-nan": true, "1.#IND": true, "1.#QNAN": true, "<NA>": true, "N/A": true,
	"NA": true, "NULL": true, "NaN": true, "None": true, "n/a": true, "nan": true, "null": true,
}

// VLMEvalKit writes <dir>/vlmevalkit/formplan_<suite>.tsv for every suite
// found in dir, in the layout of VLMEvalKit's image datasets, and
// <dir>/vlmevalkit/config.json, which names the dataset class of each
// (see vlmConfig). A TSV's name is its dataset name in VLMEvalKit: copy
// the files into VLMEvalKit's LMUData directory. The columns are
//
//	index        the row's index within its suite
//	image        the screenshot as base64 PNG; for a two-picture row a
//	             Python list literal of two base64 strings; for a row whose
//	             screenshot equals an earlier row's, that row's index
//	             (VLMEvalKit reads a cell of 64 characters or fewer so)
//	question     the row's question column, without its option list
//	hint         the row's instruct prompt without the question: the
//	             rules of the actions, for an open-ended suite the action
//	             language, and the reply format (VLMEvalKit shows it
//	             before the question)
//	A, B, ...    the options, as many columns as the suite's most options;
//	             left out for a suite answered Yes/No
//	answer       the letter, or Yes/No
//	category     the form family
//	l2-category  the suite
//
// Multiple-choice suites load as VLMEvalKit's ImageMCQDataset. A suite
// whose answers are all Yes or No has no option columns and is loaded
// through config.json as an ImageYORNDataset. An open-ended suite
// (plan_generation, next_action) has no option columns either and loads
// as CustomVQADataset, which runs the model and grades nothing: gen score
// alone scores those predictions, as config.json and the card say. Dataset names
// containing MMBench, MME, POPE or circular trigger special scoring in
// VLMEvalKit and are best avoided. VLMEvalKit builds its own prompt from
// question and the option columns; it does not use the row's
// prompt_instruct. So the question cell holds the question without its
// lettered option list (see stem), which VLMEvalKit appends from A-H.
//
// Cells are tab-separated and quoted as CSV where they hold a tab, a quote
// or a line break, which pandas reads back. pandas also reads texts such as
// None, NA or null as missing values, so a question, option, answer or
// category equal to one of them is an error rather than a silently empty
// cell. A row without a screenshot (data generated with --no-images) is
// an error: VLMEvalKit drops such rows.
func VLMEvalKit(dir string) error {
	dirs, err := findSuites(dir)
	if err != nil {
		return err
	}
	classes := map[string]vlmClass{}
	for i := range dirs {
		s := &dirs[i]
		layout, err := vlmSuite(dir, s)
		if err != nil {
			return err
		}
		class := vlmClass{Class: "ImageMCQDataset", Dataset: vlmName(s.Name)}
		switch {
		case layout.open:
			class.Class, class.Note = "CustomVQADataset", vlmOpenNote
		case layout.yorn:
			class.Class = "ImageYORNDataset"
		}
		classes[class.Dataset] = class
	}
	cfg, err := json.MarshalIndent(vlmConfig{Model: map[string]struct{}{vlmModel: {}}, Data: classes}, "", "  ")
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	return writeBytes(filepath.Join(dir, vlmDir, "config.json"), append(cfg, '\n'))
}

// vlmName returns the VLMEvalKit dataset name of a suite, which is also
// its TSV's name.
func vlmName(suite string) string { return harness.TaskPrefix + suite }

// vlmModel is the model config.json names, one of VLMEvalKit's own; the
// user puts theirs in its place.
const vlmModel = "Qwen2-VL-7B-Instruct"

// vlmConfig is VLMEvalKit's config.json (run.py --config): the models to
// run and, per dataset, the class that loads it.
type vlmConfig struct {
	Model map[string]struct{} `json:"model"`
	Data  map[string]vlmClass `json:"data"`
}

// vlmClass is a dataset entry of config.json. VLMEvalKit passes a dataset
// class only the keys its constructor takes, so Note is read by people
// alone.
type vlmClass struct {
	Class   string `json:"class"`
	Dataset string `json:"dataset"`
	Note    string `json:"formplan_note,omitempty"`
}

// vlmOpenNote says how an open-ended suite is scored.
const vlmOpenNote = "An open-ended suite: VLMEvalKit runs the model and writes its predictions, " +
	"but CustomVQADataset has no evaluation of its own (VLMEvalKit logs NotImplementedError and goes on). " +
	"Only gen score scores these replies: gen score <dataset dir> <model>_" + harness.TaskPrefix + "<suite>.xlsx"

// vlmLayout is what decides the columns of a suite's TSV.
type vlmLayout struct {
	options int  // option columns
	yorn    bool // every answer is Yes or No
	open    bool // an open-ended suite: no options, scored by gen score alone
}

// vlmScan reads a suite once to decide its columns.
func vlmScan(s *layout.Suite) (vlmLayout, error) {
	l := vlmLayout{yorn: true}
	for _, f := range s.Files {
		rel := f.Rel()
		err := eachSummary(f.Path, func(_ *dataset.Reader, row *dataset.Summary) error {
			if row.ImageWidth == 0 {
				return fmt.Errorf("publish: %s: row %s has no screenshot, and VLMEvalKit drops rows without one: generate without --no-images", rel, row.ID)
			}
			l.options = max(l.options, len(row.Choices))
			if row.Answer != "Yes" && row.Answer != "No" {
				l.yorn = false
			}
			return nil
		})
		if err != nil {
			return l, err
		}
	}
	if l.options > len(question.Letters) {
		return l, fmt.Errorf("publish: %s: %d options, VLMEvalKit layout has at most %d", s.Name, l.options, len(question.Letters))
	}
	if su, ok := suites.Lookup(s.Name); ok && su.Open {
		l.open, l.yorn = true, false
	}
	if l.yorn {
		l.options = 0
	}
	return l, nil
}

// vlmSuite writes the TSV of one suite and returns its layout.
func vlmSuite(dir string, s *layout.Suite) (vlmLayout, error) {
	layout, err := vlmScan(s)
	if err != nil {
		return layout, err
	}
	path := filepath.Join(dir, vlmDir, vlmName(s.Name)+".tsv")
	return layout, writeFile(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Comma = '\t'
		header := []string{"index", "image", "question", "hint"}
		header = append(header, strings.Split(question.Letters[:layout.options], "")...) // the option columns
		header = append(header, "answer", "category", "l2-category")
		if err := cw.Write(header); err != nil {
			return err
		}
		seen := map[[sha256.Size]byte]string{} // image hash -> first index
		var pos int64
		record := make([]string, len(header))
		for _, f := range s.Files {
			rel := f.Rel()
			err := eachRow(f.Path, func(_ *dataset.Reader, row *dataset.Row) error {
				index := pos
				if row.Index != nil {
					index = *row.Index
				}
				pos++
				idx := strconv.FormatInt(index, 10)
				hint, err := vlmHint(row.PromptInstruct, row.Question)
				if err != nil {
					return fmt.Errorf("publish: %s row %s: %w", rel, idx, err)
				}
				record = record[:0]
				record = append(record, idx, vlmImage(row, idx, seen), stem(row.Question, row.Choices), hint)
				for k := 0; k < layout.options; k++ {
					if k < len(row.Choices) {
						record = append(record, row.Choices[k])
					} else {
						record = append(record, "")
					}
				}
				record = append(record, row.Answer, row.Family, s.Name)
				if err := vlmCheck(header, record, layout, len(row.Choices)); err != nil {
					return fmt.Errorf("publish: %s row %s: %w", rel, idx, err)
				}
				return cw.Write(record)
			})
			if err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	})
}

// vlmImage returns the image cell of a row whose index is idx. A single
// picture already written for an earlier row is written as that row's
// index.
func vlmImage(row *dataset.Row, idx string, seen map[[sha256.Size]byte]string) string {
	var pics [][]byte
	for _, im := range []*dataset.Image{row.Image, row.Image2} {
		if im != nil && len(im.Bytes) > 0 {
			pics = append(pics, im.Bytes)
		}
	}
	switch len(pics) {
	case 0:
		return ""
	case 1:
		sum := sha256.Sum256(pics[0])
		if first, ok := seen[sum]; ok {
			return first
		}
		seen[sum] = idx
		return base64.StdEncoding.EncodeToString(pics[0])
	default:
		cell := "["
		for k, p := range pics {
			if k > 0 {
				cell += ", "
			}
			cell += "'" + base64.StdEncoding.EncodeToString(p) + "'"
		}
		return cell + "]"
	}
}

// vlmCheck rejects a record that pandas would read back with a missing
// value where the row has one. Option cells past the row's own options are
// meant to be empty.
func vlmCheck(header, record []string, layout vlmLayout, choices int) error {
	for k, cell := range record {
		name := header[k]
		if name == "index" || name == "image" {
			continue
		}
		if k >= vlmOptionCol && k < vlmOptionCol+layout.options && k-vlmOptionCol >= choices {
			continue
		}
		if pandasNA[cell] {
			return fmt.Errorf("column %s is %q, which pandas reads as a missing value", name, cell)
		}
	}
	return nil
}

// vlmOptionCol is the column of option A.
const vlmOptionCol = 4

// vlmHint returns the hint of a row, which VLMEvalKit shows before the
// question: the row's instruct prompt without the question, so the rules
// of the actions, for the open-ended suites the action language, and the
// reply format asked for.
func vlmHint(prompt, question string) (string, error) {
	before, after, ok := strings.Cut(prompt, question)
	if !ok {
		return "", fmt.Errorf("prompt_instruct does not hold the question")
	}
	return strings.TrimSpace(strings.TrimSpace(before) + "\n\n" + strings.TrimSpace(after)), nil
}

// stem returns question without the lettered option list it ends with
// ("A.\n<option>\nB.\n..."), or question itself when it ends with none.
func stem(question string, choices []string) string {
	if len(choices) == 0 {
		return question
	}
	if s, ok := strings.CutSuffix(question, "\n"+suites.OptionList(choices)); ok && s != "" {
		return s
	}
	return question
}
