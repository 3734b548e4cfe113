package episode

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// bgGrammar is the grammar of a BrowserGym action call that bgCall scans
// for, as a regular expression: the reference bgCall must agree with.
var bgGrammar = regexp.MustCompile(`^(click|dblclick|fill|clear|check|uncheck|select_option|focus|hover|press|scroll|noop|mouse_click|mouse_dblclick|mouse_move|mouse_down|mouse_up|keyboard_press|keyboard_type|keyboard_insert_text|send_msg_to_user|report_infeasible)\s*\((.*)\)$`)

// TestBGCall checks bgCall against bgGrammar on a table of calls and near
// misses and on random strings built from their pieces.
func TestBGCall(t *testing.T) {
	cases := []string{
		"click('e0')", "click ('e0')", "click\t\n('e0')", "click()", "noop()", "noop",
		"fill('e1', 'a (b) c')", "fill('e1', 'x\ny')", "mouse_click(40, 60)", "mouse_click (40,60))",
		"clickx('e0')", "Click('e0')", " click('e0')", "click('e0') ", "click('e0'", "click)",
		"keyboard_press('Enter')", "send_msg_to_user('hi')", "select_option('e2', 'a')", "",
		"(", ")", "()", "_()", "click\v('e0')", "click(\u00e9)", "click(\xff)", "mouse_()", "mouse_click\r\n()",
	}
	names := []string{"click", "fill", "noop", "mouse_click", "keyboard_type", "clickx", "Click", "mouse_", ""}
	spaces := []string{"", " ", "\t", "\n", "\v", "\r\n"}
	middles := []string{"'e0'", ", ", "(", ")", "\n", "é", "\xff", "x", " "}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	for range 20000 {
		line := pick(names) + pick(spaces)
		if rng.IntN(10) > 0 {
			line += "("
		}
		for range rng.IntN(4) {
			line += pick(middles)
		}
		if rng.IntN(10) > 0 {
			line += ")"
		}
		if rng.IntN(5) == 0 {
			line += pick(middles)
		}
		cases = append(cases, line)
	}
	matched := 0
	for _, line := range cases {
		name, args, ok := bgCall(line)
		m := bgGrammar.FindStringSubmatch(line)
		if ok != (m != nil) || ok && (name != m[1] || args != m[2]) {
			t.Errorf("%q: bgCall gives %q, %q, %t; the grammar %q", line, name, args, ok, m)
		}
		if ok {
			matched++
		}
	}
	if matched < 1000 {
		t.Errorf("only %d of %d strings are calls: the random ones test too little", matched, len(cases))
	}
}
