package actlang

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// verb is a class of English verbs that act alike.
type verb uint8

const (
	vNone     verb = iota
	vCheck         // check: a checkbox on, a radio button selected
	vUncheck       // uncheck: a checkbox off
	vClick         // click: a checkbox toggled, a radio button selected, Submit
	vSelect        // select: as check, but "select" on a checkbox
	vSet           // set or move a slider: "to N" sets, "by N" moves
	vMove          // move a slider by N (JSON's "move" only)
	vIncrease      // move a slider up: "by N"
	vDecrease      // move a slider down: "by N"
	vType          // type text into a box, after what it holds
	vEnter         // enter text into a box, replacing what it holds
	vFill          // fill a box with text, replacing what it holds
	vClear         // clear a box
	vSubmit        // submit the form
)

// verbs maps English verbs to their class.
var verbs = map[string]verb{
	"check": vCheck, "tick": vCheck, "mark": vCheck,
	"uncheck": vUncheck, "untick": vUncheck, "unmark": vUncheck, "deselect": vUncheck, "unselect": vUncheck,
	"un-check": vUncheck, "un-tick": vUncheck,
	"click": vClick, "press": vClick, "tap": vClick, "toggle": vClick, "hit": vClick, "push": vClick,
	"select": vSelect, "choose": vSelect, "pick": vSelect,
	"set": vSet, "change": vSet, "adjust": vSet, "move": vSet, "drag": vSet, "slide": vSet, "shift": vSet,
	"increase": vIncrease, "increment": vIncrease, "raise": vIncrease,
	"decrease": vDecrease, "decrement": vDecrease, "lower": vDecrease, "reduce": vDecrease,
	"type": vType, "input": vType, "append": vType, "add": vType, "insert": vType,
	"enter": vEnter, "write": vEnter, "put": vEnter,
	"fill": vFill, "replace": vFill, "populate": vFill,
	"clear": vClear, "erase": vClear, "empty": vClear, "delete": vClear, "remove": vClear,
	"submit": vSubmit,
}

// hint returns the kinds of element the verb applies to.
func (v verb) hint() kinds {
	switch v {
	case vCheck:
		return cb | ra
	case vUncheck:
		return cb
	case vClick, vSelect:
		return cb | ra | su
	case vSet:
		return sl | tb
	case vMove, vIncrease, vDecrease:
		return sl
	case vType, vEnter, vFill:
		return tb
	case vClear:
		return tb | cb
	case vSubmit:
		return su
	}
	return 0
}

// opFor returns the operation verb v (written word) has on an element of
// kind k: "check" selects a radio button, "select" checks a checkbox,
// "click" on Submit submits. An operation that does not fit is an error.
func opFor(word string, v verb, k forms.Kind) (statesim.Op, error) {
	var op statesim.Op
	switch {
	case v == vCheck && k == forms.Checkbox, v == vSelect && k == forms.Checkbox:
		op = statesim.Check
	case v == vCheck && k == forms.Radio, v == vSelect && k == forms.Radio:
		op = statesim.Select
	case v == vUncheck && k == forms.Checkbox, v == vClear && k == forms.Checkbox:
		op = statesim.Uncheck
	case v == vClick && (k == forms.Checkbox || k == forms.Radio):
		op = statesim.Click
	case (v == vClick || v == vSelect || v == vSubmit) && k == forms.Submit:
		op = statesim.Submit
	case v == vType && k == forms.TextBox:
		op = statesim.Type
	case (v == vEnter || v == vFill || v == vSet) && k == forms.TextBox:
		op = statesim.Enter
	case v == vClear && k == forms.TextBox:
		op = statesim.Clear
	case (v == vSet || v == vMove || v == vIncrease || v == vDecrease) && k == forms.Slider:
		op = statesim.Move // the caller makes it Set for "to N"
	default:
		return "", fmt.Errorf("%w: cannot %s a %s", ErrNotApplicable, word, k.Noun())
	}
	return op, nil
}

