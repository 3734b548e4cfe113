package pddl

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Sink is the text object that stands for every content outside a
// problem's set of texts: typing into a box that holds it keeps it there.
// The content "other" itself is named txt-u-6f74686572, so the names never
// collide.
const Sink = "txt-other"

// Empty is the name of the empty text.
const Empty = "empty"

// ElementName returns the object name of element e: its kind and ordinal,
// such as checkbox-3 or slider-1. It is what forms.Form.Term gives every
// reference that resolves to e.
func ElementName(e *forms.Element) string {
	var buf [32]byte
	return string(appendElement(buf[:0], e))
}

// PositionName returns the name of slider value n: pos-3, or pos-m3 for -3
// (statesim.PDDLPosition).
func PositionName(n int) string { return statesim.PDDLPosition(n) }

// AmountName returns the name of a slider move by n: by-2, or by-m2 for -2
// (statesim.PDDLAmount).
func AmountName(n int) string { return statesim.PDDLAmount(n) }

// TextName returns the name of text content s (statesim.PDDLText): Empty
// for "", txt-<s> when s is only lowercase ASCII letters and digits (and
// not "other"), otherwise txt-u-<lowercase hex of the UTF-8 bytes of s>.
func TextName(s string) string { return statesim.PDDLText(s) }

// ParseTextName returns the content a text name stands for. The sink has
// none: it gives an error, as does a name that is no text name.
func ParseTextName(name string) (string, error) {
	switch {
	case name == Empty:
		return "", nil
	case name == Sink:
		return "", fmt.Errorf("pddl: %s stands for a text outside the problem's set", name)
	case strings.HasPrefix(name, "txt-u-"):
		b, err := hex.DecodeString(name[len("txt-u-"):])
		if err != nil || len(b) == 0 || TextName(string(b)) != name {
			return "", fmt.Errorf("pddl: text name %q: bad hex, or a content with a plain name", name)
		}
		return string(b), nil
	case strings.HasPrefix(name, "txt-") && len(name) > len("txt-") && TextName(name[len("txt-"):]) == name:
		return name[len("txt-"):], nil
	}
	return "", fmt.Errorf("pddl: %q is not a text name", name)
}

// ParsePositionName returns the slider value a position name stands for.
func ParsePositionName(name string) (int, error) { return parseSigned("pos-", name) }

// ParseAmountName returns the move amount an amount name stands for.
func ParseAmountName(name string) (int, error) { return parseSigned("by-", name) }

func parseSigned(prefix, name string) (int, error) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0, fmt.Errorf("pddl: %q does not start with %s", name, prefix)
	}
	neg := strings.HasPrefix(rest, "m")
	if neg {
		rest = rest[1:]
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || rest == "" || rest[0] == '+' || (neg && n == 0) || strconv.Itoa(n) != rest {
		return 0, fmt.Errorf("pddl: %q is not a %sN name", name, prefix)
	}
	if neg {
		n = -n
	}
	return n, nil
}

// ProblemName returns the name of the PDDL problem of question index of
// suite: <suite>-<index>, such as edge_case-12.
func ProblemName(suite string, index int64) string { return fmt.Sprintf("%s-%d", suite, index) }
