package dataset

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// duckdbDir holds the npm project with DuckDB's Node.js client.
const duckdbDir = "testdata/duckdb"

// duckdbInstall is the command, run from the module root, that installs
// DuckDB's Node.js client for TestDuckDB at the versions of its
// package-lock.json, leaving that file as it is. The lock file lists the
// client's binaries for every platform, as npm ci requires; npm ci fetches
// only this platform's.
const duckdbInstall = "npm ci --prefix dataset/testdata/duckdb"

// duckdbReport is what testdata/duckdb/inspect.mjs prints. Values follow
// the client's JSON conversion: BIGINT as decimal strings, BLOB as hex
// (done in the query).
type duckdbReport struct {
	Describe []struct {
		ColumnName string `json:"column_name"`
		ColumnType string `json:"column_type"`
		Null       string `json:"null"`
	} `json:"describe"`
	Schema []struct {
		Name           string  `json:"name"`
		Type           *string `json:"type"`
		RepetitionType *string `json:"repetition_type"`
		ConvertedType  *string `json:"converted_type"`
	} `json:"schema"`
	Metadata []struct {
		RowGroupID      string  `json:"row_group_id"`
		RowGroupNumRows string  `json:"row_group_num_rows"`
		PathInSchema    string  `json:"path_in_schema"`
		Compression     string  `json:"compression"`
		Encodings       string  `json:"encodings"`
		StatsMinValue   *string `json:"stats_min_value"`
		StatsMaxValue   *string `json:"stats_max_value"`
		StatsNullCount  *string `json:"stats_null_count"`
	} `json:"metadata"`
	KV []struct {
		Key   string `json:"key"`
		Value string `json:"value"`
	} `json:"kv"`
	Rows []map[string]any `json:"rows"`
}

// inspectWithDuckDB runs testdata/duckdb/inspect.mjs on the file at path.
func inspectWithDuckDB(t *testing.T, path string) duckdbReport {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node (Node.js 20 or later) is needed to read files with DuckDB: %v", err)
	}
	if _, err := os.Stat(filepath.Join(duckdbDir, "node_modules", "@duckdb", "node-api")); err != nil {
		t.Fatalf("DuckDB's Node.js client is not installed; from the module root run:\n\t%s", duckdbInstall)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "inspect.mjs", abs)
	cmd.Dir = duckdbDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node inspect.mjs: %v\n%s", err, stderr.Bytes())
	}
	var report duckdbReport
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("parse DuckDB report: %v\n%.2000s", err, stdout.Bytes())
	}
	return report
}

// duckdbRow is the row DuckDB should return for r, in the form of the
// report: nulls where Row stores null, int64 as decimal strings and image
// bytes as upper-case hex.
func duckdbRow(r Row) map[string]any {
	str := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	strPtr := func(s *string) any {
		if s == nil {
			return nil
		}
		return *s
	}
	int64Ptr := func(v *int64) any {
		if v == nil {
			return nil
		}
		return strconv.FormatInt(*v, 10)
	}
	int64Val := func(v int64) any {
		if v == 0 {
			return nil
		}
		return strconv.FormatInt(v, 10)
	}
	list := func(l []string) any {
		if l == nil {
			return nil
		}
		out := []any{}
		for _, s := range l {
			out = append(out, s)
		}
		return out
	}
	image := func(img *Image) any {
		if img == nil {
			return nil
		}
		var b any
		if img.Bytes != nil {
			b = strings.ToUpper(hex.EncodeToString(img.Bytes))
		}
		return map[string]any{"bytes": b, "path": strPtr(img.Path)}
	}
	var needed any
	if r.ImageNeeded != nil {
		needed = *r.ImageNeeded
	}
	var scale any
	if r.Scale != 0 {
		scale = r.Scale
	}
	return map[string]any{
		"id": str(r.ID), "suite": str(r.Suite), "family": str(r.Family),
		"horizon": int64Ptr(r.Horizon), "task": str(r.Task), "question": str(r.Question),
		"choices": list(r.Choices),
		"A":       strPtr(r.A), "B": strPtr(r.B), "C": strPtr(r.C), "D": strPtr(r.D),
		"E": strPtr(r.E), "F": strPtr(r.F), "G": strPtr(r.G), "H": strPtr(r.H),
		"answer": str(r.Answer), "answer_idx": int64Ptr(r.AnswerIdx),
		"image": image(r.Image), "image_2": image(r.Image2),
		"image_width": int64Val(r.ImageWidth), "image_height": int64Val(r.ImageHeight),
		"prompt_instruct": str(r.PromptInstruct), "prompt_cot": str(r.PromptCoT),
		"caption": strPtr(r.Caption), "history": strPtr(r.History),
		"option_labels": list(r.OptionLabels), "plans_text": list(r.PlansText),
		"plans_pddl": list(r.PlansPDDL), "problem_pddl": str(r.ProblemPDDL),
		"image_needed": needed, "metadata": str(r.Metadata), "boxes": str(r.Boxes),
		"scale": scale, "seed": int64Ptr(r.Seed), "index": int64Ptr(r.Index),
		"generator_version": str(r.GeneratorVersion),
	}
}

