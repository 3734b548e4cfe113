// Package strictyaml decodes one YAML or JSON document into a Go value
// exactly as written, or refuses it with the line and path of what is
// wrong:
//
//	var c struct {
//		Names []string `json:"names"`
//	}
//	err := strictyaml.Unmarshal([]byte("names: [on, off]\n"), &c)
//	// c.Names is ["on", "off"]; "Names: [on]" is refused: unknown key
//	// "Names": did you mean "names"?
//
// The document is parsed into a tree (go.yaml.in/yaml/v3's Node), which is
// never expanded, and the tree is walked against the value's type:
//   - anchors, aliases, merge keys and explicit tags are refused, so what
//     the document holds is bounded by its size;
//   - exactly one document: a second one (after ---) is refused;
//   - keys match a struct field's json name exactly; an unknown key,
//     one given twice or one in another case is refused, naming the
//     nearest valid name;
//   - a string field takes the scalar's text as written: on, yes, 1.10
//     and null stay those words; a number field takes a decimal whole
//     number only; a list, mapping or pointer may be null (none).
//
// Struct fields are named by their json tags; a type implementing
// encoding.TextUnmarshaler is decoded from a scalar's text.
package strictyaml

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Error is a refusal: where in the document (Line, from 1; 0 when the
// document has none) and which key (Path, such as "families[0].name";
// empty for the whole document), and what is wrong with it (Msg).
type Error struct {
	Line int
	Path string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrEmpty is the error of a document that holds nothing.
var ErrEmpty = errors.New("the document is empty")

// MaxSeparators bounds the bytes that may begin a node (',', ':', '-',
// '?', '[', '{' and line breaks) in a document, counted before it is
// parsed: a node starts after one of them, so the tree the parser builds
// (some 170 bytes a node) stays within a few times 30 MB however the
// bytes are arranged. A config with every family and pool at its limits
// has fewer than half as many.
const MaxSeparators = 200_000

// separators counts the bytes of raw that may begin a node.
func separators(raw []byte) int {
	n := 0
	for _, c := range raw {
		switch c {
		case ',', ':', '-', '?', '[', '{', '\n', '\r':
			n++
		}
	}
	return n
}

// Unmarshal decodes the one document of raw into v, a non-nil pointer to
// a struct, by the rules of the package doc. A refusal is an *Error, or
// ErrEmpty wrapped in one.
func Unmarshal(raw []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("strictyaml: Unmarshal needs a non-nil pointer, not %T", v)
	}
	if separators(raw) > MaxSeparators {
		return &Error{Msg: fmt.Sprintf("more than %d values, keys and lines: too large to be read as a config", MaxSeparators)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &Error{Msg: ErrEmpty.Error()}
		}
		return parseError(err)
	}
	var more yaml.Node
	switch err := dec.Decode(&more); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return parseError(err)
	default:
		return &Error{Line: more.Line, Msg: "a second document (after ---): a file holds one; remove it or give it a file of its own"}
	}
	if len(doc.Content) == 0 || isNull(doc.Content[0]) {
		return &Error{Msg: ErrEmpty.Error()}
	}
	d := decoder{}
	return d.value(doc.Content[0], rv.Elem(), "")
}

// parseError turns the parser's error into an Error of one line.
func parseError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(n); err == nil {
				line, msg = l, after
			}
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	return &Error{Line: line, Msg: "not valid YAML or JSON: " + msg}
}

// decoder walks a node tree into a value.
type decoder struct{}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// value decodes node n into v, at path.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) error {
	if err := plain(n, path); err != nil {
		return err
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if isNull(n) {
			v.SetZero() // null, ~ or nothing: none
			return nil
		}
	}
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return d.value(n, v.Elem(), path)
	}
	if v.CanAddr() && v.Addr().Type().Implements(textUnmarshaler) {
		s, err := scalarText(n, path)
		if err != nil {
			return err
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			return &Error{Line: n.Line, Path: path, Msg: err.Error()}
		}
		return nil
	}
	switch v.Kind() {
	case reflect.Struct:
		return d.object(n, v, path)
	case reflect.Map:
		return d.dict(n, v, path)
	case reflect.Slice:
		return d.list(n, v, path)
	case reflect.String:
		s, err := scalarText(n, path)
		if err != nil {
			return err
		}
		v.SetString(s)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := wholeNumber(n, path, v.Type().Bits())
		if err != nil {
			return err
		}
		v.SetInt(i)
		return nil
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.Style != 0 || (n.Value != "true" && n.Value != "false") {
			return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("%s: want true or false", shown(n))}
		}
		v.SetBool(n.Value == "true")
		return nil
	}
	return fmt.Errorf("strictyaml: %s: cannot decode into %s", path, v.Type())
}

// object decodes a mapping into the struct v by its fields' json names.
func (d *decoder) object(n *yaml.Node, v reflect.Value, path string) error {
	if n.Kind != yaml.MappingNode {
		return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("%s: want a mapping of %s", shown(n), strings.Join(fieldNames(v.Type()), ", "))}
	}
	fields := fieldIndex(v.Type())
	return eachKey(n, path, func(key, at string, kn, vn *yaml.Node) error {
		i, ok := fields[key]
		if !ok {
			return &Error{Line: kn.Line, Path: at, Msg: unknownKey(key, fieldNames(v.Type()))}
		}
		return d.value(vn, v.Field(i), at)
	})
}

