package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/blind"
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/harness"
	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// perSuite is how many questions each suite of the test data has.
const perSuite = 7

// testInfo is the Info of the test data.
var testInfo = Info{Seed: 11, Flags: "--seed 11 --n 7 --no-images", Version: "0.0.0-test", Published: "2026-11-28", Blind: blind.Tables{}}

// fakePainter paints every picture as a tiny PNG whose colour depends on
// the pictured state only, so equal states give equal images.
type fakePainter struct{}

func (fakePainter) Paint(_ context.Context, qs []question.Question, rows []dataset.Row) error {
	for k := range qs {
		for pic, s := range qs[k].Meta.Pictures {
			h := fnv.New32a()
			io.WriteString(h, s.Key())
			sum := h.Sum32()
			img := image.NewRGBA(image.Rect(0, 0, 3, 2))
			for x := 0; x < 3; x++ {
				for y := 0; y < 2; y++ {
					img.Set(x, y, color.RGBA{uint8(sum), uint8(sum >> 8), uint8(sum >> 16), 255})
				}
			}
			var b bytes.Buffer
			if err := png.Encode(&b, img); err != nil {
				return err
			}
			im := &dataset.Image{Bytes: b.Bytes()}
			switch pic {
			case 0:
				rows[k].Image = im
				rows[k].ImageWidth, rows[k].ImageHeight, rows[k].Scale = 3, 2, 1
				rows[k].Boxes = "{}"
			case 1:
				rows[k].Image2 = im
			}
		}
	}
	return nil
}

// makeData generates every registered suite into dir through the real
// pipeline, with painter (nil: no images).
func makeData(t *testing.T, dir string, painter pipeline.Painter) {
	t.Helper()
	all := suites.DrawnSuites()
	counts := make([]int64, len(all))
	for k := range counts {
		counts[k] = perSuite
	}
	plan := pipeline.Plan{
		Out: dir, Suites: all, Counts: counts,
		Spec:    suites.Spec{Seed: testInfo.Seed, Families: forms.Defaults()},
		Workers: 2, Version: testInfo.Version, Flags: testInfo.Flags, Painter: painter,
	}
	if _, err := pipeline.Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
}

// exported runs Card on dir, and VLMEvalKit when its rows have pictures.
func exported(t *testing.T, dir string, info Info) {
	t.Helper()
	if err := Card(dir, info); err != nil {
		t.Fatal(err)
	}
	if dir == noImages {
		return // VLMEvalKit refuses rows without pictures
	}
	if err := VLMEvalKit(dir); err != nil {
		t.Fatal(err)
	}
}

// suiteRows reads every row of each suite of dir.
func suiteRows(t *testing.T, dir string) map[string][]dataset.Row {
	t.Helper()
	out := map[string][]dataset.Row{}
	for _, s := range suites.DrawnSuites() {
		for _, p := range parquetFiles(t, dir, s.Name) {
			rows, err := dataset.ReadRows(p)
			if err != nil {
				t.Fatal(err)
			}
			out[s.Name] = append(out[s.Name], rows...)
		}
	}
	return out
}

// parquetFiles returns the Parquet files of a suite in dir, sorted.
func parquetFiles(t *testing.T, dir, suite string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, suite, "test-*.parquet"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no Parquet files (%v)", suite, err)
	}
	sort.Strings(files)
	return files
}

var (
	noImages   string // a dataset without images, exported
	withImages string // the same with fake pictures, exported
)