// TestDuckDB reads a file with DuckDB, a reader independent of parquet-go,
// and checks its schema, metadata, layout and every value.
func TestDuckDB(t *testing.T) {
	rows := []Row{
		fullRow(0, 40),
		fullRow(1, 40),
		{
			ID: "zeros", Horizon: ptr(int64(0)), AnswerIdx: ptr(int64(0)), A: ptr(""),
			Caption: ptr(""), History: ptr(""), ImageNeeded: ptr(false),
			Seed: ptr(int64(0)), Index: ptr(int64(0)),
			Image: &Image{Bytes: []byte{}, Path: ptr("")},
		},
		{ID: "nulls"},
		{ID: "empty lists", Choices: []string{}, OptionLabels: []string{}},
		{ID: "nobytes", Image: &Image{Path: ptr("a.png")}},
		{
			ID: "extreme", Seed: ptr(int64(-1 << 63)), Index: ptr(int64(1<<63 - 1)),
			Scale: 0.1, Question: "a \"quoted\"\n'line'\tand 日本語",
			Choices: []string{"None", "NA", "null"},
		},
		fullRow(7, 40),
	}
	const groupRows = 3
	extra := map[string]string{"seed": "42", "chromium": "156.0.8078.73"}
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	writeFile(t, path, Options{RowGroupRows: groupRows, Metadata: extra}, rows...)

	report := inspectWithDuckDB(t, path)

	t.Run("describe", func(t *testing.T) {
		want := map[string]string{
			"Value/string":  "VARCHAR",
			"Value/int64":   "BIGINT",
			"Value/bool":    "BOOLEAN",
			"Value/float64": "DOUBLE",
			"Image/":        "STRUCT(bytes BLOB, path VARCHAR)",
			"Sequence/":     "VARCHAR[]",
		}
		if len(report.Describe) != len(columns) {
			t.Fatalf("DuckDB sees %d columns, want %d", len(report.Describe), len(columns))
		}
		for i, c := range columns {
			got := report.Describe[i]
			wantType := want[c.Feature.Type+"/"+c.Feature.Dtype]
			if got.ColumnName != c.Name || got.ColumnType != wantType || got.Null != "YES" {
				t.Errorf("column %d: DuckDB sees %s %s null=%s, want %s %s null=YES",
					i, got.ColumnName, got.ColumnType, got.Null, c.Name, wantType)
			}
		}
	})

	t.Run("every node optional", func(t *testing.T) {
		if len(report.Schema) < 2 {
			t.Fatalf("schema has %d nodes", len(report.Schema))
		}
		// The root has no repetition; the middle "list" group of a LIST
		// is REPEATED by definition; every other node must be OPTIONAL.
		for i, n := range report.Schema[1:] {
			rep := "<nil>"
			if n.RepetitionType != nil {
				rep = *n.RepetitionType
			}
			want := "OPTIONAL"
			if n.Name == "list" {
				want = "REPEATED"
				if parent := report.Schema[i]; parent.ConvertedType == nil || *parent.ConvertedType != "LIST" {
					t.Errorf("repeated group %q is not inside a LIST", n.Name)
				}
			}
			if rep != want {
				t.Errorf("node %q is %s, want %s", n.Name, rep, want)
			}
		}
	})

	t.Run("key-value metadata", func(t *testing.T) {
		kv := map[string]string{}
		for _, e := range report.KV {
			kv[e.Key] = e.Value
		}
		for k, v := range extra {
			if kv[k] != v {
				t.Errorf("metadata %q = %q, want %q", k, kv[k], v)
			}
		}
		var hf struct {
			Info struct {
				Features map[string]map[string]any `json:"features"`
			} `json:"info"`
		}
		if err := json.Unmarshal([]byte(kv[MetadataKey]), &hf); err != nil {
			t.Fatalf("metadata %q does not parse: %v\n%s", MetadataKey, err, kv[MetadataKey])
		}
		features := hf.Info.Features
		if len(features) != len(columns) {
			t.Errorf("%d features, want %d", len(features), len(columns))
		}
		for _, name := range []string{"image", "image_2"} {
			if got := features[name]["_type"]; got != "Image" {
				t.Errorf("feature %s has _type %v, want Image", name, got)
			}
		}
		wantSeq := map[string]any{"_type": "Sequence", "feature": map[string]any{"_type": "Value", "dtype": "string"}}
		for _, name := range []string{"choices", "option_labels", "plans_text", "plans_pddl"} {
			if !reflect.DeepEqual(features[name], wantSeq) {
				t.Errorf("feature %s = %v, want %v", name, features[name], wantSeq)
			}
		}
		wantValue := map[string]string{
			"id": "string", "horizon": "int64", "answer_idx": "int64", "image_needed": "bool",
			"scale": "float64", "seed": "int64", "index": "int64", "metadata": "string",
		}
		for name, dtype := range wantValue {
			want := map[string]any{"_type": "Value", "dtype": dtype}
			if !reflect.DeepEqual(features[name], want) {
				t.Errorf("feature %s = %v, want %v", name, features[name], want)
			}
		}
	})

	t.Run("column chunks", func(t *testing.T) {
		groups := map[string]bool{}
		for _, m := range report.Metadata {
			groups[m.RowGroupID] = true
			if n, _ := strconv.Atoi(m.RowGroupNumRows); n < 1 || n > groupRows {
				t.Errorf("row group %s has %s rows, want 1 to %d", m.RowGroupID, m.RowGroupNumRows, groupRows)
			}
			for _, enc := range strings.Split(m.Encodings, ", ") {
				// RLE is only for the repetition and definition levels.
				if enc != "PLAIN" && enc != "RLE" {
					t.Errorf("%s: encoding %s, want only PLAIN values", m.PathInSchema, enc)
				}
			}
			image := m.PathInSchema == "image, bytes" || m.PathInSchema == "image_2, bytes"
			wantCodec := "ZSTD"
			if image {
				wantCodec = "UNCOMPRESSED"
			}
			if m.Compression != wantCodec {
				t.Errorf("%s: compression %s, want %s", m.PathInSchema, m.Compression, wantCodec)
			}
			if image && (m.StatsMinValue != nil || m.StatsMaxValue != nil) {
				t.Errorf("%s: has min/max statistics", m.PathInSchema)
			}
			if m.PathInSchema == "id" && (m.StatsMinValue == nil || m.StatsMaxValue == nil) {
				t.Errorf("%s: no min/max statistics", m.PathInSchema)
			}
		}
		if want := (len(rows) + groupRows - 1) / groupRows; len(groups) != want {
			t.Errorf("%d row groups, want %d", len(groups), want)
		}
	})

	t.Run("values", func(t *testing.T) {
		if len(report.Rows) != len(rows) {
			t.Fatalf("DuckDB reads %d rows, want %d", len(report.Rows), len(rows))
		}
		for i, r := range rows {
			// Through JSON, so that both sides have the same Go types.
			b, err := json.Marshal(duckdbRow(r))
			if err != nil {
				t.Fatal(err)
			}
			var want map[string]any
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			got := report.Rows[i]
			for _, c := range columns {
				if !reflect.DeepEqual(got[c.Name], want[c.Name]) {
					t.Errorf("row %d (%s) column %s: DuckDB reads %#v, want %#v", i, r.ID, c.Name, got[c.Name], want[c.Name])
				}
			}
			if len(got) != len(columns) {
				t.Errorf("row %d has %d columns, want %d", i, len(got), len(columns))
			}
		}
	})
}
