package score

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/harness"
	"github.com/xuri/excelize/v2"
)

// EachReply reads the replies in the file at path, in whichever of the
// formats gen score takes it is:
//
//   - formplan's JSONL (*.jsonl whose lines have "id"): see Reply; a line
//     without a model takes the file's name;
//   - lmms-eval's --log_samples output, <date>_samples_<task>.jsonl,
//     where task is a formplan task (see harness.Variants): the model is the
//     name of the directory lmms-eval wrote it in, the reply is the
//     sample's resps (the raw generation) or else its filtered_resps,
//     and the row is the one the sample's formplan metric names, or else
//     the suite's row doc_id;
//   - VLMEvalKit's prediction files, <model>_formplan_<suite>.xlsx (the
//     default), .tsv, .csv or .json: the row is the suite's index, the
//     reply the prediction column.
//
// It hands each reply to fn as it is read, stopping at the first error fn
// returns. A JSONL file is never held whole.
func EachReply(path string, d *Dataset, fn func(Reply) error) error {
	base := filepath.Base(path)
	ext := strings.ToLower(filepath.Ext(base))
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	switch ext {
	case ".xlsx", ".tsv", ".csv", ".json":
		return readVLMEvalKit(path, stem, ext, d, fn)
	case ".jsonl":
		if m := samplesName.FindStringSubmatch(base); m != nil {
			return readLMMSEval(path, m[1], d, fn)
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("score: %w", err)
		}
		defer f.Close()
		return scanReplies(f, path, stem, fn)
	}
	return fmt.Errorf("score: %s: cannot tell what kind of file this is: give formplan JSONL (*.jsonl), lmms-eval samples (*_samples_<task>.jsonl) or VLMEvalKit predictions (*.xlsx, *.tsv, *.csv, *.json)", path)
}

// samplesName matches the file name of lmms-eval's --log_samples output.
var samplesName = regexp.MustCompile(`_samples_(.+)\.jsonl$`)

// suiteNames returns the suites of d.
// SuiteNames returns the names of the suites the dataset holds, sorted.
func (d *Dataset) SuiteNames() []string { return slices.Sorted(maps.Keys(d.BySuite)) }

// byIndex returns the question of suite at index, or an error naming the
// file the reference came from.
func (d *Dataset) byIndex(suite string, index int64, path string) (*Question, error) {
	q, ok := d.BySuite[suite][index]
	if !ok {
		return nil, fmt.Errorf("score: %s: suite %s has no row %d: score replies against the directory that asked them", path, suite, index)
	}
	return q, nil
}

// readLMMSEval reads one lmms-eval samples file of task.
func readLMMSEval(path, task string, d *Dataset, fn func(Reply) error) error {
	suite, v, ok := harness.ParseTask(task, d.SuiteNames())
	if !ok {
		return fmt.Errorf("score: %s: task %s is not a formplan task of this dataset (suites %s)", path, task, strings.Join(d.SuiteNames(), ", "))
	}
	model := filepath.Base(filepath.Dir(path))
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("score: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<28)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var s struct {
			DocID         *int64          `json:"doc_id"`
			Resps         json.RawMessage `json:"resps"`
			FilteredResps json.RawMessage `json:"filtered_resps"`
			Formplan      struct {
				ID string `json:"id"`
			} `json:"formplan"`
		}
		if err := json.Unmarshal(text, &s); err != nil {
			return fmt.Errorf("score: %s:%d: %v: not an lmms-eval sample", path, line, err)
		}
		resp, ok := firstString(s.Resps)
		if !ok {
			resp, ok = firstString(s.FilteredResps)
		}
		if !ok {
			return fmt.Errorf("score: %s:%d: no resps or filtered_resps text", path, line)
		}
		id := s.Formplan.ID
		if id == "" {
			if s.DocID == nil {
				return fmt.Errorf("score: %s:%d: neither a formplan id nor a doc_id", path, line)
			}
			q, err := d.byIndex(suite, *s.DocID, path)
			if err != nil {
				return err
			}
			id = q.ID
		}
		if err := fn(Reply{ID: id, Response: resp, Model: model, PromptStyle: v.PromptStyle, Setting: v.Setting}); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("score: %s: %w", path, err)
	}
	return nil
}

// firstString returns the text of a JSON string, or of the first string
// in nested lists of them, as lmms-eval logs responses.
func firstString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil && len(list) > 0 {
		return firstString(list[0])
	}
	return "", false
}

// readVLMEvalKit reads a VLMEvalKit prediction file named
// <model>_formplan_<suite>.<ext>.
func readVLMEvalKit(path, stem, ext string, d *Dataset, fn func(Reply) error) error {
	var model, suite string
	if k := strings.LastIndex(stem, "_"+harness.TaskPrefix); k >= 0 {
		s, v, ok := harness.ParseTask(stem[k+1:], d.SuiteNames())
		if ok && v.Suffix == "" {
			model, suite = stem[:k], s
		}
	}
	if suite == "" {
		return fmt.Errorf("score: %s: not a VLMEvalKit prediction file of this dataset: its name must be <model>_%s<suite>%s (suites %s)", path, harness.TaskPrefix, ext, strings.Join(d.SuiteNames(), ", "))
	}
	rows, err := readTable(path, ext)
	if err != nil {
		return fmt.Errorf("score: %s: %w", path, err)
	}
	if len(rows) == 0 {
		return fmt.Errorf("score: %s: empty", path)
	}
	col := map[string]int{}
	for k, name := range rows[0] {
		col[name] = k
	}
	ci, ok1 := col["index"]
	cp, ok2 := col["prediction"]
	if !ok1 || !ok2 {
		return fmt.Errorf("score: %s: no index or prediction column: give the file VLMEvalKit's inference wrote", path)
	}
	for n, row := range rows[1:] {
		if len(row) <= max(ci, cp) {
			row = append(row, make([]string, max(ci, cp)+1-len(row))...)
		}
		index, err := strconv.ParseFloat(strings.TrimSpace(row[ci]), 64)
		if err != nil || index != float64(int64(index)) {
			return fmt.Errorf("score: %s: row %d: index %q is not a whole number", path, n+2, row[ci])
		}
		q, err := d.byIndex(suite, int64(index), path)
		if err != nil {
			return err
		}
		if err := fn(Reply{ID: q.ID, Response: row[cp], Model: model, PromptStyle: "vlmevalkit", Setting: "image"}); err != nil {
			return err
		}
	}
	return nil
}

// readTable reads a prediction table as rows of cells, the header first.
func readTable(path, ext string) ([][]string, error) {
	switch ext {
	case ".xlsx":
		f, err := excelize.OpenFile(path)
		if err != nil {
			return nil, fmt.Errorf("not an Excel workbook: %w", err)
		}
		defer f.Close()
		sheets := f.GetSheetList()
		if len(sheets) == 0 {
			return nil, fmt.Errorf("no sheet")
		}
		return f.GetRows(sheets[0], excelize.Options{RawCellValue: true})
	case ".json":
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var records []map[string]any
		if err := json.Unmarshal(raw, &records); err != nil {
			return nil, fmt.Errorf("%v: want a JSON list of records", err)
		}
		rows := [][]string{{"index", "prediction"}}
		for _, r := range records {
			rows = append(rows, []string{cellText(r["index"]), cellText(r["prediction"])})
		}
		return rows, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	if ext == ".tsv" {
		cr.Comma = '\t'
	}
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	return cr.ReadAll()
}

// cellText returns a JSON value as a table cell's text.
func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}
