package statesim

import (
	"encoding/hex"
	"strconv"
)

// PDDLPosition returns the PDDL name of slider value n: pos-3, or pos-m3
// for -3 (PDDL names hold no minus sign in front).
func PDDLPosition(n int) string { return signedName("pos-", n) }

// PDDLAmount returns the PDDL name of a slider move by n: by-2, or by-m2
// for -2.
func PDDLAmount(n int) string { return signedName("by-", n) }

func signedName(prefix string, n int) string {
	if n < 0 {
		return prefix + "m" + strconv.Itoa(-n)
	}
	return prefix + strconv.Itoa(n)
}

// PDDLText returns the PDDL name of text content s: "empty" for "",
// txt-<s> when s is only lowercase ASCII letters and digits (and not
// "other", which names the sink of texts outside a problem), otherwise
// txt-u-<lowercase hex of the UTF-8 bytes of s>. A plain name has one
// hyphen and a hex name two, so no two contents share a name, and PDDL's
// case folding cannot merge two.
func PDDLText(s string) string {
	if s == "" {
		return "empty"
	}
	plain := s != "other"
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9'
	}
	if plain {
		return "txt-" + s
	}
	return "txt-u-" + hex.EncodeToString([]byte(s))
}