var (
	// leading words that say when, not what: "Then, check ..."
	adverbRE = regexp.MustCompile(`^(?:(?:then|next|now|first|firstly|secondly|thirdly|finally|lastly|afterwards|` +
		`after\s+that|and|also|please|ok|okay)\b\s*[,:]?\s+)+`)
	verbRE = regexp.MustCompile(`^[a-z]+(?:-[a-z]+)?`)
	// particles after a verb: click on, fill in
	onRE   = regexp.MustCompile(`^\s*(?:on|at)\s+`)
	fillRE = regexp.MustCompile(`^\s*(?:in|out)\s+`)
	// what submit may take: nothing, or the form
	submitRestRE = regexp.MustCompile(`^(?:(?:the|this)\s+)?(?:form|page|answer|it|plan)?(?:\s*\b(?:by|with|using|now)\b.*)?$`)
	// words around what clear acts on: the text in X, X's text
	clearHeadRE = regexp.MustCompile(`^(?:all\s+)?(?:(?:the|any)\s+)?(?:text|contents?|value|input|entry)\s+(?:in|of|from|inside)\s+`)
	textTailRE  = regexp.MustCompile(`(?:'s|’s)\s+(?:text|contents?|value)$`)
	// a wanted state: "Ensure X is checked"
	ensureRE = regexp.MustCompile(`^(ensure|make\s+sure)\s+(?:that\s+)?(.+?)\s+is\s+(checked|unchecked|ticked|unticked|selected)$`)
	// a text step that names its box first: "In X, type T"
	inFirstRE = regexp.MustCompile(`^(?:in|into)\s+([^,]+),\s*((?:type|enter|write|input|put)\s.*)$`)
	// commentary after a reference: "Click X to check it", "Click X (the box)"
	commentRE = regexp.MustCompile(`\s+(?:to|so|in\s+order\s+to|because|since|which|as)\s|\s*\(|\s+[-–—]+\s`)
)

// english reads one step written in English.
func (r *reader) english(s string) (statesim.Action, error) {
	if len(s) > MaxStepBytes {
		return statesim.Action{}, fmt.Errorf("%w: a step of %d bytes, at most %d", ErrSyntax, len(s), MaxStepBytes)
	}
	low := lower(s)
	if m := adverbRE.FindStringIndex(low); m != nil {
		s, low = s[m[1]:], low[m[1]:]
	}
	if m := ensureRE.FindStringSubmatchIndex(low); m != nil {
		return r.state(low[m[2]:m[3]], s[m[4]:m[5]], low[m[6]:m[7]])
	}
	if m := inFirstRE.FindStringSubmatchIndex(low); m != nil {
		// "In X, type T": as "type T into X".
		return r.english(s[m[4]:] + " into " + s[m[2]:m[3]])
	}
	n := len(verbRE.FindString(low))
	if n == 0 {
		w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
		return statesim.Action{}, fmt.Errorf("%w: %q is no verb", ErrSyntax, clip(w))
	}
	word := low[:n]
	v, ok := verbs[word]
	if !ok {
		return statesim.Action{}, fmt.Errorf("%w: unknown verb %q", ErrSyntax, clip(s[:n]))
	}
	rest, lowRest := s[n:], low[n:]
	// The verb must be a whole word: "check2" and "checké" are none.
	if n < len(low) && (low[n] >= '0' && low[n] <= '9' || low[n] == '_' || low[n] >= 0x80 && !isQuote(low[n:])) {
		return statesim.Action{}, fmt.Errorf("%w: unknown verb %q", ErrSyntax, clip(strings.Fields(s)[0]))
	}
	var particle *regexp.Regexp
	switch v {
	case vClick, vCheck, vSelect:
		particle = onRE
	case vFill:
		particle = fillRE
	}
	if particle != nil {
		if m := particle.FindStringIndex(lowRest); m != nil {
			rest, lowRest = rest[m[1]:], lowRest[m[1]:]
		}
	}
	rest = strings.TrimSpace(rest)
	switch v {
	case vSubmit:
		return r.submit(rest)
	case vSet, vIncrease, vDecrease:
		return r.slide(word, v, rest)
	case vType, vEnter, vFill:
		return r.text(word, v, rest)
	}
	return r.one(word, v, rest)
}

// submit reads what follows "submit".
func (r *reader) submit(rest string) (statesim.Action, error) {
	if submitRestRE.MatchString(lower(rest)) {
		return statesim.SubmitAction, nil
	}
	ref, err := r.ref(rest, su)
	if err != nil {
		return statesim.Action{}, err
	}
	if ref.Kind != forms.Submit {
		return statesim.Action{}, fmt.Errorf("%w: cannot submit a %s", ErrNotApplicable, ref.Kind.Noun())
	}
	return statesim.Action{Op: statesim.Submit, Target: ref}, nil
}

