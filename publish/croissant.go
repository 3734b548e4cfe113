package publish

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/dataset"
)

// obj is a JSON object that keeps its keys in the order given.
type obj []kv

// kv is one member of an obj.
type kv struct {
	k string
	v any
}

// MarshalJSON writes the members in order, without HTML escaping.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(m.k)
		if err != nil {
			return nil, err
		}
		v, err := marshal(m.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal encodes v as compact JSON without HTML escaping.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// croissantVersion is the Croissant specification the metadata conforms to.
const croissantVersion = "http://mlcommons.org/croissant/1.1"

// parquetFormat is the encoding format of the data files, as Croissant
// implementations name Parquet.
const parquetFormat = "application/x-parquet"

// croissantContext is the JSON-LD context recommended by Croissant 1.1
// (its Appendix 1).
var croissantContext = obj{
	{"@language", "en"},
	{"@vocab", "https://schema.org/"},
	{"sc", "https://schema.org/"},
	{"cr", "http://mlcommons.org/croissant/"},
	{"rai", "http://mlcommons.org/croissant/RAI/"},
	{"dct", "http://purl.org/dc/terms/"},
	{"annotation", "cr:annotation"},
	{"arrayShape", "cr:arrayShape"},
	{"citeAs", "cr:citeAs"},
	{"column", "cr:column"},
	{"conformsTo", "dct:conformsTo"},
	{"containedIn", "cr:containedIn"},
	{"data", obj{{"@id", "cr:data"}, {"@type", "@json"}}},
	{"dataType", obj{{"@id", "cr:dataType"}, {"@type", "@vocab"}}},
	{"equivalentProperty", "cr:equivalentProperty"},
	{"examples", obj{{"@id", "cr:examples"}, {"@type", "@json"}}},
	{"excludes", "cr:excludes"},
	{"extract", "cr:extract"},
	{"field", "cr:field"},
	{"fileProperty", "cr:fileProperty"},
	{"fileObject", "cr:fileObject"},
	{"fileSet", "cr:fileSet"},
	{"format", "cr:format"},
	{"includes", "cr:includes"},
	{"isArray", "cr:isArray"},
	{"isLiveDataset", "cr:isLiveDataset"},
	{"jsonPath", "cr:jsonPath"},
	{"key", "cr:key"},
	{"md5", "cr:md5"},
	{"parentField", "cr:parentField"},
	{"recordSet", "cr:recordSet"},
	{"references", "cr:references"},
	{"regex", "cr:regex"},
	{"readLines", "cr:readLines"},
	{"sdVersion", "cr:sdVersion"},
	{"separator", "cr:separator"},
	{"source", "cr:source"},
	{"subField", "cr:subField"},
	{"transform", "cr:transform"},
	{"unArchive", "cr:unArchive"},
	{"value", "cr:value"},
}

// croissantJSON returns croissant.json: the dataset, one FileObject per
// Parquet file with its SHA-256, and one RecordSet per suite.
//
// The dataset's url is the card, README.md, as a reference relative to the
// metadata file. citeAs is the card's BibTeX entry, version the generator
// version, and datePublished info.Published, which gen takes from
// SOURCE_DATE_EPOCH or the generator version's date: never from the
// clock, so that the same run gives the same bytes.
func croissantJSON(stats []*suiteStats, info Info) ([]byte, error) {
	var distribution []any
	var recordSets []any
	for _, st := range stats {
		for _, f := range st.files {
			distribution = append(distribution, obj{
				{"@type", "cr:FileObject"},
				{"@id", f.rel},
				{"name", f.rel},
				{"description", fmt.Sprintf("The %s suite: %d rows.", st.name, f.rows)},
				{"contentUrl", f.rel},
				{"contentSize", strconv.FormatInt(f.size, 10) + " B"},
				{"encodingFormat", parquetFormat},
				{"sha256", f.sha256},
			})
		}
		// A suite in one file reads from that file; a suite in several
		// from the set of them.
		var source obj
		if len(st.files) == 1 {
			source = obj{{"fileObject", obj{{"@id", st.files[0].rel}}}}
		} else {
			id := st.name + "-parquet-files"
			distribution = append(distribution, obj{
				{"@type", "cr:FileSet"},
				{"@id", id},
				{"name", id},
				{"description", "The Parquet files of the " + st.name + " suite."},
				{"encodingFormat", parquetFormat},
				{"includes", dataFiles(st.name)},
			})
			source = obj{{"fileSet", obj{{"@id", id}}}}
		}
		recordSets = append(recordSets, recordSet(st, source))
	}
	var total int64
	for _, st := range stats {
		total += st.rows
	}
	desc := fmt.Sprintf("Synthetic questions that test whether vision-language models can plan actions on web forms "+
		"(checkboxes, sliders, radio buttons, text boxes) shown in screenshots. %d rows in %d suites, "+
		"one record set per suite. Every label comes from an exact simulator; the metadata column holds the JSON to re-check it. "+
		"Generated with seed %d", total, len(stats), info.Seed)
	if info.Version != "" {
		desc += ", generator version " + info.Version
	}
	if info.Flags != "" {
		desc += ", flags: " + info.Flags
	}
	desc += "."
	doc := obj{
		{"@context", croissantContext},
		{"@type", "sc:Dataset"},
		{"conformsTo", croissantVersion},
		{"name", datasetName},
		{"description", desc},
		{"license", licenseURL},
		{"url", "README.md"},
		{"creator", obj{{"@type", "sc:Organization"}, {"name", datasetName}}},
		{"citeAs", bibtex(info)},
	}
	if info.Published != "" {
		doc = append(doc, kv{"datePublished", info.Published})
	}
	if info.Version != "" {
		doc = append(doc, kv{"version", info.Version})
	}
	doc = append(doc, obj{
		{"keywords", tags},
		{"inLanguage", "en"},
		{"isAccessibleForFree", true},
		{"distribution", distribution},
		{"recordSet", recordSets},
	}...)
	raw, err := marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("publish: croissant: %w", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, fmt.Errorf("publish: croissant: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// recordSet returns the RecordSet of a suite: one field per column that
// carries data in it. The letter columns A to H are left out (they repeat
// choices), and so are the picture columns when the suite has no pictures.
func recordSet(st *suiteStats, source obj) obj {
	about := map[string]string{}
	for _, c := range mainColumns {
		about[c.name] = c.about
	}
	var fields []any
	for _, c := range dataset.Columns() {
		if len(c.Name) == 1 && c.Name >= "A" && c.Name <= "H" {
			continue
		}
		switch c.Name {
		case "image", "image_width", "image_height", "boxes", "scale":
			if st.withImage == 0 {
				continue
			}
		case "image_2":
			if st.withImage == 0 || !st.twoPictures {
				continue
			}
		}
		id := st.name + "/" + c.Name
		f := obj{
			{"@type", "cr:Field"},
			{"@id", id},
			{"name", c.Name},
		}
		if a := about[c.Name]; a != "" {
			f = append(f, kv{"description", a})
		}
		src := append(obj{}, source...)
		src = append(src, kv{"extract", obj{{"column", c.Name}}})
		switch c.Feature.Type {
		case "Image":
			f = append(f, kv{"dataType", "sc:ImageObject"})
			src = append(src, kv{"transform", obj{{"jsonPath", "bytes"}}})
		case "Sequence":
			f = append(f, kv{"dataType", croissantType(c.Feature.Elem)}, kv{"isArray", true})
		default:
			f = append(f, kv{"dataType", croissantType(&c.Feature)})
		}
		f = append(f, kv{"source", src})
		fields = append(fields, f)
	}
	rs := obj{
		{"@type", "cr:RecordSet"},
		{"@id", st.name},
		{"name", st.name},
	}
	if s := summary(st.name); s != "" {
		rs = append(rs, kv{"description", s})
	}
	rs = append(rs, kv{"key", obj{{"@id", st.name + "/id"}}}, kv{"field", fields})
	return rs
}

// croissantType maps a Hugging Face Value feature to a Croissant data type.
func croissantType(f *dataset.Feature) string {
	if f == nil || f.Type != "Value" {
		return "sc:Text"
	}
	switch {
	case f.Dtype == "bool":
		return "sc:Boolean"
	case strings.HasPrefix(f.Dtype, "int"):
		return "sc:Integer"
	case strings.HasPrefix(f.Dtype, "float"):
		return "sc:Float"
	default:
		return "sc:Text"
	}
}
