package actlang

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// The parts of slider steps, in ASCII lower case.
const (
	cardinals = `zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|` +
		`fifteen|sixteen|seventeen|eighteen|nineteen|twenty`
	numPat  = `(?P<sign>[-+\x{2212}]|minus\s+|negative\s+|plus\s+)?\s*(?P<num>\d+|` + cardinals + `)\b`
	unitPat = `(?:\s+(?:steps?|units?|positions?|notches?|ticks?|places?|points?))?`
	towards = `(?:to\s+the\s+|towards?\s+the\s+)?`
	dirPat  = towards + `(?P<dir>right|left|up|down)(?:wards?)?`
)

var (
	// move X to 5, move X right by 3, set X to minus 3, move X by 3 to the left
	toByRE = regexp.MustCompile(`^(?P<ref>.*?)(?:\s+` + dirPat + `)?\s+(?P<prep>to|by)\s+` +
		`(?:(?:the\s+)?(?:value|position|pos|number|level|setting)\s+(?:of\s+)?)?` + numPat + unitPat +
		`(?:\s+` + towards + `(?P<dir2>right|left|up|down)(?:wards?)?)?$`)
	// move X +3, move X -3
	signedRE = regexp.MustCompile(`^(?P<ref>.*?)\s+(?P<sign>[-+\x{2212}])\s*(?P<num>\d+)` + unitPat + `$`)
	// move X 3 steps to the left
	numDirRE = regexp.MustCompile(`^(?P<ref>.*?)\s+(?:by\s+)?` + numPat + unitPat + `\s+` + dirPat + `$`)
	// move X right 3
	dirNumRE = regexp.MustCompile(`^(?P<ref>.*?)\s+` + dirPat + `\s+` + numPat + unitPat + `$`)

	slideForms = [...]*regexp.Regexp{toByRE, signedRE, numDirRE, dirNumRE}

	// set X to checked
	stateRE = regexp.MustCompile(`^(.*?)\s+(?:to|as)\s+(checked|unchecked|ticked|unticked|selected|on|off|true|false)$`)
	// the words around a slider: the handle of X, X's handle, the slider handle
	handleHeadRE = regexp.MustCompile(`^(?:the\s+)?(?:handle|value|position|thumb|knob)\s+(?:of|on|for)\s+`)
	handleTailRE = regexp.MustCompile(`(?:(?:'s|’s|'|’)\s*(?:handle|value|position|thumb|knob)?|\s+(?:handle|value|position|thumb|knob))$`)
	bareHandleRE = regexp.MustCompile(`^(?:(?:the|its|it)\s*)?(?:handle|thumb|knob)?$`)
	// where a slider is moved from: "move X from 3 to 5"
	fromRE   = regexp.MustCompile(`\s+from\s+(?:[-+\x{2212}]|minus\s+|negative\s+)?\s*(?:\d+|` + cardinals + `)$`)
	toRE     = regexp.MustCompile(`\s+to\s+`)
	numberRE = regexp.MustCompile(`^\s*` + numPat + `\s*$`)
)

// slide reads the steps on a slider: set, move, increase, decrease; and
// "set" on a checkbox (to checked) or a text box (to a text).
func (r *reader) slide(word string, v verb, rest string) (statesim.Action, error) {
	low := lower(rest)
	if m := stateRE.FindStringSubmatchIndex(low); m != nil && v == vSet {
		if a, err := r.state(word, rest[m[2]:m[3]], low[m[4]:m[5]]); err == nil {
			return a, nil
		}
	}
	sp, lowp := " "+rest, " "+low
	for _, re := range slideForms {
		if m := re.FindStringSubmatchIndex(lowp); m != nil {
			return r.slideAction(word, v, sp, lowp, re, m)
		}
	}
	if v == vSet {
		ms := toRE.FindAllStringIndex(low, 16)
		for k := len(ms) - 1; k >= 0; k-- {
			t, after, err := readText(rest[ms[k][1]:])
			if err != nil || strings.TrimSpace(after) != "" {
				continue
			}
			if ref, err := r.ref(rest[:ms[k][0]], tb); err == nil && ref.Kind == forms.Slider {
				return statesim.Action{}, fmt.Errorf("%w: %s: to what value? %q is no whole number", ErrSyntax, word, clip(t))
			}
			return r.textAction(word, v, rest[:ms[k][0]], t)
		}
	}
	return statesim.Action{}, fmt.Errorf("%w: %s: to what value? (want %s X to N, or by N)", ErrSyntax, word, word)
}

