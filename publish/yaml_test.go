package publish

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The tests read the YAML the package writes with parseYAML, a strict
// parser of the block subset it emits: mappings, sequences (also at the
// indentation of their parent key), double-quoted and plain scalars, full
// line comments and the !function tag. Anything else is an error, so
// output that leaves this subset fails the tests.

type yamlLine struct {
	n      int // 1-based line number
	indent int
	text   string
}

// parseYAML parses src into map[string]any, []any, string, int64 and bool
// values; a tagged scalar "!function x" is returned as that string.
func parseYAML(src string) (any, error) {
	var lines []yamlLine
	for i, l := range strings.Split(src, "\n") {
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.Contains(l, "\t") {
			return nil, fmt.Errorf("line %d: tab", i+1)
		}
		lines = append(lines, yamlLine{i + 1, len(l) - len(t), strings.TrimRight(t, " ")})
	}
	p := &yamlParser{lines: lines}
	if len(lines) == 0 {
		return nil, nil
	}
	v, err := p.node(lines[0].indent)
	if err != nil {
		return nil, err
	}
	if p.i != len(lines) {
		return nil, fmt.Errorf("line %d: unexpected indentation", lines[p.i].n)
	}
	return v, nil
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

func isItem(t string) bool { return t == "-" || strings.HasPrefix(t, "- ") }

func (p *yamlParser) node(indent int) (any, error) {
	if isItem(p.lines[p.i].text) {
		return p.seq(indent)
	}
	return p.mapping(indent)
}

func (p *yamlParser) seq(indent int) (any, error) {
	var out []any
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && isItem(p.lines[p.i].text) {
		l := p.lines[p.i]
		rest := strings.TrimPrefix(strings.TrimPrefix(l.text, "-"), " ")
		if rest == "" {
			return nil, fmt.Errorf("line %d: empty item", l.n)
		}
		if _, _, ok := splitKey(rest); ok {
			// A mapping whose first key sits on the item's line.
			p.lines[p.i] = yamlLine{l.n, indent + 2, rest}
			m, err := p.mapping(indent + 2)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
			continue
		}
		v, err := yamlScalar(rest)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", l.n, err)
		}
		out = append(out, v)
		p.i++
	}
	return out, nil
}

func (p *yamlParser) mapping(indent int) (any, error) {
	out := map[string]any{}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent && !isItem(p.lines[p.i].text) {
		l := p.lines[p.i]
		k, v, ok := splitKey(l.text)
		if !ok {
			return nil, fmt.Errorf("line %d: not a key: %q", l.n, l.text)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", l.n, k)
		}
		p.i++
		if v != "" {
			s, err := yamlScalar(v)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", l.n, err)
			}
			out[k] = s
			continue
		}
		switch {
		case p.i < len(p.lines) && p.lines[p.i].indent > indent:
			child, err := p.node(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			out[k] = child
		case p.i < len(p.lines) && p.lines[p.i].indent == indent && isItem(p.lines[p.i].text):
			child, err := p.seq(indent)
			if err != nil {
				return nil, err
			}
			out[k] = child
		default:
			out[k] = nil
		}
	}
	return out, nil
}

var yamlKey = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$`)

// splitKey splits "key: value" or "key:".
func splitKey(t string) (string, string, bool) {
	m := yamlKey.FindStringSubmatch(t)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

var yamlInt = regexp.MustCompile(`^-?[0-9]+$`)

// yamlScalar decodes one scalar of the subset.
func yamlScalar(s string) (any, error) {
	switch {
	case strings.HasPrefix(s, `"`):
		if len(s) < 2 || !strings.HasSuffix(s, `"`) {
			return nil, fmt.Errorf("unterminated string %s", s)
		}
		u, err := strconv.Unquote(s)
		if err != nil {
			return nil, fmt.Errorf("bad string %s: %w", s, err)
		}
		return u, nil
	case strings.HasPrefix(s, "!function "):
		name := strings.TrimPrefix(s, "!function ")
		if !regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$`).MatchString(name) {
			return nil, fmt.Errorf("bad function %q", name)
		}
		return s, nil
	case s == "true" || s == "false":
		return s == "true", nil
	case s == "[]":
		return []any{}, nil
	case yamlInt.MatchString(s):
		return strconv.ParseInt(s, 10, 64)
	}
	if strings.ContainsAny(s[:1], "'!&*[]{}|>%@`#,?:-<=") || strings.Contains(s, ": ") || strings.Contains(s, " #") ||
		yamlWords[strings.ToLower(s)] || strings.ContainsAny(s, "\"'") {
		return nil, fmt.Errorf("plain scalar %q is outside the subset", s)
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return nil, fmt.Errorf("plain scalar %q reads as a number", s)
	}
	return s, nil
}

func TestYAMLString(t *testing.T) {
	cases := []string{
		"edge_case", "cc-by-4.0", "n<1K", "edge_case/test-*.parquet", "yes", "No", "null", "1.0", "0.1.0",
		"", " lead", "trail ", "a: b", "# x", "quote \" and \\ back", "tab\there", "new\nline",
		"é ü ✓", "\x01\x7f\u0085\u2028\ufeff", "*alias", "&anchor", "!tag", "- item", "[x]", "{x}",
		"emoji 😀", "\U0001F600",
	}
	for _, s := range cases {
		y := yamlString(s)
		got, err := parseYAML("k: " + y + "\n")
		if err != nil {
			t.Errorf("%q -> %s: %v", s, y, err)
			continue
		}
		if v := got.(map[string]any)["k"]; v != s {
			t.Errorf("%q -> %s -> %#v", s, y, v)
		}
	}
}

func TestParseYAMLRejects(t *testing.T) {
	for _, src := range []string{
		"k: *x\n", "k: yes\n", "k: 'x'\n", "k: a: b\n", "k: 1.5\n", "k: v\nk: w\n", "k:\n\t- x\n",
	} {
		if _, err := parseYAML(src); err == nil {
			t.Errorf("parseYAML(%q) accepted it", src)
		}
	}
}
