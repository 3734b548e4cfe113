package actlang

import (
	"fmt"
	"strconv"
	"strings"
)

// quotes are the pairs of marks a label or text may be quoted with.
var quotes = [...][2]string{
	{`"`, `"`}, {"'", "'"}, {"`", "`"}, {"“", "”"}, {"”", "”"}, {"„", "“"},
	{"‘", "’"}, {"’", "’"}, {"«", "»"},
}

// unquote returns s without the quotation marks around it, if it is
// quoted as a whole: one pair of marks with no closing mark between them.
func unquote(s string) (string, bool) {
	for _, q := range quotes {
		if len(s) < len(q[0])+len(q[1]) || !strings.HasPrefix(s, q[0]) || !strings.HasSuffix(s, q[1]) {
			continue
		}
		in := s[len(q[0]) : len(s)-len(q[1])]
		if in == "" || strings.Contains(in, q[1]) {
			continue
		}
		return in, true
	}
	return s, false
}

// lower returns s with ASCII letters in lower case, other bytes as they
// are, so that offsets in the result are offsets in s.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// isQuote reports whether s begins with a quotation mark.
func isQuote(s string) bool {
	for _, q := range quotes {
		if strings.HasPrefix(s, q[0]) {
			return true
		}
	}
	return false
}

// readText reads a text at the start of s: Go-quoted (with escapes),
// quoted in other marks, or else a run of non-space characters. after is
// what follows it.
func readText(s string) (text, after string, err error) {
	s = strings.TrimLeft(s, " \t")
	if s == "" {
		return "", "", fmt.Errorf("%w: no text", ErrSyntax)
	}
	if s[0] == '"' {
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '"':
				t, err := strconv.Unquote(s[:i+1])
				if err != nil {
					if strings.ContainsRune(s[1:i], '\\') {
						return "", "", fmt.Errorf("%w: bad escape in %s", ErrSyntax, clip(s[:i+1]))
					}
					t = s[1:i] // a character Go would escape, written as is
				}
				return t, s[i+1:], nil
			}
		}
		return "", "", fmt.Errorf("%w: unterminated quote %s", ErrSyntax, clip(s))
	}
	for _, q := range quotes[1:] {
		body, ok := strings.CutPrefix(s, q[0])
		if !ok {
			continue
		}
		// The closing mark is the first one followed by a space,
		// punctuation or the end: "don't" holds an apostrophe.
		for off := 0; ; {
			j := strings.Index(body[off:], q[1])
			if j < 0 {
				return "", "", fmt.Errorf("%w: unterminated quote %s", ErrSyntax, clip(s))
			}
			end := off + j
			rest := body[end+len(q[1]):]
			if rest == "" || strings.ContainsRune(" \t.,;:)!?", rune(rest[0])) {
				return body[:end], rest, nil
			}
			off = end + len(q[1])
		}
	}
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i], s[i:], nil
	}
	return s, "", nil
}

// clip shortens s for an error message.
func clip(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	n := most
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "..."
}