// slideAction builds the step a slider form matched: m holds the
// submatch indices of re in lowp, the lower case of sp.
func (r *reader) slideAction(word string, v verb, sp, lowp string, re *regexp.Regexp, m []int) (statesim.Action, error) {
	group := func(name string) (string, int) {
		k := re.SubexpIndex(name)
		if k < 0 || m[2*k] < 0 {
			return "", -1
		}
		return lowp[m[2*k]:m[2*k+1]], m[2*k]
	}
	target := sp[m[2]:m[3]] // every form's first group
	ref, err := r.sliderRef(target, v)
	if err != nil {
		return statesim.Action{}, err
	}
	prep, _ := group("prep")
	dir, _ := group("dir")
	if d, _ := group("dir2"); d != "" {
		dir = d
	}
	sign, at := group("sign")
	num, numAt := group("num")
	if at < 0 {
		at = numAt
	}
	if ref.Kind == forms.TextBox && v == vSet && prep == "to" && dir == "" {
		return r.textAction(word, v, target, strings.TrimSpace(sp[at:numAt+len(num)]))
	}
	op, err := opFor(word, v, ref.Kind)
	if err != nil {
		return statesim.Action{}, err
	}
	n, err := number(sign, num)
	if err != nil {
		return statesim.Action{}, err
	}
	if prep == "to" {
		return statesim.Action{Op: statesim.Set, Target: ref, N: n}, nil
	}
	down := dir == "left" || dir == "down"
	if (down || v == vDecrease) && sign != "" {
		return statesim.Action{}, fmt.Errorf("%w: %s: a signed amount with a direction", ErrSyntax, word)
	}
	if down != (v == vDecrease) {
		n = -n
	}
	return statesim.Action{Op: op, Target: ref, N: n}, nil
}

// sliderRef reads the element of a slider step, with the words about its
// handle taken off; none at all names the form's one slider.
func (r *reader) sliderRef(target string, v verb) (forms.Ref, error) {
	t := strings.TrimSpace(target)
	if m := fromRE.FindStringIndex(lower(t)); m != nil {
		t = t[:m[0]]
	}
	if m := handleHeadRE.FindStringIndex(lower(t)); m != nil {
		t = t[m[1]:]
	}
	if m := handleTailRE.FindStringIndex(lower(t)); m != nil {
		t = strings.TrimSpace(t[:m[0]])
	}
	if bareHandleRE.MatchString(lower(t)) {
		return r.only("slider", sl)
	}
	ref, err := r.ref(t, v.hint())
	if err != nil && t != strings.TrimSpace(target) {
		if ref2, err2 := r.ref(target, v.hint()); err2 == nil {
			return ref2, nil
		}
	}
	return ref, err
}

// state reads "set X to checked": word is what X is set to.
func (r *reader) state(verbWord, target, word string) (statesim.Action, error) {
	ref, err := r.ref(target, cb|ra)
	if err != nil {
		return statesim.Action{}, err
	}
	on := word == "checked" || word == "ticked" || word == "selected" || word == "on" || word == "true"
	return onOff(verbWord, ref, on)
}

// onOff is the step that makes a checkbox checked or not, or selects a
// radio button.
func onOff(word string, ref forms.Ref, on bool) (statesim.Action, error) {
	switch {
	case ref.Kind == forms.Checkbox && on:
		return statesim.Action{Op: statesim.Check, Target: ref}, nil
	case ref.Kind == forms.Checkbox:
		return statesim.Action{Op: statesim.Uncheck, Target: ref}, nil
	case ref.Kind == forms.Radio && on:
		return statesim.Action{Op: statesim.Select, Target: ref}, nil
	}
	return statesim.Action{}, fmt.Errorf("%w: cannot %s a %s to that", ErrNotApplicable, word, ref.Kind.Noun())
}

// cardinalWords are the number words of cardinals, zero first.
var cardinalWords = strings.Split(cardinals, "|")

// number returns the value of a sign ("-", "minus ", "" ...) and digits
// or a number word, at most MaxValue in magnitude.
func number(sign, num string) (int, error) {
	n := slices.Index(cardinalWords, num)
	if n < 0 {
		v, err := strconv.Atoi(num)
		if err != nil || v > MaxValue {
			return 0, fmt.Errorf("%w: value %s is out of range", ErrSyntax, clip(num))
		}
		n = v
	}
	switch strings.TrimSpace(sign) {
	case "-", "\u2212", "minus", "negative":
		n = -n
	}
	return n, nil
}

// parseNumber reads a whole number written alone: "4", "-3", "minus 3".
func parseNumber(s string) (int, error) {
	m := numberRE.FindStringSubmatch(lower(s))
	if m == nil {
		return 0, fmt.Errorf("%w: %q is no whole number", ErrSyntax, clip(s))
	}
	return number(m[1], m[2])
}
