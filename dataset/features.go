package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MetadataKey is the Parquet key-value metadata key under which Hugging Face
// datasets looks for the features of a file.
const MetadataKey = "huggingface"

// Feature is a Hugging Face datasets feature type: a Value of a dtype, an
// Image, or a Sequence of another feature.
type Feature struct {
	// Type is "Value", "Image" or "Sequence".
	Type string
	// Dtype is the Value's dtype: "string", "int64", "bool" or "float64".
	Dtype string
	// Elem is the element feature of a Sequence.
	Elem *Feature
}

// MarshalJSON encodes f the way Hugging Face datasets serializes it, for
// example {"dtype": "string", "_type": "Value"} or {"_type": "Image"}.
// A list is written as Sequence, which every version of datasets reads,
// rather than List, which only datasets 4 and later know.
func (f Feature) MarshalJSON() ([]byte, error) {
	switch f.Type {
	case "Value":
		dtype, err := json.Marshal(f.Dtype)
		if err != nil {
			return nil, err
		}
		return fmt.Appendf(nil, `{"dtype":%s,"_type":"Value"}`, dtype), nil
	case "Image":
		return []byte(`{"_type":"Image"}`), nil
	case "Sequence":
		if f.Elem == nil {
			return nil, fmt.Errorf("dataset: Sequence feature without element")
		}
		elem, err := json.Marshal(f.Elem)
		if err != nil {
			return nil, err
		}
		return fmt.Appendf(nil, `{"feature":%s,"_type":"Sequence"}`, elem), nil
	default:
		return nil, fmt.Errorf("dataset: unknown feature type %q", f.Type)
	}
}

// Column is a column of the file: its name and Hugging Face feature.
type Column struct {
	// Name is the Parquet column name.
	Name string
	// Feature is the column's Hugging Face feature.
	Feature Feature
}

var (
	stringValue  = Feature{Type: "Value", Dtype: "string"}
	int64Value   = Feature{Type: "Value", Dtype: "int64"}
	boolValue    = Feature{Type: "Value", Dtype: "bool"}
	float64Value = Feature{Type: "Value", Dtype: "float64"}
	imageFeature = Feature{Type: "Image"}
	stringList   = Feature{Type: "Sequence", Elem: &stringValue}
)

// columns lists the columns of Row in file order. It must follow the
// parquet tags of Row; the tests check that it does.
var columns = []Column{
	{"id", stringValue},
	{"suite", stringValue},
	{"family", stringValue},
	{"horizon", int64Value},
	{"task", stringValue},
	{"question", stringValue},
	{"choices", stringList},
	{"A", stringValue},
	{"B", stringValue},
	{"C", stringValue},
	{"D", stringValue},
	{"E", stringValue},
	{"F", stringValue},
	{"G", stringValue},
	{"H", stringValue},
	{"answer", stringValue},
	{"answer_idx", int64Value},
	{"image", imageFeature},
	{"image_2", imageFeature},
	{"image_width", int64Value},
	{"image_height", int64Value},
	{"prompt_instruct", stringValue},
	{"prompt_cot", stringValue},
	{"caption", stringValue},
	{"history", stringValue},
	{"option_labels", stringList},
	{"plans_text", stringList},
	{"plans_pddl", stringList},
	{"problem_pddl", stringValue},
	{"image_needed", boolValue},
	{"metadata", stringValue},
	{"boxes", stringValue},
	{"scale", float64Value},
	{"seed", int64Value},
	{"index", int64Value},
	{"group_id", stringValue},
	{"pair_id", stringValue},
	{"variant_group", stringValue},
	{"generator_version", stringValue},
}

// Columns returns the columns of a [Row] in file order with their Hugging
// Face features, for example to write the features of a dataset card.
func Columns() []Column {
	return append([]Column(nil), columns...)
}

// Features returns the JSON object of the features of a [Row], keyed by
// column name in file order, as Hugging Face datasets writes it under
// "info"."features".
func Features() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range columns {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(c.Name)
		if err != nil {
			panic(err) // a string always marshals
		}
		feature, err := json.Marshal(c.Feature)
		if err != nil {
			panic(fmt.Sprintf("dataset: column %s: %v", c.Name, err))
		}
		b.Write(name)
		b.WriteByte(':')
		b.Write(feature)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// huggingFaceMetadata returns the value stored under [MetadataKey]:
// {"info": {"features": {...}}}.
func huggingFaceMetadata() string {
	return `{"info":{"features":` + string(Features()) + `}}`
}
