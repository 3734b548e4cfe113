package actlang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// The keys a JSON action may use for each part, in the order they are
// looked for.
var (
	opKeys     = []string{"op", "action", "action_type", "verb", "operation"}
	targetKeys = []string{"target", "element", "ref", "on", "object"}
	valueKeys  = []string{"value", "n", "text", "amount"}
	planKeys   = []string{"plan", "steps", "actions"}
	pointKeys  = []string{"point", "coordinate", "coordinates", "position", "click"}
)

// jsonBlock reads the JSON value at the start of s (after spaces). It
// returns the items the value holds, with offsets in s, and the length of
// s the value takes, or an error when s does not start with a JSON value.
func (r *reader) jsonBlock(s string) (items []item, n int, err error) {
	dec := json.NewDecoder(strings.NewReader(s))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, 0, fmt.Errorf("%w: JSON: %v", ErrSyntax, err)
	}
	n = int(dec.InputOffset())
	return r.jsonItems(raw, n-len(raw)), n, nil
}

// jsonItems reads a JSON value at offset off: an array of steps, an
// object holding one under "plan", "steps" or "actions", or one step.
func (r *reader) jsonItems(raw []byte, off int) []item {
	if raw[0] == '{' {
		it := item{off: off, text: string(raw)}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			it.err = fmt.Errorf("%w: %v", ErrSyntax, err)
			return []item{it}
		}
		list, ok := field(obj, planKeys)
		if !ok || len(list) == 0 || list[0] != '[' {
			return r.jsonObject(it, obj)
		}
		if k := bytes.Index(raw, list); k >= 0 {
			off += k
		}
		raw = list
	}
	if raw[0] != '[' {
		return r.jsonElem(raw, off)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return []item{{off: off, text: string(raw), err: fmt.Errorf("%w: %v", ErrSyntax, err)}}
	}
	var items []item
	// Read on while the steps are few enough; past MaxSteps the caller
	// refuses the plan anyway.
	for read := 0; dec.More() && read <= MaxSteps; {
		var el json.RawMessage
		if err := dec.Decode(&el); err != nil {
			return append(items, item{off: off, text: string(raw), err: fmt.Errorf("%w: %v", ErrSyntax, err)})
		}
		its := r.jsonElem(el, off+int(dec.InputOffset())-len(el))
		for k := range its {
			its[k].numbered = true // a member of a list, meant as a step
		}
		read += answers(its)
		items = append(items, its...)
	}
	return items
}

// jsonElem reads one element of a JSON plan: an action object, a click
// point, or a string holding a step in English or PDDL.
func (r *reader) jsonElem(raw []byte, off int) []item {
	it := item{off: off, text: string(raw)}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			it.err = fmt.Errorf("%w: %v", ErrSyntax, err)
			return []item{it}
		}
		c, _, dotted := cleanLine(s)
		items, err := r.step(c, dotted)
		if err != nil {
			it.text, it.err = c, err
			return []item{it}
		}
		for k := range items {
			items[k].off = off
		}
		return items
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			it.err = fmt.Errorf("%w: %v", ErrSyntax, err)
			return []item{it}
		}
		return r.jsonObject(it, obj)
	}
	it.err = fmt.Errorf("%w: JSON %s is no action object", ErrSyntax, clip(string(raw)))
	return []item{it}
}

// jsonObject reads a decoded JSON object of a plan, obj, into it: a click
// point or an action object.
func (r *reader) jsonObject(it item, obj map[string]json.RawMessage) []item {
	lowered := make(map[string]json.RawMessage, len(obj))
	for k, v := range obj {
		lowered[strings.ToLower(k)] = v
	}
	if p, isPoint, err := jsonPoint(lowered); isPoint {
		switch {
		case err != nil:
			it.err = err
		case !r.points:
			it.err = fmt.Errorf("%w: a click point is no plan step", ErrSyntax)
		default:
			it.point = &p
		}
		return []item{it}
	}
	it.act, it.err = r.jsonAction(lowered)
	return []item{it}
}

