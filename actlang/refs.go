package actlang

import (
	"encoding/hex"
	"fmt"
	"math/bits"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
)

// kinds is a set of element kinds.
type kinds uint8

// the sets of one kind, by name.
const (
	cb kinds = 1 << forms.Checkbox
	sl kinds = 1 << forms.Slider
	ra kinds = 1 << forms.Radio
	tb kinds = 1 << forms.TextBox
	su kinds = 1 << forms.Submit
)

func (s kinds) has(k forms.Kind) bool { return k < 8 && s&(1<<k) != 0 }

// only returns the kind of a set of one.
func (s kinds) only() (forms.Kind, bool) {
	if bits.OnesCount8(uint8(s)) != 1 {
		return 0, false
	}
	return forms.Kind(bits.TrailingZeros8(uint8(s))), true
}

// nouns maps the English nouns for elements, without spaces or hyphens,
// to the kinds they may name. "box" and "button" name more than one: the
// action and the form decide (see reader.kindFor).
var nouns = map[string]kinds{
	"checkbox": cb, "tickbox": cb, "box": cb | tb,
	"slider": sl, "rangeslider": sl, "sliderhandle": sl,
	"radio": ra, "radiobutton": ra, "radiooption": ra, "option": ra,
	"textbox": tb, "textfield": tb, "textinput": tb, "inputfield": tb, "inputbox": tb,
	"textarea": tb, "input": tb, "field": tb,
	"submit": su, "submitbutton": su, "button": ra | su,
}

// nounPat matches the nouns of the nouns map, longest first, in ASCII
// lower case.
const nounPat = `(check[\s-]?box|tick[\s-]?box|radio[\s-]?button|radio\s+option|radio|option|` +
	`text[\s-]?box|text\s+field|text\s+input|input\s+field|input\s+box|text[\s-]?area|input|field|` +
	`range\s+slider|slider\s+handle|slider|submit\s+button|submit|button|box)`

// ordinalWords are the ordinals written out, first to twentieth, which
// labels may not be (forms.Reserved).
var ordinalWords = forms.OrdinalWords

// ordPat matches an ordinal: 2nd, second, last, #2, no. 2, number 2.
var ordPat = `(?:(\d+)\s*(?:st|nd|rd|th)|(` + strings.Join(ordinalWords, "|") + `|last)|#\s*(\d+)|(?:no\.?|number|nr\.?)\s*(\d+))`

var (
	articleRE = regexp.MustCompile(`^(?:the|a|an)\s+`)
	// the 2nd checkbox, the second checkbox, #2 checkbox
	ordNounRE = regexp.MustCompile(`^` + ordPat + `\s+` + nounPat + `$`)
	// checkbox 2, checkbox #2, checkbox-2, checkbox number 2
	nounNumRE = regexp.MustCompile(`^` + nounPat + `\s*(?:#|no\.?|number|nr\.?)?\s*[-_]?\s*(\d+)$`)
	// the PDDL names of references no element answers: checkbox-m2, checkbox-l-6869
	termRE = regexp.MustCompile(`^(checkbox|slider|radio|textbox|submit)-(?:m(\d+)|l-([0-9a-f]+))$`)
	// the slider
	nounRE = regexp.MustCompile(`^` + nounPat + `$`)
	// the checkbox iyHxAx, the checkbox labelled "iyHxAx"
	nounLabelRE = regexp.MustCompile(`^` + nounPat + `\s+(?:(?:labell?ed|named|called|marked|titled|captioned|` +
		`with\s+(?:the\s+)?(?:label|text)|for|next\s+to|beside)\s+)?(.+)$`)
	// iyHxAx checkbox, the "iyHxAx" box
	labelNounRE = regexp.MustCompile(`^(.+?)\s+` + nounPat + `$`)
)

// compact removes spaces and hyphens from a noun, giving its key in nouns.
func compact(noun string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			return -1
		}
		return r
	}, noun)
}

// reader reads references and steps against one form.
type reader struct {
	f      *forms.Form
	count  [8]int // elements per kind
	points bool   // whether a click point is an answer (ParseNext) or an error (plans)
}