func TestMain(m *testing.M) {
	code := func() int {
		tmp, err := os.MkdirTemp("", "export-test-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(tmp)
		noImages, withImages = filepath.Join(tmp, "plain"), filepath.Join(tmp, "pictures")
		return m.Run()
	}()
	os.Exit(code)
}

// data returns the exported test dataset, with or without pictures,
// making it on first use.
func data(t *testing.T, pictures bool) string {
	t.Helper()
	dir, painter := noImages, pipeline.Painter(nil)
	if pictures {
		dir, painter = withImages, fakePainter{}
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err == nil {
		return dir
	}
	makeData(t, dir, painter)
	exported(t, dir, testInfo)
	return dir
}

// cardHeader splits README.md into its YAML header and body.
func cardHeader(t *testing.T, dir string) (map[string]any, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, "---\n") {
		t.Fatal("README.md does not start with a YAML header")
	}
	end := strings.Index(s[4:], "\n---\n")
	if end < 0 {
		t.Fatal("README.md: YAML header not closed")
	}
	v, err := parseYAML(s[4 : 4+end+1])
	if err != nil {
		t.Fatalf("README.md header: %v", err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("README.md header is %T", v)
	}
	return m, s[4+end+5:]
}

func TestCardHeader(t *testing.T) {
	dir := data(t, false)
	rows := suiteRows(t, dir)
	h, _ := cardHeader(t, dir)
	if h["license"] != "cc-by-4.0" {
		t.Errorf("license = %v", h["license"])
	}
	if fmt.Sprint(h["task_categories"]) != "[visual-question-answering]" {
		t.Errorf("task_categories = %v", h["task_categories"])
	}
	if fmt.Sprint(h["size_categories"]) != "[n<1K]" {
		t.Errorf("size_categories = %v", h["size_categories"])
	}
	if tags, _ := h["tags"].([]any); len(tags) == 0 {
		t.Errorf("tags = %v", h["tags"])
	}
	configs, _ := h["configs"].([]any)
	infos, _ := h["dataset_info"].([]any)
	names := suites.Drawn()
	sort.Strings(names)
	if len(configs) != len(names) || len(infos) != len(names) {
		t.Fatalf("%d configs and %d dataset_info for %d suites", len(configs), len(infos), len(names))
	}
	for k, name := range names {
		c := configs[k].(map[string]any)
		want := map[string]any{"config_name": name, "data_files": []any{map[string]any{"split": "test", "path": name + "/test-*.parquet"}}}
		if fmt.Sprint(c) != fmt.Sprint(want) {
			t.Errorf("config %d = %v, want %v", k, c, want)
		}
		matches, _ := filepath.Glob(filepath.Join(dir, name, "test-*.parquet"))
		if len(matches) != 1 {
			t.Errorf("%s: data_files match %d files", name, len(matches))
		}
		in := infos[k].(map[string]any)
		want = map[string]any{"config_name": name, "splits": []any{map[string]any{"name": "test", "num_examples": int64(len(rows[name]))}}}
		if fmt.Sprint(in) != fmt.Sprint(want) {
			t.Errorf("dataset_info %d = %v, want %v", k, in, want)
		}
		if len(rows[name]) != perSuite {
			t.Errorf("%s: %d rows, want %d", name, len(rows[name]), perSuite)
		}
	}
}

// mdTable parses the Markdown table that follows the paragraph intro in
// body: its header cells but the first, and its rows keyed by first cell.
func mdTable(t *testing.T, body, intro string) ([]string, map[string][]string) {
	t.Helper()
	i := strings.Index(body, intro+"\n\n")
	if i < 0 {
		t.Fatalf("no %q in the card", intro)
	}
	lines := strings.Split(body[i+len(intro)+2:], "\n")
	cells := func(l string) []string {
		parts := strings.Split(strings.Trim(l, "|"), "|")
		for k := range parts {
			parts[k] = strings.TrimSpace(parts[k])
		}
		return parts
	}
	head := cells(lines[0])
	rows := map[string][]string{}
	for _, l := range lines[2:] {
		if !strings.HasPrefix(l, "|") {
			break
		}
		c := cells(l)
		if len(c) != len(head) {
			t.Fatalf("table row %q has %d cells, header %d", l, len(c), len(head))
		}
		rows[c[0]] = c[1:]
	}
	return head[1:], rows
}

func TestCardCounts(t *testing.T) {
	for _, pictures := range []bool{false, true} {
		dir := data(t, pictures)
		_, body := cardHeader(t, dir)
		all := suiteRows(t, dir)
		_, overview := mdTable(t, body, "## Suites")
		for name, rows := range all {
			if got := overview["`"+name+"`"]; len(got) == 0 || got[0] != strconv.Itoa(len(rows)) {
				t.Errorf("overview row of %s = %v, want %d rows", name, got, len(rows))
			}
			sec := strings.Index(body, "### `"+name+"`\n")
			if sec < 0 {
				t.Fatalf("no section for %s", name)
			}
			section := body[sec:]
			if next := strings.Index(section[4:], "\n## "); next >= 0 {
				section = section[:next+4]
			}
			if next := strings.Index(section[4:], "\n### "); next >= 0 {
				section = section[:next+4]
			}
			if !strings.Contains(section, "\n"+rows[0].Question+"\n") {
				t.Errorf("%s: the first question is not in its section", name)
			}
			s, _ := suites.Lookup(name)
			if got := overview["`"+name+"`"]; len(got) < 2 || got[1] != s.Summary {
				t.Errorf("%s: summary missing from the overview: %v", name, got)
			}
			if s.NoHorizon {
				checkFreeTable(t, name, section, rows, s.Open)
				continue
			}
			checkSuiteTable(t, name, section, rows, s.Open)
		}
		for _, want := range []string{"`11`", "`--seed 11 --n 7 --no-images`", "`0.0.0-test`",
			`load_dataset("parquet", data_files={"test": "edge_case/test-*.parquet"}, split="test")`,
			`load_dataset("path/to/this/directory", "edge_case", split="test")`,
			"FROM 'edge_case/test-*.parquet'"} {
			if !strings.Contains(body, want) {
				t.Errorf("the card lacks %s", want)
			}
		}
		if noShots := strings.Contains(body, "This copy has no screenshots"); noShots == pictures {
			t.Errorf("pictures %v: no-screenshot notice shown = %v", pictures, noShots)
		}
	}
}

// checkSuiteTable checks a suite's table of rows by family and horizon
// against its rows: every count, every total, the answers line, and in
// every cell the rows fill (and in no other) the best reader of the text
// alone that blind/table.md measured on that cell.
func checkSuiteTable(t *testing.T, name, section string, rows []dataset.Row, open bool) {
	t.Helper()
	const intro = "Rows by family and horizon"
	i := strings.Index(section, "\n"+intro)
	if i < 0 {
		t.Fatalf("%s: no %q in its section", name, intro)
	}
	line, _, _ := strings.Cut(section[i+1:], "\n")
	cols, table := mdTable(t, section, line)
	if len(cols) < 2 || cols[len(cols)-2] != "rows" || cols[len(cols)-1] != "p" {
		t.Fatalf("%s: columns %v", name, cols)
	}
	horizons := cols[:len(cols)-2]
	type key struct {
		family, horizon string
	}
	counts := map[key]int{}
	options := map[key]int64{}
	byFamily := map[string]int{}
	answers := map[string]int{}
	for _, r := range rows {
		k := key{r.Family, "h" + strconv.FormatInt(*r.Horizon, 10)}
		counts[k]++
		if !open {
			options[k] = int64(len(r.Choices))
		}
		byFamily[r.Family]++
		answers[r.Answer]++
	}
	measured := blindRows(blind.Tables{}, name)
	for fam, n := range byFamily {
		got, ok := table[fam]
		if !ok {
			t.Errorf("%s: no row for %s", name, fam)
			continue
		}
		sum := 0
		for k, h := range horizons {
			want := counts[key{fam, h}]
			sum += want
			if want == 0 {
				if got[k] != "" {
					t.Errorf("%s %s %s = %q, want an empty cell", name, fam, h, got[k])
				}
				continue
			}
			num, bracket, _ := strings.Cut(got[k], " (")
			if num != strconv.Itoa(want) {
				t.Errorf("%s %s %s = %q, want %d rows", name, fam, h, got[k], want)
			}
			hz, _ := strconv.ParseInt(strings.TrimPrefix(h, "h"), 10, 64)
			r, ok := measured[fam][cell{options[key{fam, h}], hz}]
			wantBracket := "-)"
			switch {
			case ok && open:
				wantBracket = r.score + " / " + r.chance + ")"
			case ok:
				wantBracket = r.score + ")"
			}
			if bracket != wantBracket {
				t.Errorf("%s %s %s: text alone (%s, want (%s", name, fam, h, bracket, wantBracket)
			}
		}
		if sum != n || got[len(got)-2] != strconv.Itoa(n) {
			t.Errorf("%s %s: total %s, cells %d, rows %d", name, fam, got[len(got)-2], sum, n)
		}
	}
	if len(table) != len(byFamily)+1 {
		t.Errorf("%s: %d table rows, want %d families and a total", name, len(table), len(byFamily))
	}
	total := table["**total**"]
	for k, h := range horizons {
		n := 0
		for fam := range byFamily {
			n += counts[key{fam, h}]
		}
		if total[k] != strconv.Itoa(n) {
			t.Errorf("%s: total of %s = %s, want %d", name, h, total[k], n)
		}
	}
	if total[len(total)-2] != strconv.Itoa(len(rows)) {
		t.Errorf("%s: total %v, want %d", name, total, len(rows))
	}
	has := strings.Contains(section, "\nAnswers: ")
	if open {
		if has {
			t.Errorf("%s: the card counts gold replies", name)
		}
		return
	}
	var parts []string
	for _, a := range sortedKeys(answers) {
		parts = append(parts, fmt.Sprintf("`%s` %d", a, answers[a]))
	}
	if want := "\nAnswers: " + strings.Join(parts, ", ") + ".\n"; !strings.Contains(section, want) {
		t.Errorf("%s: no %q in its section", name, want)
	}
}

// checkFreeTable checks the table of a suite without horizon: one column
// of rows, a line per family and option count (its questions are of
// kinds with different counts), each with what gen blind measured there.
func checkFreeTable(t *testing.T, name, section string, rows []dataset.Row, open bool) {
	t.Helper()
	intro := "Rows by family and horizon (text alone: chance 1/options):"
	if open {
		// No options: a line per family, against each row's bound.
		intro = "Rows by family and horizon (text alone: best reader / bound):"
	}
	cols, table := mdTable(t, section, intro)
	if fmt.Sprint(cols) != "[no horizon rows p]" {
		t.Fatalf("%s: columns %v", name, cols)
	}
	counts := map[string]int{}
	options := map[string]int64{}
	for _, r := range rows {
		if *r.Horizon != 0 {
			t.Errorf("%s row %d: horizon %d", name, *r.Index, *r.Horizon)
		}
		line := fmt.Sprintf("%s (%d options)", r.Family, len(r.Choices))
		if open {
			line = r.Family
		}
		counts[line]++
		options[line] = int64(len(r.Choices))
	}
	measured := blindRows(blind.Tables{}, name)
	for line, n := range counts {
		got, ok := table[line]
		if !ok {
			t.Errorf("%s: no line %q in %v", name, line, table)
			continue
		}
		fam, _, _ := strings.Cut(line, " (")
		bracket := "(-)"
		switch r, ok := measured[fam][cell{options[line], 0}]; {
		case ok && open:
			bracket = "(" + r.score + " / " + r.chance + ")"
		case ok:
			bracket = "(" + r.score + ")"
		}
		if want := fmt.Sprintf("%d %s", n, bracket); got[0] != want || got[1] != strconv.Itoa(n) {
			t.Errorf("%s %s: %q, want %q and %d rows", name, line, got, want, n)
		}
	}
	if len(table) != len(counts)+1 || table["**total**"][1] != strconv.Itoa(len(rows)) {
		t.Errorf("%s: %d lines, want %d and a total of %d rows: %v", name, len(table), len(counts), len(rows), table)
	}
}

func TestCroissant(t *testing.T) {
	for _, pictures := range []bool{false, true} {
		dir := data(t, pictures)
		b, err := os.ReadFile(filepath.Join(dir, "croissant.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Context    map[string]any `json:"@context"`
			Type       string         `json:"@type"`
			ConformsTo string         `json:"conformsTo"`
			Name       string         `json:"name"`
			License    string         `json:"license"`
			URL        string         `json:"url"`
			Creator    map[string]any `json:"creator"`
			CiteAs     string         `json:"citeAs"`
			Published  string         `json:"datePublished"`
			Version    string         `json:"version"`
			RecordSet  []struct {
				Type string `json:"@type"`
				ID   string `json:"@id"`
				Key  struct {
					ID string `json:"@id"`
				} `json:"key"`
				Field []struct {
					Type     string `json:"@type"`
					ID       string `json:"@id"`
					DataType string `json:"dataType"`
					IsArray  bool   `json:"isArray"`
					Source   struct {
						FileObject struct {
							ID string `json:"@id"`
						} `json:"fileObject"`
						Extract   struct{ Column string }
						Transform struct{ JSONPath string } `json:"transform"`
					} `json:"source"`
				} `json:"field"`
			} `json:"recordSet"`
		}
		// Go's decoder matches keys case-insensitively; "@"-keys need tags.
		var raw struct {
			Dist []map[string]any `json:"distribution"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		if doc.Type != "sc:Dataset" || doc.ConformsTo != "http://mlcommons.org/croissant/1.1" || doc.Name == "" ||
			doc.License == "" || doc.URL == "" || doc.Creator["name"] == nil {
			t.Errorf("dataset-level properties: %+v", doc)
		}
		card, err := os.ReadFile(filepath.Join(dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(doc.CiteAs, "@misc{formplan,") || !strings.Contains(string(card), "```bibtex\n"+doc.CiteAs+"```") ||
			!strings.Contains(doc.CiteAs, "year         = {2026}") || doc.Published != testInfo.Published || doc.Version != testInfo.Version {
			t.Errorf("citeAs %q (not the card's BibTeX?), datePublished %q, version %q", doc.CiteAs, doc.Published, doc.Version)
		}
		for _, k := range []string{"@vocab", "sc", "cr", "dct", "rai", "conformsTo", "extract", "jsonPath", "isArray"} {
			if doc.Context[k] == nil {
				t.Errorf("@context lacks %s", k)
			}
		}
		// The reference validator looks the dataset up as
		// https://schema.org/Dataset: sc:Dataset must expand to it.
		for _, k := range []string{"@vocab", "sc"} {
			if doc.Context[k] != "https://schema.org/" {
				t.Errorf("@context %s is %v, want https://schema.org/", k, doc.Context[k])
			}
		}
		ids := map[string]bool{}
		files := map[string]bool{}
		for k, d := range raw.Dist {
			id, _ := d["@id"].(string)
			if d["@type"] != "cr:FileObject" || ids[id] {
				t.Errorf("distribution %d: %v", k, d)
			}
			ids[id] = true
			files[id] = true
			url, _ := d["contentUrl"].(string)
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(url)))
			if err != nil {
				t.Errorf("contentUrl %s: %v", url, err)
				continue
			}
			sum := sha256.Sum256(got)
			if d["sha256"] != hex.EncodeToString(sum[:]) {
				t.Errorf("%s: sha256 %v, file has %x", url, d["sha256"], sum)
			}
			if d["encodingFormat"] != "application/x-parquet" || d["contentSize"] != fmt.Sprintf("%d B", len(got)) {
				t.Errorf("%s: %v", url, d)
			}
		}
		if len(files) != len(suites.DrawnSuites()) {
			t.Errorf("%d files, want one per suite", len(files))
		}
		columns := map[string]dataset.Column{}
		for _, c := range dataset.Columns() {
			columns[c.Name] = c
		}
		if len(doc.RecordSet) != len(suites.DrawnSuites()) {
			t.Fatalf("%d record sets", len(doc.RecordSet))
		}
		for _, rs := range doc.RecordSet {
			if rs.Type != "cr:RecordSet" || ids[rs.ID] || rs.Key.ID != rs.ID+"/id" {
				t.Errorf("record set %s: %+v", rs.ID, rs)
			}
			ids[rs.ID] = true
			got := map[string]bool{}
			for _, f := range rs.Field {
				if ids[f.ID] || f.Type != "cr:Field" || f.ID != rs.ID+"/"+f.Source.Extract.Column {
					t.Errorf("field %s", f.ID)
				}
				ids[f.ID] = true
				c, ok := columns[f.Source.Extract.Column]
				if !ok || !files[f.Source.FileObject.ID] || !strings.HasPrefix(f.Source.FileObject.ID, rs.ID+"/") {
					t.Errorf("field %s: source %+v", f.ID, f.Source)
				}
				got[c.Name] = true
				image := c.Feature.Type == "Image"
				if image != (f.DataType == "sc:ImageObject") || image != (f.Source.Transform.JSONPath == "bytes") ||
					(c.Feature.Type == "Sequence") != f.IsArray {
					t.Errorf("field %s: %+v for feature %+v", f.ID, f, c.Feature)
				}
			}
			for _, want := range []string{"id", "question", "choices", "answer", "answer_idx", "prompt_instruct", "metadata"} {
				if !got[want] {
					t.Errorf("record set %s lacks %s", rs.ID, want)
				}
			}
			if got["image"] != pictures || got["image_2"] != (pictures && rs.ID == "temporal_order") {
				t.Errorf("pictures %v: record set %s has image %v, image_2 %v", pictures, rs.ID, got["image"], got["image_2"])
			}
		}
	}
}

// readYAML parses a YAML file of the package into a map.
func readYAML(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := parseYAML(string(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s: %T", path, v)
	}
	return m
}

// TestLMMSEvalWithoutPictures: a dataset without screenshots gets the
// caption tasks only, since the others would send the model no picture.
func TestLMMSEvalWithoutPictures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(data(t, false), "lmms-eval", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	var want []string
	for _, s := range suites.Drawn() {
		want = append(want, s+"_caption", s+"_caption_cot")
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("tasks %v, want %v", names, want)
	}
}

func TestLMMSEval(t *testing.T) {
	dir := data(t, true)
	columns := map[string]bool{}
	for _, c := range dataset.Columns() {
		columns[c.Name] = true
	}
	utils, err := os.ReadFile(filepath.Join(dir, "lmms-eval", "utils.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites.DrawnSuites() {
		for _, v := range harness.Variants {
			m := readYAML(t, filepath.Join(dir, "lmms-eval", s.Name+v.Suffix+".yaml"))
			if m["task"] != "formplan_"+s.Name+v.Suffix || m["tag"] != "formplan"+v.Suffix || m["dataset_path"] != "parquet" ||
				m["test_split"] != "test" || m["output_type"] != "generate_until" {
				t.Errorf("%s%s: %v", s.Name, v.Suffix, m)
			}
			if suite, got, ok := harness.ParseTask(m["task"].(string), suites.Drawn()); !ok || suite != s.Name || got != v {
				t.Errorf("%s: read back as %s %+v", m["task"], suite, got)
			}
			glob := m["dataset_kwargs"].(map[string]any)["data_files"].(map[string]any)["test"].(string)
			if matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(glob))); len(matches) != 1 {
				t.Errorf("%s: data_files %s matches %v", s.Name, glob, matches)
			}
			wantVisual := "!function utils.doc_to_visual"
			if v.Setting == "caption" {
				wantVisual = "!function utils.no_visual"
			}
			if m["doc_to_visual"] != wantVisual {
				t.Errorf("%s%s: doc_to_visual %v", s.Name, v.Suffix, m["doc_to_visual"])
			}
			for _, key := range []string{"doc_to_visual", "doc_to_text", "doc_to_target", "process_results"} {
				fn, ok := strings.CutPrefix(m[key].(string), "!function utils.")
				if !ok || !bytes.Contains(utils, []byte("\ndef "+fn+"(doc")) {
					t.Errorf("%s: %s is %v, not a function of utils.py", s.Name, key, m[key])
				}
			}
			kw := m["lmms_eval_specific_kwargs"].(map[string]any)["default"].(map[string]any)
			if kw["prompt_style"] != v.PromptStyle || kw["setting"] != v.Setting {
				t.Errorf("%s%s: kwargs %v", s.Name, v.Suffix, kw)
			}
			gen := m["generation_kwargs"].(map[string]any)
			if gen["temperature"] != int64(0) || gen["max_new_tokens"].(int64) < 32 || fmt.Sprint(gen["until"]) != "[]" ||
				v.PromptStyle == "cot" && gen["max_new_tokens"].(int64) < 1024 {
				t.Errorf("%s%s: generation_kwargs %v", s.Name, v.Suffix, gen)
			}
			var metrics []string
			for _, x := range m["metric_list"].([]any) {
				metrics = append(metrics, x.(map[string]any)["metric"].(string))
			}
			want := "[accuracy unparsed formplan]"
			if s.Open {
				// gen score judges plans and actions, called by the
				// measures' aggregations.
				want = fmt.Sprint(append(slices.Clone(lmmsOpenMetrics[s.Name]), "formplan"))
				for _, x := range m["metric_list"].([]any) {
					if name := x.(map[string]any)["metric"]; name != "formplan" && !bytes.Contains(utils, []byte("\ndef "+name.(string)+"(items):")) {
						t.Errorf("%s: utils.py has no aggregation %s", s.Name, name)
					}
				}
				// keep_reply returns exactly the metrics the task lists.
				var tuple []string
				for _, x := range lmmsOpenMetrics[s.Name] {
					tuple = append(tuple, strconv.Quote(x))
				}
				inner := strings.Join(tuple, ", ")
				if len(tuple) == 1 {
					inner += "," // a Python tuple of one: ("in_box",)
				}
				if want := fmt.Sprintf("%q: (%s)", s.Name, inner); !bytes.Contains(utils, []byte(want)) {
					t.Errorf("utils.py's _OPEN_MEASURES lacks %s", want)
				}
			}
			if fmt.Sprint(metrics) != want {
				t.Errorf("%s: metrics %v", s.Name, metrics)
			}
		}
	}
	for _, col := range []string{"prompt_instruct", "prompt_cot", "caption", "id", "choices", "answer", "suite", "metadata", "answer_idx"} {
		if !columns[col] || !bytes.Contains(utils, []byte(`doc["`+col+`"]`)) {
			t.Errorf("utils.py does not read column %s, or there is no such column", col)
		}
	}
}

// tsv reads a TSV file as encoding/csv does with a tab separator.
func tsv(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return recs
}

// TestVLMEvalKitConfig reads config.json as run.py --config does: a model
// entry, and per suite a data entry whose key is its dataset name, the
// name of its TSV, with the class that scores it.
func TestVLMEvalKitConfig(t *testing.T) {
	dir := data(t, true)
	raw, err := os.ReadFile(filepath.Join(dir, "vlmevalkit", "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Model map[string]map[string]any
		Data  map[string]map[string]string
	}
	// VLMEvalKit's run.py hands a dataset class only the keys its
	// constructor takes: formplan_note is for people.
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.Model) != 1 {
		t.Errorf("models %v", cfg.Model)
	}
	if len(cfg.Data) != len(suites.Drawn()) {
		t.Errorf("data %v", cfg.Data)
	}
	for _, s := range suites.Drawn() {
		name := "formplan_" + s
		want := map[string]string{"class": "ImageMCQDataset", "dataset": name}
		switch su, _ := suites.Lookup(s); {
		case s == "future_state":
			want["class"] = "ImageYORNDataset"
		case su.Open:
			want["class"] = "CustomVQADataset"
			want["formplan_note"] = vlmOpenNote
		}
		if fmt.Sprint(cfg.Data[name]) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want %v", name, cfg.Data[name], want)
		}
		if _, err := os.Stat(filepath.Join(dir, "vlmevalkit", name+".tsv")); err != nil {
			t.Errorf("no TSV for dataset %s: %v", name, err)
		}
	}
}

// TestVLMEvalKitNeedsPictures: rows without screenshots are refused, since
// VLMEvalKit would drop every one of them.
func TestVLMEvalKitNeedsPictures(t *testing.T) {
	rows := suiteRows(t, data(t, false))["edge_case"][:2]
	dir := t.TempDir()
	writeParquet(t, filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet"), rows)
	if err := VLMEvalKit(dir); err == nil || !strings.Contains(err.Error(), "has no screenshot") {
		t.Errorf("VLMEvalKit without pictures: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "vlmevalkit")); err == nil {
		t.Error("a refused export left files")
	}
}

func TestVLMEvalKit(t *testing.T) {
	dir := data(t, true)
	for name, rows := range suiteRows(t, dir) {
		recs := tsv(t, filepath.Join(dir, "vlmevalkit", "formplan_"+name+".tsv"))
		maxOpts := 0
		for _, r := range rows {
			maxOpts = max(maxOpts, len(r.Choices))
		}
		letters := "ABCDEFGH"[:maxOpts]
		if name == "future_state" {
			letters = ""
		}
		want := []string{"index", "image", "question", "hint"}
		for _, l := range letters {
			want = append(want, string(l))
		}
		want = append(want, "answer", "category", "l2-category")
		if fmt.Sprint(recs[0]) != fmt.Sprint(want) {
			t.Fatalf("%s header %v, want %v", name, recs[0], want)
		}
		if len(recs)-1 != len(rows) {
			t.Fatalf("%s: %d records, %d rows", name, len(recs)-1, len(rows))
		}
		images := map[string]string{}
		for k, rec := range recs[1:] {
			r := rows[k]
			// The question cell is the question without its option
			// list, which VLMEvalKit appends from the option columns.
			if strings.Contains(rec[2], "\nA.\n") || !strings.HasPrefix(r.Question, rec[2]) {
				t.Errorf("%s row %d: question cell %q still lists the options, or is not the start of %q", name, k, rec[2], r.Question)
			}
			// The hint is the prompt without the question: the rules,
			// the action language of the open-ended suites, the reply
			// format.
			su, _ := suites.Lookup(name)
			hint := rec[3]
			if !strings.Contains(hint, "clicking a checkbox flips it") && !su.NoPlans || strings.Contains(hint, r.Question) ||
				!strings.Contains(r.PromptInstruct, strings.SplitN(hint, "\n\n", 2)[0]) ||
				!strings.HasSuffix(r.PromptInstruct, hint[strings.LastIndex(hint, "\n\n")+2:]) ||
				(su.Open && su.Scoring != suites.ByPoint) != strings.Contains(hint, "Write actions in this language") {
				t.Errorf("%s row %d: hint %q", name, k, hint)
			}
			if rec[0] != strconv.FormatInt(*r.Index, 10) ||
				rec[len(rec)-3] != r.Answer || rec[len(rec)-2] != r.Family || rec[len(rec)-1] != name {
				t.Errorf("%s row %d: %q", name, k, rec)
			}
			for j := range letters {
				opt := ""
				if j < len(r.Choices) {
					opt = r.Choices[j]
				}
				if rec[vlmOptionCol+j] != opt {
					t.Errorf("%s row %d option %d = %q, want %q", name, k, j, rec[vlmOptionCol+j], opt)
				}
			}
			images[rec[0]] = rec[1]
			var wantPics [][]byte
			for _, im := range []*dataset.Image{r.Image, r.Image2} {
				if im != nil {
					wantPics = append(wantPics, im.Bytes)
				}
			}
			cell := rec[1]
			if len(cell) > 0 && len(cell) <= 64 {
				cell = images[cell] // another row's picture, by its index
				if len(cell) <= 64 {
					t.Errorf("%s row %d: image cell %q names no earlier picture", name, k, rec[1])
				}
			}
			var gotPics [][]byte
			switch {
			case cell == "":
			case strings.HasPrefix(cell, "['") && strings.HasSuffix(cell, "']"):
				for _, p := range strings.Split(cell[2:len(cell)-2], "', '") {
					gotPics = append(gotPics, decode64(t, p))
				}
			default:
				gotPics = append(gotPics, decode64(t, cell))
			}
			if fmt.Sprint(gotPics) != fmt.Sprint(wantPics) {
				t.Errorf("%s row %d: %d pictures decoded, want %d", name, k, len(gotPics), len(wantPics))
			}
			if len(gotPics) == 0 || (name == "temporal_order") != (len(gotPics) == 2) {
				t.Errorf("%s row %d: %d pictures", name, k, len(gotPics))
			}
		}
	}
}

func decode64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("base64: %v", err)
	}
	return b
}

func TestDeterministic(t *testing.T) {
	dir := data(t, true)
	before := filetree.MustHashes(t, dir)
	exported(t, dir, testInfo)
	after := filetree.MustHashes(t, dir)
	if fmt.Sprint(before) != fmt.Sprint(after) {
		t.Errorf("a second export changed files:\n%v\n%v", before, after)
	}
	for rel := range after {
		if strings.Contains(rel, ".tmp-") {
			t.Errorf("temporary file left: %s", rel)
		}
	}
	for _, want := range []string{"README.md", "croissant.json", "lmms-eval/utils.py", "lmms-eval/edge_case.yaml", "vlmevalkit/formplan_temporal_order.tsv", "vlmevalkit/config.json"} {
		if after[want] == "" {
			t.Errorf("%s not written", want)
		}
	}

	// Another directory with the same Parquet files gets the same files.
	other := t.TempDir()
	for _, s := range suites.DrawnSuites() {
		for _, src := range parquetFiles(t, dir, s.Name) {
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(other, s.Name, filepath.Base(src))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The PDDL domains the run wrote beside them are not the export's.
	if err := os.CopyFS(filepath.Join(other, "pddl"), os.DirFS(filepath.Join(dir, "pddl"))); err != nil {
		t.Fatal(err)
	}
	exported(t, other, testInfo)
	if got := filetree.MustHashes(t, other); fmt.Sprint(got) != fmt.Sprint(after) {
		t.Errorf("the export depends on its directory:\n%v\n%v", got, after)
	}
}

func TestErrors(t *testing.T) {
	empty := t.TempDir()
	if err := Card(empty, testInfo); err == nil || !strings.HasPrefix(err.Error(), "publish: ") {
		t.Errorf("Card of an empty directory: %v", err)
	}
	if err := VLMEvalKit(filepath.Join(empty, "missing")); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("VLMEvalKit of a missing directory: %v", err)
	}
	bad := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bad, "edge_case"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bad, "edge_case", "test-00000-of-00001.parquet"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Card(bad, testInfo); err == nil || !strings.HasPrefix(err.Error(), "publish: ") {
		t.Errorf("Card of a broken file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(bad, "README.md")); err == nil {
		t.Error("a failed Card left README.md")
	}
	// Metadata cut short is not JSON: the card says which row, not a count
	// made from half a text.
	rows := suiteRows(t, data(t, false))["temporal_order"]
	rows[2].Metadata = rows[2].Metadata[:len(rows[2].Metadata)/2]
	cut := t.TempDir()
	writeParquet(t, filepath.Join(cut, "temporal_order", "test-00000-of-00001.parquet"), rows)
	if err := Card(cut, testInfo); err == nil || !strings.Contains(err.Error(), "row 2: metadata is not a JSON object") {
		t.Errorf("Card of cut metadata: %v", err)
	}
}

// writeParquet writes rows to path.
func writeParquet(t *testing.T, path string, rows []dataset.Row) {
	t.Helper()
	if err := dataset.WriteFile(path, dataset.Options{}, rows...); err != nil {
		t.Fatal(err)
	}
}

func TestShardedSuite(t *testing.T) {
	rows := suiteRows(t, data(t, true))["temporal_order"]
	dir := t.TempDir()
	writeParquet(t, filepath.Join(dir, "temporal_order", "test-00000-of-00002.parquet"), rows[:3])
	writeParquet(t, filepath.Join(dir, "temporal_order", "test-00001-of-00002.parquet"), rows[3:])
	exported(t, dir, testInfo)

	h, _ := cardHeader(t, dir)
	in := h["dataset_info"].([]any)[0].(map[string]any)["splits"].([]any)[0].(map[string]any)
	if in["num_examples"] != int64(len(rows)) {
		t.Errorf("num_examples %v, want %d", in["num_examples"], len(rows))
	}
	b, err := os.ReadFile(filepath.Join(dir, "croissant.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Dist []map[string]any `json:"distribution"`
		RS   []struct {
			Field []struct {
				Source map[string]any `json:"source"`
			} `json:"field"`
		} `json:"recordSet"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var objects, sets int
	for _, d := range doc.Dist {
		switch d["@type"] {
		case "cr:FileObject":
			objects++
		case "cr:FileSet":
			sets++
			if d["includes"] != "temporal_order/test-*.parquet" {
				t.Errorf("file set %v", d)
			}
		}
	}
	if objects != 2 || sets != 1 {
		t.Errorf("%d file objects and %d file sets, want 2 and 1", objects, sets)
	}
	if src := doc.RS[0].Field[0].Source; src["fileSet"] == nil {
		t.Errorf("a sharded suite's field reads %v", src)
	}
	recs := tsv(t, filepath.Join(dir, "vlmevalkit", "formplan_temporal_order.tsv"))
	if len(recs)-1 != len(rows) {
		t.Fatalf("%d TSV rows, want %d", len(recs)-1, len(rows))
	}
	for k, rec := range recs[1:] {
		if rec[0] != strconv.FormatInt(*rows[k].Index, 10) {
			t.Errorf("TSV row %d has index %s", k, rec[0])
		}
	}
}

func TestCardNotesAnotherRun(t *testing.T) {
	stats, err := scanKept(data(t, false), nil)
	if err != nil {
		t.Fatal(err)
	}
	const note = "was written by another run"
	if md := string(cardMarkdown(stats, testInfo)); strings.Contains(md, note) {
		t.Error("the card says the files come from another run")
	}
	other := testInfo
	other.Flags = "--seed 11 --n 8"
	if md := string(cardMarkdown(stats, other)); strings.Count(md, note) != len(stats) {
		t.Errorf("the card notes %d files from another run, want %d", strings.Count(md, note), len(stats))
	}
}

func TestVLMEvalKitRejectsPandasNA(t *testing.T) {
	rows := suiteRows(t, data(t, true))["edge_case"][:2]
	none := "None"
	rows[1].Choices = append([]string{none}, rows[1].Choices[1:]...)
	rows[1].A = &none
	dir := t.TempDir()
	writeParquet(t, filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet"), rows)
	err := VLMEvalKit(dir)
	if err == nil || !strings.Contains(err.Error(), "pandas") || strings.Count(err.Error(), "publish: ") != 1 {
		t.Fatalf("VLMEvalKit with a None option: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "vlmevalkit", "formplan_edge_case.tsv")); err == nil {
		t.Error("a failed export left its TSV")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "vlmevalkit", ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestStem(t *testing.T) {
	plans := []string{"1. Click Br\n2. Hit Submit", "1. Hit Submit"}
	tests := []struct {
		name, question string
		choices        []string
		want           string
	}{
		{"MCQ", "Task: Select Br.\nWhich plan?\nA.\n1. Click Br\n2. Hit Submit\nB.\n1. Hit Submit", plans, "Task: Select Br.\nWhich plan?"},
		{"two pictures listed", "Which picture was taken earlier?\nA.\nPicture 1\nB.\nPicture 2", []string{"Picture 1", "Picture 2"}, "Which picture was taken earlier?"},
		{"free format, no list", "Which picture was taken earlier?", []string{"Picture 1", "Picture 2"}, "Which picture was taken earlier?"},
		{"Yes/No", "Plan A: ... Same state?", []string{"Yes", "No"}, "Plan A: ... Same state?"},
		{"list that is not the choices", "Q\nA.\nsomething else", plans, "Q\nA.\nsomething else"},
		{"nothing but the list", "A.\n1. Click Br\n2. Hit Submit\nB.\n1. Hit Submit", plans, "A.\n1. Click Br\n2. Hit Submit\nB.\n1. Hit Submit"},
	}
	for _, tt := range tests {
		if got := stem(tt.question, tt.choices); got != tt.want {
			t.Errorf("%s: stem = %q, want %q", tt.name, got, tt.want)
		}
	}
}
