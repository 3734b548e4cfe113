package statesim

import (
	"encoding/hex"
	"strconv"
)

// PDDLPosition returns the PDDL name of slider value n: pos-3, or pos-m3
// for -3 (PDDL names hold no minus sign in front).
func PDDLPosition(n int) string {
	var buf [24]byte
	return string(AppendPDDLPosition(buf[:0], n))
}

// PDDLAmount returns the PDDL name of a slider move by n: by-2, or by-m2
// for -2.
func PDDLAmount(n int) string {
	var buf [24]byte
	return string(AppendPDDLAmount(buf[:0], n))
}

// AppendPDDLPosition appends PDDLPosition(n) to b, for a caller that
// writes many names into one buffer.
func AppendPDDLPosition(b []byte, n int) []byte { return appendSigned(b, "pos-", n) }

// AppendPDDLAmount appends PDDLAmount(n) to b.
func AppendPDDLAmount(b []byte, n int) []byte { return appendSigned(b, "by-", n) }

func appendSigned(b []byte, prefix string, n int) []byte {
	b = append(b, prefix...)
	if n < 0 {
		// -n overflows for the smallest int; its digits are written unsigned.
		return strconv.AppendUint(append(b, 'm'), uint64(-(n+1))+1, 10)
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// PDDLText returns the PDDL name of text content s: "empty" for "",
// txt-<s> when s is only lowercase ASCII letters and digits (and not
// "other", which names the sink of texts outside a problem), otherwise
// txt-u-<lowercase hex of the UTF-8 bytes of s>. A plain name has one
// hyphen and a hex name two, so no two contents share a name, and PDDL's
// case folding cannot merge two.
func PDDLText(s string) string {
	var buf [64]byte
	return string(AppendPDDLText(buf[:0], s))
}

// AppendPDDLText appends PDDLText(s) to b.
func AppendPDDLText(b []byte, s string) []byte {
	if s == "" {
		return append(b, "empty"...)
	}
	plain := s != "other"
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9'
	}
	if plain {
		return append(append(b, "txt-"...), s...)
	}
	return hex.AppendEncode(append(b, "txt-u-"...), []byte(s))
}