// eachKey calls fn with every key of mapping n, its path below path, and
// its key and value nodes, in order; a key given twice is an error.
func eachKey(n *yaml.Node, path string, fn func(key, at string, kn, vn *yaml.Node) error) error {
	seen := map[string]int{}
	for k := 0; k+1 < len(n.Content); k += 2 {
		kn, vn := n.Content[k], n.Content[k+1]
		key, err := keyText(kn, path)
		if err != nil {
			return err
		}
		at := join(path, key)
		if line, ok := seen[key]; ok {
			return &Error{Line: kn.Line, Path: at, Msg: fmt.Sprintf("the key is given twice (also at line %d): keep one", line)}
		}
		seen[key] = kn.Line
		if err := fn(key, at, kn, vn); err != nil {
			return err
		}
	}
	return nil
}

// dict decodes a mapping into the map v, whose keys are strings.
func (d *decoder) dict(n *yaml.Node, v reflect.Value, path string) error {
	if v.Type().Key().Kind() != reflect.String {
		return fmt.Errorf("strictyaml: %s: map keys of %s are not strings", path, v.Type())
	}
	if n.Kind != yaml.MappingNode {
		return &Error{Line: n.Line, Path: path, Msg: shown(n) + ": want a mapping"}
	}
	m := reflect.MakeMapWithSize(v.Type(), len(n.Content)/2)
	err := eachKey(n, path, func(key, at string, _, vn *yaml.Node) error {
		e := reflect.New(v.Type().Elem()).Elem()
		if err := d.value(vn, e, at); err != nil {
			return err
		}
		m.SetMapIndex(reflect.ValueOf(key).Convert(v.Type().Key()), e)
		return nil
	})
	if err != nil {
		return err
	}
	v.Set(m)
	return nil
}

// list decodes a sequence into the slice v.
func (d *decoder) list(n *yaml.Node, v reflect.Value, path string) error {
	if n.Kind != yaml.SequenceNode {
		return &Error{Line: n.Line, Path: path, Msg: shown(n) + ": want a list ([a, b] or one \"- \" line per item)"}
	}
	s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
	for i, item := range n.Content {
		if err := d.value(item, s.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return err
		}
	}
	v.Set(s)
	return nil
}

// plain refuses what would make the tree stand for more than it holds, or
// for something other than its text: anchors, aliases and explicit tags.
func plain(n *yaml.Node, path string) error {
	switch {
	case n.Kind == yaml.AliasNode:
		return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("the alias *%s: anchors and aliases are not read; write the value out", n.Value)}
	case n.Anchor != "":
		return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("the anchor &%s: anchors and aliases are not read; write the value out", n.Anchor)}
	case n.Style&yaml.TaggedStyle != 0:
		tag := n.Tag
		if q := strconv.Quote(tag); q[1:len(q)-1] != tag {
			tag = q // a tag with a line break or a control character stays one line
		}
		return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("the tag %s: tags are not read; remove it (quote a value to keep it text)", tag)}
	}
	return nil
}

// keyText returns a mapping key's text: a plain or quoted scalar.
func keyText(kn *yaml.Node, path string) (string, error) {
	if err := plain(kn, path); err != nil {
		return "", err
	}
	if kn.Kind != yaml.ScalarNode {
		return "", &Error{Line: kn.Line, Path: path, Msg: "a key that is a list or mapping: keys are names"}
	}
	if kn.Tag == "!!merge" {
		return "", &Error{Line: kn.Line, Path: path, Msg: "a merge key (<<): merge keys are not read; write the keys out"}
	}
	if !utf8.ValidString(kn.Value) {
		return "", &Error{Line: kn.Line, Path: path, Msg: fmt.Sprintf("the key %q is not valid UTF-8", kn.Value)}
	}
	return kn.Value, nil
}

// scalarText returns the text of a scalar as written.
func scalarText(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", &Error{Line: n.Line, Path: path, Msg: shown(n) + ": want a single value"}
	}
	if n.Value == "" && n.Style == 0 {
		return "", &Error{Line: n.Line, Path: path, Msg: "no value: give one (\"\" for an empty text)"}
	}
	if !utf8.ValidString(n.Value) {
		return "", &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("%q is not valid UTF-8", n.Value)}
	}
	return n.Value, nil
}

// wholeNumber returns a scalar written as a decimal whole number that
// fits bits.
func wholeNumber(n *yaml.Node, path string, bits int) (int64, error) {
	if n.Kind == yaml.ScalarNode && n.Style == 0 {
		if i, err := strconv.ParseInt(n.Value, 10, bits); err == nil {
			return i, nil
		} else if errors.Is(err, strconv.ErrRange) {
			return 0, &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("%s is out of range", n.Value)}
		}
	}
	return 0, &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("%s: want a whole number, written in decimal digits without quotes", shown(n))}
}

// isNull reports whether n is YAML's null (null, ~ or nothing).
func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Style == 0
}

// shown names a node in an error: a scalar by its text, else by its kind.
func shown(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strconv.Quote(clip(n.Value))
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "a value"
}

// join appends a key to a path, clipped.
func join(path, key string) string {
	if path == "" {
		return clip(key)
	}
	return path + "." + clip(key)
}

// clip shortens a text an error quotes to 40 characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "..."
	}
	return s
}