func newReader(f *forms.Form) *reader {
	if f == nil {
		f = &forms.Form{}
	}
	r := &reader{f: f}
	for _, e := range f.Elements {
		if e.Kind < 8 {
			r.count[e.Kind]++
		}
	}
	return r
}

// canon returns the form's own reference to the element ref names, or ref
// as written when it names none.
func (r *reader) canon(ref forms.Ref) forms.Ref {
	if i, err := r.f.Find(ref); err == nil {
		return r.f.RefOf(i)
	}
	return ref
}

// resolves reports whether ref names an element of the form.
func (r *reader) resolves(ref forms.Ref) bool {
	_, err := r.f.Find(ref)
	return err == nil
}

// ref reads a reference to an element. hint holds the kinds the action can
// apply to, which settles a noun such as "box" that could name two.
func (r *reader) ref(s string, hint kinds) (forms.Ref, error) {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".,;:!?"))
	if s == "" {
		return forms.Ref{}, fmt.Errorf("%w: no element given", ErrSyntax)
	}
	if q, ok := unquote(s); ok {
		i, found, err := r.label(q)
		if err != nil {
			return forms.Ref{}, err
		}
		if found {
			return r.f.RefOf(i), nil
		}
		s = q
	}
	i, found, err := r.label(s)
	if err != nil || found {
		return r.refAt(i), err
	}
	low := lower(s) // lower keeps byte offsets: s and low cut alike
	if m := articleRE.FindStringIndex(low); m != nil {
		s, low = s[m[1]:], low[m[1]:]
		i, found, err := r.label(s)
		if err != nil || found {
			return r.refAt(i), err
		}
	}
	if m := termRE.FindStringSubmatch(low); m != nil {
		k, _ := forms.ParseKind(m[1])
		if m[2] != "" {
			n, err := count(m[2])
			if err != nil {
				return forms.Ref{}, err
			}
			return r.canon(forms.Ref{Kind: k, Ordinal: -n}), nil
		}
		b, err := hex.DecodeString(m[3])
		if err != nil || len(b) == 0 {
			return forms.Ref{}, fmt.Errorf("%w: %q is no PDDL name", ErrSyntax, s)
		}
		return r.canon(forms.Ref{Kind: k, Label: string(b)}), nil
	}
	if m := ordNounRE.FindStringSubmatchIndex(low); m != nil {
		k, err := r.kindFor(low[m[10]:m[11]], hint)
		if err != nil {
			return forms.Ref{}, err
		}
		n, err := r.ordinal(low, m, k)
		if err != nil {
			return forms.Ref{}, err
		}
		return r.canon(forms.Ref{Kind: k, Ordinal: n}), nil
	}
	if m := nounNumRE.FindStringSubmatchIndex(low); m != nil {
		k, err := r.kindFor(low[m[2]:m[3]], hint)
		if err != nil {
			return forms.Ref{}, err
		}
		n, err := count(low[m[4]:m[5]])
		if err != nil {
			return forms.Ref{}, err
		}
		return r.canon(forms.Ref{Kind: k, Ordinal: n}), nil
	}
	if m := nounRE.FindStringSubmatchIndex(low); m != nil {
		return r.only(low[m[2]:m[3]], hint)
	}
	if m := nounLabelRE.FindStringSubmatchIndex(low); m != nil {
		return r.labelled(low[m[2]:m[3]], s[m[4]:m[5]], hint)
	}
	if m := labelNounRE.FindStringSubmatchIndex(low); m != nil {
		return r.labelled(low[m[4]:m[5]], s[m[2]:m[3]], hint)
	}
	return forms.Ref{}, fmt.Errorf("%w named %q", ErrUnknownElement, s)
}

// refAt returns the form's reference to element i, or the zero Ref for -1.
func (r *reader) refAt(i int) forms.Ref {
	if i < 0 {
		return forms.Ref{}
	}
	return r.f.RefOf(i)
}