// one reads the steps that name one element and nothing else: check,
// uncheck, click, select, clear.
func (r *reader) one(word string, v verb, rest string) (statesim.Action, error) {
	if v == vClear {
		if m := clearHeadRE.FindStringIndex(lower(rest)); m != nil {
			rest = rest[m[1]:]
		}
		if m := textTailRE.FindStringIndex(lower(rest)); m != nil {
			rest = rest[:m[0]]
		}
	}
	ref, err := r.refAside(rest, v.hint())
	if err != nil {
		return statesim.Action{}, err
	}
	op, err := opFor(word, v, ref.Kind)
	if err != nil {
		return statesim.Action{}, err
	}
	return statesim.Action{Op: op, Target: ref}, nil
}

// refAside is ref for a reference that may have commentary after it:
// "the 2nd checkbox to check it". It tries what comes before each place
// commentary may begin, and takes it only if it names an element of the
// form, since a cut in the wrong place ("the box next| to X") would give
// a name as written.
func (r *reader) refAside(s string, hint kinds) (forms.Ref, error) {
	ref, err := r.ref(s, hint)
	if err == nil {
		return ref, nil
	}
	for _, m := range commentRE.FindAllStringIndex(lower(s), 8) {
		if m[0] == 0 {
			continue
		}
		if ref2, err2 := r.ref(s[:m[0]], hint); err2 == nil && r.resolves(ref2) {
			return ref2, nil
		}
	}
	return ref, err
}

// text reads the steps that put text into a box: type "12" into X, enter
// 12 in X, fill X with "12".
func (r *reader) text(word string, v verb, rest string) (statesim.Action, error) {
	if v == vFill {
		a, err := r.fill(word, v, rest)
		if err == nil {
			return a, nil
		}
		if a2, err2 := r.textInto(word, v, rest); err2 == nil {
			return a2, nil
		}
		return a, err
	}
	a, err := r.textInto(word, v, rest)
	if err != nil && v == vEnter {
		if a2, err2 := r.fill(word, v, rest); err2 == nil {
			return a2, nil
		}
	}
	return a, err
}

var (
	// the words before a quoted text: type the text "12"
	textHeadRE = regexp.MustCompile(`^(?:in\s+)?(?:(?:the|a)\s+)?(?:text|value|string|number|word)?\s*`)
	intoRE     = regexp.MustCompile(`^\s*(?:into|in\s+to|inside|in|to|onto|on)\s+`)
	withRE     = regexp.MustCompile(`\s+with\s+`)
	fillHeadRE = regexp.MustCompile(`^(?:(?:the|any)\s+)?(?:text|contents?|value)\s+(?:in|of)\s+`)
)

// textInto reads `"12" into X`.
func (r *reader) textInto(word string, v verb, rest string) (statesim.Action, error) {
	if m := textHeadRE.FindStringIndex(lower(rest)); m != nil && m[1] < len(rest) && isQuote(rest[m[1]:]) {
		rest = rest[m[1]:]
	}
	t, after, err := readText(rest)
	if err != nil {
		return statesim.Action{}, fmt.Errorf("%s: %w", word, err)
	}
	m := intoRE.FindStringIndex(lower(after))
	if m == nil {
		return statesim.Action{}, fmt.Errorf("%w: %s %q: into which element?", ErrSyntax, word, clip(t))
	}
	return r.textAction(word, v, after[m[1]:], t)
}

// fill reads `X with "12"`: the text is what follows the last " with "
// after which one text, and nothing else, follows.
func (r *reader) fill(word string, v verb, rest string) (statesim.Action, error) {
	ms := withRE.FindAllStringIndex(lower(rest), 16)
	for k := len(ms) - 1; k >= 0; k-- {
		t, after, err := readText(rest[ms[k][1]:])
		if err != nil || strings.TrimSpace(after) != "" {
			continue
		}
		target := rest[:ms[k][0]]
		if m := fillHeadRE.FindStringIndex(lower(target)); m != nil {
			target = target[m[1]:]
		}
		if m := textTailRE.FindStringIndex(lower(target)); m != nil {
			target = target[:m[0]]
		}
		return r.textAction(word, v, target, t)
	}
	return statesim.Action{}, fmt.Errorf("%w: %s: with which text? (want %s X with \"text\")", ErrSyntax, word, word)
}

// textAction is the step putting text t into the element target names.
func (r *reader) textAction(word string, v verb, target, t string) (statesim.Action, error) {
	ref, err := r.refAside(target, tb)
	if err != nil {
		return statesim.Action{}, err
	}
	op, err := opFor(word, v, ref.Kind)
	if err == nil && op != statesim.Type && op != statesim.Enter {
		err = fmt.Errorf("%w: cannot %s a %s to a text", ErrNotApplicable, word, ref.Kind.Noun())
	}
	if err != nil {
		return statesim.Action{}, err
	}
	return statesim.Action{Op: op, Target: ref, Text: t}, nil
}