// field returns the first of keys that obj has, if not null.
func field(obj map[string]json.RawMessage, keys []string) (json.RawMessage, bool) {
	for _, k := range keys {
		if v, ok := obj[k]; ok && string(v) != "null" {
			return v, true
		}
	}
	return nil, false
}

// jsonAction reads an action object {"op", "target", "value"} whose keys
// are in lower case.
func (r *reader) jsonAction(obj map[string]json.RawMessage) (statesim.Action, error) {
	opRaw, ok := field(obj, opKeys)
	if !ok {
		return statesim.Action{}, fmt.Errorf("%w: JSON object without \"op\"", ErrSyntax)
	}
	var word string
	if err := json.Unmarshal(opRaw, &word); err != nil {
		return statesim.Action{}, fmt.Errorf("%w: \"op\" is %s, want a string", ErrSyntax, clip(string(opRaw)))
	}
	v, word := jsonVerb(word)
	if v == vNone {
		return statesim.Action{}, fmt.Errorf("%w: unknown op %q", ErrSyntax, clip(word))
	}
	ref, err := r.jsonTarget(obj, v)
	if err != nil {
		return statesim.Action{}, err
	}
	value, hasValue := field(obj, valueKeys)
	if v == vSet && (ref.Kind == forms.Checkbox || ref.Kind == forms.Radio) && hasValue {
		var on bool
		if err := json.Unmarshal(value, &on); err != nil {
			return statesim.Action{}, fmt.Errorf("%w: \"value\" of %s on a %s: want true or false", ErrSyntax, word, ref.Kind.Noun())
		}
		return onOff(word, ref, on)
	}
	op, err := opFor(word, v, ref.Kind)
	if err != nil {
		return statesim.Action{}, err
	}
	a := statesim.Action{Op: op, Target: ref}
	switch op {
	case statesim.Move:
		if !hasValue {
			return statesim.Action{}, fmt.Errorf("%w: %s: no \"value\"", ErrSyntax, word)
		}
		if a.N, err = jsonInt(value); err != nil {
			return statesim.Action{}, fmt.Errorf("%s: %w", word, err)
		}
		switch v {
		case vSet:
			a.Op = statesim.Set
		case vDecrease:
			a.N = -a.N
		}
	case statesim.Type, statesim.Enter:
		if !hasValue {
			return statesim.Action{}, fmt.Errorf("%w: %s: no \"value\"", ErrSyntax, word)
		}
		if a.Text, err = jsonText(value); err != nil {
			return statesim.Action{}, fmt.Errorf("%s: %w", word, err)
		}
	}
	return a, nil
}

// jsonVerb returns the class of a JSON op: the operations keep their own
// meaning ("move" moves by the value), other verbs that of English.
func jsonVerb(op string) (verb, string) {
	w := strings.Join(strings.Fields(lower(op)), " ")
	switch w {
	case "move":
		return vMove, w
	case "hit submit", "click submit", "press submit", "submit form", "submit the form":
		return vSubmit, w
	}
	return verbs[w], w
}

