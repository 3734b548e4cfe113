package forms

import (
	"strings"

	"github.com/rivo/uniseg"
)

// Texts are cut, counted and compared by user-perceived characters
// (extended grapheme clusters, UAX #29), never by bytes: a partly typed
// "ÄÖ" holds "Ä", never the first byte of "Ä", and a partly typed "कि"
// holds both code points or neither, since the vowel sign alone draws as
// a dotted circle.

// TextLen returns the number of characters (grapheme clusters) of s.
func TextLen(s string) int { return uniseg.GraphemeClusterCount(s) }

// TextPrefix returns the first k characters (grapheme clusters) of s, or
// all of s when it has fewer.
func TextPrefix(s string, k int) string {
	rest, state := s, -1
	for ; k > 0 && rest != ""; k-- {
		_, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
	}
	return s[:len(s)-len(rest)]
}

// IsTextPrefix reports whether p is the start of s cut between two
// characters (grapheme clusters): "Ä" is one of "ÄÖ", the first byte of
// "Ä" is not, and neither is "क" of "कि".
func IsTextPrefix(s, p string) bool {
	if !strings.HasPrefix(s, p) {
		return false
	}
	if p == "" || len(p) == len(s) {
		return true
	}
	rest, state := s, -1
	for len(s)-len(rest) < len(p) {
		_, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
	}
	return len(s)-len(rest) == len(p)
}
