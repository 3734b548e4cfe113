package variant

import "strings"

// closings lists, per way a task closes, the closing as the task has it
// (wording 0) and the two other wordings of the same instruction. Every
// task statesim.Instruction words ends in one of them, as does the bar of
// a question without a task (formview.BarText).
var closings = [][3]string{
	{" and click Submit.", " and press Submit.", ", then click Submit."},
	{", then hit Submit.", ", then press Submit.", ", then click Submit."},
}

// wholeBars are the tasks that are a closing alone.
var wholeBars = [][3]string{
	{"Hit Submit.", "Press Submit.", "Click Submit."},
}

// Wordings is how many wordings Bar knows of any bar text: the text as it
// is, and two others where it knows the closing.
const Wordings = 3

// Rewordable reports whether bar, an instruction bar's text, ends in a
// closing Bar can word another way.
func Rewordable(bar string) bool {
	_, ok := closingOf(bar)
	return ok
}

// Bar returns the instruction bar's text bar in wording k: k 0 is bar as
// it is; 1 and 2 say the same with its closing clause worded another way
// ("and click Submit." as "and press Submit." or ", then click Submit.").
// A text Rewordable refuses, or a k out of range, is returned as it is.
func Bar(bar string, k int) string {
	if k <= 0 || k >= Wordings {
		return bar
	}
	c, ok := closingOf(bar)
	if !ok {
		return bar
	}
	if c.whole {
		return c.words[k]
	}
	return strings.TrimSuffix(bar, c.words[0]) + c.words[k]
}

// closing is the way a bar text closes.
type closing struct {
	words [3]string
	whole bool // the text is the closing alone
}

func closingOf(bar string) (closing, bool) {
	for _, w := range wholeBars {
		if bar == w[0] {
			return closing{w, true}, true
		}
	}
	for _, w := range closings {
		if strings.HasSuffix(bar, w[0]) && len(bar) > len(w[0]) {
			return closing{w, false}, true
		}
	}
	return closing{}, false
}
