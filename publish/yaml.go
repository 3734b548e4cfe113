package publish

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// yamlWords are plain scalars that YAML 1.1 or 1.2 would read as something
// other than a string.
var yamlWords = map[string]bool{
	"true": true, "false": true, "yes": true, "no": true, "on": true, "off": true,
	"y": true, "n": true, "null": true, "~": true,
}

// yamlString returns s as a YAML scalar that reads back as exactly the
// string s in YAML 1.1 and 1.2 parsers: plain when s is a simple word such
// as cc-by-4.0 or edge_case, double-quoted with escapes otherwise.
func yamlString(s string) string {
	if plainSafe(s) {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\uFFFD`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0xfeff ||
			r == 0x2028 || r == 0x2029 || !unicode.IsPrint(r) && r != ' ':
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// plainSafe reports whether s can be written as a plain YAML scalar: it
// starts with a letter, holds only ASCII letters, digits, '_', '-' and '.',
// and is not a word YAML gives another type.
func plainSafe(s string) bool {
	if s == "" || yamlWords[strings.ToLower(s)] {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}