// label returns the element whose label is s: written exactly, or else
// the one label equal to s up to case. found is false when none is.
func (r *reader) label(s string) (i int, found bool, err error) {
	i = -1
	for pass := 0; pass < 2 && i < 0; pass++ {
		for j, e := range r.f.Elements {
			if e.Label == "" || (pass == 0 && e.Label != s) || (pass == 1 && !strings.EqualFold(e.Label, s)) {
				continue
			}
			if i >= 0 {
				return -1, false, fmt.Errorf("%w: %q names both %s and %s", ErrAmbiguous, s,
					r.f.Name(r.f.RefOf(i)), r.f.Name(r.f.RefOf(j)))
			}
			i = j
		}
	}
	return i, i >= 0, nil
}

// kindFor returns the kind a noun names: its only kind, or the only one
// the action applies to, or the only one the form has.
func (r *reader) kindFor(noun string, hint kinds) (forms.Kind, error) {
	set := nouns[compact(noun)]
	if k, ok := set.only(); ok {
		return k, nil
	}
	if k, ok := (set & hint).only(); ok {
		return k, nil
	}
	if set&hint != 0 {
		set &= hint
	}
	var present kinds
	for _, k := range forms.Kinds() {
		if set.has(k) && r.count[k] > 0 {
			present |= 1 << k
		}
	}
	if k, ok := present.only(); ok {
		return k, nil
	}
	return 0, fmt.Errorf("%w: %q could name elements of more than one kind", ErrAmbiguous, noun)
}

// ordinal returns the number of an ordinal matched by ordNounRE (m holds
// its submatch indices in low) for elements of kind k.
func (r *reader) ordinal(low string, m []int, k forms.Kind) (int, error) {
	switch {
	case m[2] >= 0:
		return count(low[m[2]:m[3]])
	case m[6] >= 0:
		return count(low[m[6]:m[7]])
	case m[8] >= 0:
		return count(low[m[8]:m[9]])
	}
	w := low[m[4]:m[5]]
	if w == "last" {
		if r.count[k] == 0 {
			return 0, fmt.Errorf("%w: the form has no %s", ErrUnknownElement, k.Noun())
		}
		return r.count[k], nil
	}
	if n := slices.Index(ordinalWords, w); n >= 0 {
		return n + 1, nil
	}
	return 0, fmt.Errorf("%w: ordinal %q", ErrSyntax, w)
}

// only reads a noun alone, such as "the slider": the form's one element
// of that kind. On a form without one it is kept as written, the first of
// that kind, which the form lacks.
func (r *reader) only(noun string, hint kinds) (forms.Ref, error) {
	k, err := r.kindFor(noun, hint)
	if err != nil {
		return forms.Ref{}, err
	}
	if n := r.count[k]; n > 1 && k != forms.Submit {
		return forms.Ref{}, fmt.Errorf("%w: the form has %d elements of kind %s: say which %s", ErrAmbiguous, n, k, noun)
	}
	return r.canon(forms.Ref{Kind: k, Ordinal: 1}), nil
}

// labelled reads a noun with a label, as in "the checkbox iyHxAx". A
// label of an element of another kind, or one no element has, is kept as
// written, so the step names an element the form lacks.
func (r *reader) labelled(noun, label string, hint kinds) (forms.Ref, error) {
	label = strings.TrimSpace(label)
	q, quoted := unquote(label)
	if quoted {
		label = q
	}
	i, found, err := r.label(label)
	if err != nil {
		return forms.Ref{}, err
	}
	set := nouns[compact(noun)]
	if found && set.has(r.f.Elements[i].Kind) {
		return r.f.RefOf(i), nil
	}
	if found {
		label = r.f.Elements[i].Label
	} else if label == "" || len(label) > 4*forms.MaxLabelLen || (!quoted && strings.ContainsAny(label, " \t\"'")) {
		return forms.Ref{}, fmt.Errorf("%w named %q", ErrUnknownElement, label)
	}
	k, err := r.kindFor(noun, hint)
	if err != nil {
		return forms.Ref{}, err
	}
	return forms.Ref{Kind: k, Label: label}, nil
}

// count parses an ordinal's digits, at most MaxValue.
func count(digits string) (int, error) {
	n, err := strconv.Atoi(digits)
	if err != nil || n > MaxValue {
		return 0, fmt.Errorf("%w: number %s is too large", ErrSyntax, digits)
	}
	return n, nil
}
