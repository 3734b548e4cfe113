package textonly

import (
	"strconv"
	"strings"
)

// The readers of a perception probe's text: the question names one
// element and how it asks (Meta.Probe), and the options are Yes and No,
// a radio group's members, slider values or texts. Each reader tries a
// way the words might give the answer away; on a question none of its
// rule fits, a reader ties every option and scores chance.

// choiceIs scores the options whose text is want.
func choiceIs(want string) func(v *View) []float64 {
	return func(v *View) []float64 {
		return Each(v, func(j int) float64 { return B2F(v.Choices[j] == want) })
	}
}

var alwaysYes = Reader{"always Yes", choiceIs("Yes")}

var alwaysNo = Reader{"always No", choiceIs("No")}

// negatedYes answers Yes to a question worded negated ("unchecked",
// "disabled") and No to one worded plainly.
var negatedYes = Reader{"negated wording means Yes", func(v *View) []float64 {
	neg := v.Meta.Probe != nil && v.Meta.Probe.Negated
	return Each(v, func(j int) float64 {
		return B2F(v.Choices[j] == "Yes" && neg || v.Choices[j] == "No" && !neg)
	})
}}

// at scores the option at the index pick returns from the option count.
func at(name string, pick func(n int) int) Reader {
	return Reader{name, func(v *View) []float64 {
		k := pick(len(v.Choices))
		return Each(v, func(j int) float64 { return B2F(j == k) })
	}}
}

// byNumber scores the options that read as whole numbers by score (the
// slider's values); the others get the lowest score.
func byNumber(name string, score func(x float64, xs []float64) float64) Reader {
	return Reader{name, func(v *View) []float64 {
		var xs []float64
		for _, c := range v.Choices {
			if x, err := strconv.Atoi(c); err == nil {
				xs = append(xs, float64(x))
			}
		}
		return Each(v, func(j int) float64 {
			x, err := strconv.Atoi(v.Choices[j])
			if err != nil || len(xs) == 0 {
				return -1e18
			}
			return score(float64(x), xs)
		})
	}}
}

// middleOf scores x by how close it lies to the middle of xs's span.
func middleOf(x float64, xs []float64) float64 {
	lo, hi := xs[0], xs[0]
	for _, y := range xs {
		lo, hi = min(lo, y), max(hi, y)
	}
	d := x - (lo+hi)/2
	return -d * d
}

// ordinalReader reads the probed element's ordinal: a Yes/No probe is
// Yes when it is odd; any other picks the option at the ordinal (wrapped
// around the options).
var ordinalReader = Reader{"the element's ordinal", func(v *View) []float64 {
	ord := 0
	if p := v.Meta.Probe; p != nil {
		if i := v.Meta.Form.Index(p.Element); i >= 0 {
			ord = v.Meta.Form.Elements[i].Ordinal
		}
	}
	return Each(v, func(j int) float64 {
		switch v.Choices[j] {
		case "Yes":
			return B2F(ord%2 == 1)
		case "No":
			return B2F(ord%2 == 0)
		}
		return B2F(ord > 0 && (ord-1)%len(v.Choices) == j)
	})
}}

// labelLike scores an option by the characters it shares with the
// probed element's label and the question's words.
var labelLike = Reader{"most like the question's words", func(v *View) []float64 {
	q := strings.ToLower(v.Question)
	return Each(v, func(j int) float64 {
		n := 0.0
		for _, w := range words(v.Choices[j]) {
			n += float64(strings.Count(q, w))
		}
		return n
	})
}}

// Probe lists the readers of a perception probe: the answers a reader
// might favour (Yes, No, by the wording), the options' places, the
// smallest, largest and middle value, "(empty)", the option texts'
// lengths and order, the element's ordinal and the question's words.
var Probe = []Reader{
	alwaysYes, alwaysNo,
	negatedYes, Neg("negated wording means No", negatedYes),
	at("first option", func(int) int { return 0 }),
	at("last option", func(n int) int { return n - 1 }),
	at("middle option", func(n int) int { return n / 2 }),
	byNumber("smallest value", func(x float64, _ []float64) float64 { return -x }),
	byNumber("largest value", func(x float64, _ []float64) float64 { return x }),
	byNumber("middle value", middleOf),
	Reader{"(empty)", choiceIs("(empty)")}, Neg("anything but (empty)", Reader{"", choiceIs("(empty)")}),
	longest, Neg("shortest option", longest),
	lexFirst, Neg("lexicographically last", lexFirst),
	ordinalReader, Neg("against the element's ordinal", ordinalReader),
	labelLike, Neg("least like the question's words", labelLike),
}