// jsonTarget reads the element of a JSON action: a string, as a step
// names it, or an object {"kind", "ordinal"} or {"kind", "label"}.
// Submit needs none.
func (r *reader) jsonTarget(obj map[string]json.RawMessage, v verb) (forms.Ref, error) {
	raw, ok := field(obj, targetKeys)
	if !ok {
		if v == vSubmit {
			return statesim.SubmitAction.Target, nil
		}
		return forms.Ref{}, fmt.Errorf("%w: JSON action without \"target\"", ErrSyntax)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return r.ref(s, v.hint())
	}
	var t struct {
		Kind    *string
		Ordinal *json.Number
		Label   *string
	}
	if err := json.Unmarshal(raw, &t); err != nil || raw[0] != '{' {
		return forms.Ref{}, fmt.Errorf("%w: \"target\" is %s, want a string or {\"kind\", \"ordinal\"}", ErrSyntax, clip(string(raw)))
	}
	var k forms.Kind
	if t.Kind != nil {
		var err error
		if k, err = r.kindFor(lower(strings.TrimSpace(*t.Kind)), v.hint()); err != nil || k == 0 {
			return forms.Ref{}, fmt.Errorf("%w: unknown kind %q", ErrSyntax, clip(*t.Kind))
		}
	}
	if t.Label != nil && *t.Label != "" {
		if k == 0 {
			return r.ref(*t.Label, v.hint())
		}
		return r.labelled(k.String(), *t.Label, v.hint())
	}
	if k == 0 || t.Ordinal == nil {
		return forms.Ref{}, fmt.Errorf("%w: \"target\" wants a kind and an ordinal or a label", ErrSyntax)
	}
	n, err := jsonInt(json.RawMessage(*t.Ordinal))
	if err != nil {
		return forms.Ref{}, fmt.Errorf("ordinal: %w", err)
	}
	return r.canon(forms.Ref{Kind: k, Ordinal: n}), nil
}

// jsonInt reads a whole number: a JSON number with no fraction, or a
// string such as "-3" or "minus 3".
func jsonInt(raw json.RawMessage) (int, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return parseNumber(s)
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err != nil {
		return 0, fmt.Errorf("%w: %s is no number", ErrSyntax, clip(string(raw)))
	}
	if n, err := strconv.Atoi(string(num)); err == nil && n <= MaxValue && n >= -MaxValue {
		return n, nil
	}
	f, err := num.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > MaxValue {
		return 0, fmt.Errorf("%w: %s is no whole number in range", ErrSyntax, clip(string(num)))
	}
	return int(f), nil
}

// jsonText reads a text: a JSON string, or a number as it is written.
func jsonText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err == nil {
		return string(num), nil
	}
	return "", fmt.Errorf("%w: %s is no text", ErrSyntax, clip(string(raw)))
}

// jsonPoint reads a click point: {"x": 12.5, "y": 40}, or [x, y] under
// "point" or "coordinate". isPoint is false for an object that gives
// none; an object that gives a point and a target is an error.
func jsonPoint(obj map[string]json.RawMessage) (p Point, isPoint bool, err error) {
	var xy [2]json.RawMessage
	xRaw, hasX := obj["x"]
	yRaw, hasY := obj["y"]
	switch arr, hasArr := field(obj, pointKeys); {
	case hasX || hasY:
		xy = [2]json.RawMessage{xRaw, yRaw}
	case hasArr:
		var list []json.RawMessage
		if err := json.Unmarshal(arr, &list); err != nil || len(list) != 2 {
			if arr[0] == '[' {
				return p, true, fmt.Errorf("%w: a point wants [x, y]", ErrSyntax)
			}
			return p, false, nil
		}
		xy = [2]json.RawMessage{list[0], list[1]}
	default:
		return p, false, nil
	}
	if _, ok := field(obj, targetKeys); ok {
		return p, true, fmt.Errorf("%w: both a click point and a target", ErrAmbiguous)
	}
	if op, ok := field(obj, opKeys); ok {
		var w string
		if json.Unmarshal(op, &w) != nil || verbs[lower(strings.TrimSpace(w))] != vClick {
			return p, true, fmt.Errorf("%w: a point for op %s: only a click has one", ErrSyntax, clip(string(op)))
		}
	}
	var c [2]float64
	for k, raw := range xy {
		if raw == nil || json.Unmarshal(raw, &c[k]) != nil || c[k] < 0 || math.IsInf(c[k], 0) {
			return p, true, fmt.Errorf("%w: a point wants x and y as numbers of at least 0", ErrSyntax)
		}
	}
	return Point{X: c[0], Y: c[1]}, true, nil
}
