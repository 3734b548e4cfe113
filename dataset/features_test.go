package dataset

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/internal/golden"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// TestFeaturesGolden pins the exact "huggingface" metadata. After a
// deliberate change, run go test ./dataset/ -run FeaturesGolden -update
// and review the diff of testdata/huggingface.golden.json.
func TestFeaturesGolden(t *testing.T) {
	var got bytes.Buffer
	if err := json.Indent(&got, []byte(huggingFaceMetadata()), "", "  "); err != nil {
		t.Fatalf("metadata is not JSON: %v\n%s", err, huggingFaceMetadata())
	}
	got.WriteByte('\n')
	golden.Check(t, filepath.Join("testdata", "huggingface.golden.json"), got.Bytes())
}

// TestFeaturesMatchSchema checks that the features describe exactly the
// Parquet schema of Row, in order, as Hugging Face datasets would map it
// to Arrow: a feature that disagrees with the schema is ignored by datasets.
func TestFeaturesMatchSchema(t *testing.T) {
	fields := parquet.SchemaOf(Row{}).Fields()
	if len(fields) != len(columns) {
		t.Fatalf("Row has %d columns, features list %d", len(fields), len(columns))
	}
	isString := func(n parquet.Node) bool {
		lt := n.Type().LogicalType()
		return n.Leaf() && n.Type().Kind() == parquet.ByteArray && lt != nil && isType[*format.StringType](lt.Value)
	}
	for i, f := range fields {
		c := columns[i]
		if f.Name() != c.Name {
			t.Errorf("column %d is %q, feature %d is %q", i, f.Name(), i, c.Name)
			continue
		}
		if !f.Optional() {
			t.Errorf("column %s is not optional", c.Name)
		}
		var ok bool
		switch ft := c.Feature; ft.Type + "/" + ft.Dtype {
		case "Value/string":
			ok = isString(f)
		case "Value/int64":
			ok = f.Leaf() && f.Type().Kind() == parquet.Int64
		case "Value/bool":
			ok = f.Leaf() && f.Type().Kind() == parquet.Boolean
		case "Value/float64":
			ok = f.Leaf() && f.Type().Kind() == parquet.Double
		case "Image/":
			sub := f.Fields()
			ok = !f.Leaf() && len(sub) == 2 &&
				sub[0].Name() == "bytes" && sub[0].Optional() && sub[0].Leaf() &&
				sub[0].Type().Kind() == parquet.ByteArray && sub[0].Type().LogicalType() == nil &&
				sub[1].Name() == "path" && sub[1].Optional() && isString(sub[1])
		case "Sequence/":
			lt := f.Type().LogicalType()
			if !f.Leaf() && lt != nil && isType[*format.ListType](lt.Value) && len(f.Fields()) == 1 {
				list := f.Fields()[0]
				if list.Name() == "list" && list.Repeated() && len(list.Fields()) == 1 {
					elem := list.Fields()[0]
					ok = elem.Name() == "element" && elem.Optional() && c.Feature.Elem.Dtype == "string" && isString(elem)
				}
			}
		}
		if !ok {
			t.Errorf("column %s: feature %+v does not match schema %v", c.Name, c.Feature, f)
		}
	}
}

func isType[T any](v any) bool {
	_, ok := v.(T)
	return ok
}

func TestFeatureJSON(t *testing.T) {
	tests := []struct {
		f       Feature
		want    string
		wantErr string
	}{
		{Feature{Type: "Value", Dtype: "int64"}, `{"dtype":"int64","_type":"Value"}`, ""},
		{Feature{Type: "Image"}, `{"_type":"Image"}`, ""},
		{stringList, `{"feature":{"dtype":"string","_type":"Value"},"_type":"Sequence"}`, ""},
		{Feature{Type: "Sequence"}, "", "without element"},
		{Feature{Type: "List", Elem: &stringValue}, "", `unknown feature type "List"`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.f)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Marshal(%+v) error = %v, want %q", tt.f, err, tt.wantErr)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.f, got, err, tt.want)
		}
	}
}

func TestColumnsIsACopy(t *testing.T) {
	c := Columns()
	c[0].Name = "changed"
	if Columns()[0].Name != "id" {
		t.Error("Columns returned the package's own slice")
	}
}
