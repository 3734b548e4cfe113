package strictyaml

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// kind is a text-decoded type, as forms.Kind is.
type kind uint8

func (k *kind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "box":
		*k = 1
	case "dial":
		*k = 2
	default:
		return errors.New("unknown kind " + string(b))
	}
	return nil
}

type when struct {
	Group int `json:"group"`
}

type item struct {
	Name   string   `json:"name"`
	Kind   kind     `json:"kind"`
	Count  int      `json:"min_count"`
	Labels []string `json:"label_list,omitempty"`
	When   *when    `json:"enabled_by,omitempty"`
	Skip   string   `json:"-"`
}

type config struct {
	Items  []item           `json:"items"`
	Counts map[string]int64 `json:"counts"`
	Use    []string         `json:"use"`
	On     bool             `json:"on"`
}

func TestUnmarshal(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      config
	}{
		{"yaml", "items:\n  - name: a\n    kind: box\n    min_count: 2\n    label_list: [on, off, yes, no, 'y', ~, null, 1.10, 007]\ncounts: {x: 3}\n",
			config{Items: []item{{Name: "a", Kind: 1, Count: 2, Labels: []string{"on", "off", "yes", "no", "y", "~", "null", "1.10", "007"}}}, Counts: map[string]int64{"x": 3}}},
		{"json", `{"items": [{"name": "b", "kind": "dial", "min_count": -4, "enabled_by": {"group": 1}}], "use": ["ä", "on"], "on": true}`,
			config{Items: []item{{Name: "b", Kind: 2, Count: -4, When: &when{Group: 1}}}, Use: []string{"ä", "on"}, On: true}},
		{"explicit start and end", "---\nuse: [a]\n...\n", config{Use: []string{"a"}}},
		{"null pointer", "items: [{name: c, kind: box, enabled_by: null}]\n", config{Items: []item{{Name: "c", Kind: 1}}}},
		{"quoted numbers stay text", "use: ['1', \"2\"]\ncounts: {'3': 4}\n", config{Use: []string{"1", "2"}, Counts: map[string]int64{"3": 4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got config
			if err := Unmarshal([]byte(c.doc), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestUnmarshalRefuses(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      string // the whole error
	}{
		{"empty", "", "the document is empty"},
		{"comments only", "# nothing\n", "the document is empty"},
		{"null", "~\n", "the document is empty"},
		{"second document", "use: [a]\n---\nuse: [b]\n", "line 2: a second document (after ---): a file holds one; remove it or give it a file of its own"},
		{"empty second document", "use: [a]\n---\n", "line 2: a second document (after ---): a file holds one; remove it or give it a file of its own"},
		{"case", "Items: []\n", `line 1: Items: unknown key "Items": keys are case-sensitive; write "items"`},
		{"case inside", "items:\n  - name: a\n    Min_Count: 2\n", `line 3: items[0].Min_Count: unknown key "Min_Count": keys are case-sensitive; write "min_count"`},
		{"case beside the right one", "use: [a]\nUSE: [b]\n", `line 2: USE: unknown key "USE": keys are case-sensitive; write "use"`},
		{"misspelt", "itms: []\n", `line 1: itms: unknown key "itms": did you mean "items"? (keys here: items, counts, use, on)`},
		{"skipped field", "items: [{name: a, Skip: x}]\n", `line 1: items[0].Skip: unknown key "Skip": did you mean "kind"? (keys here: name, kind, min_count, label_list, enabled_by)`},
		{"duplicate", "use: [a]\ncounts: {}\nuse: [b]\n", "line 3: use: the key is given twice (also at line 1): keep one"},
		{"duplicate map key", "counts: {x: 1, x: 2}\n", "line 1: counts.x: the key is given twice (also at line 1): keep one"},
		{"duplicate json key", `{"use": ["a"], "use": ["b"]}`, "line 1: use: the key is given twice (also at line 1): keep one"},
		{"anchor", "use: &a [x]\n", "line 1: use: the anchor &a: anchors and aliases are not read; write the value out"},
		{"alias", "items: [{name: &n a, kind: box}, {name: *n}]\n", "line 1: items[0].name: the anchor &n: anchors and aliases are not read; write the value out"},
		{"merge", "items:\n  - {name: a}\n  - <<: {name: b}\n", "line 3: items[1]: a merge key (<<): merge keys are not read; write the keys out"},
		{"tag", "use: [!!str 1]\n", "line 1: use[0]: the tag !!str: tags are not read; remove it (quote a value to keep it text)"},
		{"number as text", "items: [{min_count: '3'}]\n", `line 1: items[0].min_count: "3": want a whole number, written in decimal digits without quotes`},
		{"float", "counts: {x: 1.5}\n", `line 1: counts.x: "1.5": want a whole number, written in decimal digits without quotes`},
		{"hex", "counts: {x: 0x10}\n", `line 1: counts.x: "0x10": want a whole number, written in decimal digits without quotes`},
		{"range", "counts: {x: 99999999999999999999}\n", "line 1: counts.x: 99999999999999999999 is out of range"},
		{"yaml 1.1 bool", "on: yes\n", `line 1: on: "yes": want true or false`},
		{"list for a text", "use: [[a]]\n", "line 1: use[0]: a list: want a single value"},
		{"text for a list", "use: a\n", `line 1: use: "a": want a list ([a, b] or one "- " line per item)`},
		{"no value", "items: [{name: }]\n", `line 1: items[0].name: no value: give one ("" for an empty text)`},
		{"bad kind", "items: [{kind: wheel}]\n", "line 1: items[0].kind: unknown kind wheel"},
		{"malformed", "items: [\n", "line 1: not valid YAML or JSON: did not find expected node content"},
		{"top level list", "- a\n", "line 1: a list: want a mapping of items, counts, use, on"},
		{"tabs", "items:\n\t- a\n", "line 2: not valid YAML or JSON: found character that cannot start any token"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got config
			err := Unmarshal([]byte(c.doc), &got)
			if err == nil || err.Error() != c.want {
				t.Fatalf("error %v\nwant %s", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T, want *Error", err)
			}
		})
	}
}

// TestUnmarshalBounded checks that a document with more separators than
// MaxSeparators is refused before it is parsed, and one just under is read.
func TestUnmarshalBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		ok   bool
	}{
		{"flow at the bound", MaxSeparators - 8, true},
		{"flow past the bound", MaxSeparators, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := "use: [" + strings.Repeat("a,", c.n) + "a]\n"
			var got config
			err := Unmarshal([]byte(doc), &got)
			if (err == nil) != c.ok {
				t.Fatalf("error %v, want ok %v", err, c.ok)
			}
			if c.ok && len(got.Use) != c.n+1 {
				t.Fatalf("%d values, want %d", len(got.Use), c.n+1)
			}
			if !c.ok && !strings.Contains(err.Error(), "too large to be read as a config") {
				t.Fatalf("error %v", err)
			}
		})
	}
}

// expandingDoc returns a document of about size bytes built to expand:
// each anchor lists the one before ten times, so that a reader expanding
// aliases would hold 10^k values at level k.
func expandingDoc(size int) string {
	var b strings.Builder
	b.WriteString("use: [&a0 [x, x, x, x, x, x, x, x, x, x]")
	for k := 1; b.Len() < size-200; k++ {
		fmt.Fprintf(&b, ", &a%d [", k)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", k-1)
		}
		b.WriteString("]")
	}
	b.WriteString("]\n")
	return b.String()
}

// TestExpandingRefusedBounded reads a 1 MiB document built to expand: it
// is refused at its first anchor, allocating a bounded amount (what the
// tree of 1 MiB takes, never what the aliases would expand to).
func TestExpandingRefusedBounded(t *testing.T) {
	doc := []byte(expandingDoc(1 << 20))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var got config
	err := Unmarshal(doc, &got)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "the anchor &a0: anchors and aliases are not read") {
		t.Fatalf("error %v, want the first anchor refused", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 80<<20 {
		t.Fatalf("allocated %d MB reading a 1 MiB document", alloc>>20)
	} else {
		t.Logf("%d KiB document refused, %d MB allocated", len(doc)>>10, alloc>>20)
	}
}
