package actlang

import (
	"encoding/json"
	"regexp"
	"strings"
)

var (
	// callRE matches a step written as a function call, as agents do:
	// check(iyHxAx), type("the 1st textbox", "12"), submit().
	callRE = regexp.MustCompile(`^([a-z][a-z_]*)\s*\((.*)\)$`)
	// keyRE matches a keyword argument: text="12".
	keyRE = regexp.MustCompile(`^([a-z][a-z_]*)\s*[=:]\s*`)
)

// call reads a step written as a function call whose name is a verb: its
// arguments are the target and the value, by position or by keyword
// (target=, value=, text=, x=, y=), as in a JSON action. ok is false when
// c is no such call; low is lower(c).
func (r *reader) call(c, low string) (items []item, ok bool) {
	m := callRE.FindStringSubmatchIndex(low)
	if m == nil {
		return nil, false
	}
	name := strings.ReplaceAll(low[m[2]:m[3]], "_", " ")
	if v, _ := jsonVerb(name); v == vNone {
		return nil, false
	}
	obj := map[string]any{"op": name}
	positional := []string{"target", "value"}
	for k, arg := range splitArgs(c[m[4]:m[5]]) {
		arg = strings.TrimSpace(arg)
		key, la := "", lower(arg)
		if km := keyRE.FindStringSubmatchIndex(la); km != nil {
			key, arg = la[km[2]:km[3]], arg[km[1]:]
		} else if k < len(positional) {
			key = positional[k]
		} else {
			key = "extra"
		}
		obj[key] = argValue(strings.TrimSpace(arg))
	}
	raw, err := json.Marshal(obj)
	if err != nil { // cannot happen: strings and raw JSON scalars
		return nil, false
	}
	items = r.jsonElem(raw, 0)
	for k := range items {
		items[k].text = c
	}
	return items, true
}

// argValue returns a call's argument for a JSON action: a quoted text as
// its text, a number or true or false as it is, anything else as a string.
func argValue(arg string) any {
	if isQuote(arg) {
		if t, after, err := readText(arg); err == nil && after == "" {
			return t
		}
	}
	if arg != "" && json.Valid([]byte(arg)) && !strings.ContainsAny(arg[:1], `"[{n`) {
		return json.RawMessage(arg)
	}
	return arg
}

// splitArgs splits a call's arguments at the commas outside quotes.
func splitArgs(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case quote == 0 && c == ',':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
