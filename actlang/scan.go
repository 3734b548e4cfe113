package actlang

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/formplan/formplan/statesim"
)

// planAdjectives are the words a plan marker may have before "plan".
const planAdjectives = `(?:final|proposed|revised|corrected|complete|full|shortest|resulting|optimal|correct|updated)`

// item is one thing read from a reply: an action, a click point, or what
// could not be read.
type item struct {
	off      int // byte offset in the text scanned, for items of a JSON block
	line     int
	text     string
	act      statesim.Action
	point    *Point
	err      error
	numbered bool // the line had numbering or a bullet, or the item is one of a list
}

var (
	// planMarkerRE finds "Plan:", "Final plan:", "**Plan:**" and a line
	// "## Plan"; group 1 is the text after the colon.
	// "The plan:" alone is not one: it begins explanations too.
	planMarkerRE = regexp.MustCompile(`(?im)^[ \t>#*_]*` +
		`(?:(?:here(?:'s|’s|[ \t]+is)[ \t]+(?:the|my)[ \t]+|my[ \t]+)(?:` + planAdjectives + `[ \t]+)*|` +
		`(?:the[ \t]+)?(?:` + planAdjectives + `[ \t]+)+)?` +
		`plan(?:[ \t]+is)?[ \t]*(?:\*\*|__)?[ \t]*(?:[:：][ \t]*(?:\*\*|__)?[ \t]*(.*)|$)`)
	// nextMarkerRE finds "Action:", "Next action:", "Answer:", "Final
	// answer:", "The next action is to"; group 1 is the text after it.
	nextMarkerRE = regexp.MustCompile(`(?im)^[ \t>#*_]*(?:(?:so|thus|therefore|hence),?[ \t]+)?` +
		`(?:(?:the|my|final|next|chosen|best|proposed|correct)[ \t]+)*(?:action|answer|step)[ \t]*(?:\*\*|__)?[ \t]*` +
		`(?:[:：]|[ \t]is(?:[ \t]+to)?[ \t]*[:：]?)[ \t]*(?:\*\*|__)?[ \t]*(.*)$`)

	// bulletRE and numeralRE find a bullet and numbering at the start of
	// a line. Each is anchored as a whole, so that a match is tried at the
	// start only.
	bulletRE  = regexp.MustCompile(`^(?:(?:[-*+•·▪◦‣►→]|–|—)\s+|\[[ xX✓]?\]\s+)`)
	numeralRE = regexp.MustCompile(`^(?:(?i:step)\s*#?\s*\d{1,4}\s*(?:[:.)]|[-–—])?\s*|\(\d{1,4}\)\s*|\d{1,4}\)\s*|` +
		`\d{1,4}\s*[.:](?:\s+|$)|\d{1,4}\s+[-–—]\s+|#\d{1,4}[:.)]?\s+)`)
	// splitRE finds where a line of English holds more than one step:
	// "Check X; uncheck Y", "Check X, then hit Submit", "Check X -> Hit
	// Submit".
	splitRE = regexp.MustCompile(`\s*(?:->|→|=>|⇒)\s*|\s*;\s*|\s*,\s*(?:and\s+)?then\s+|\s+and\s+then\s+|\s+then\s+|\s*,\s*and\s+|\s+and\s+|\s*,\s+`)
	// asideRE finds a remark in parentheses at the end of a step: "Move
	// the slider to 5 (it is at 3)".
	asideRE = regexp.MustCompile(`\s*\([^()]*\)\s*\.?$`)
	// pointRE reads a click point written as text: (12, 40), click at
	// x=12 y=40, click(12.5, 40).
	pointRE = regexp.MustCompile(`^(?:(?:left[\s_-]?)?(?:click|tap|press)\s*(?:at|on)?\s*)?\(?\s*(?:x\s*[=:]\s*)?` +
		`([-+]?(?:\d+(?:\.\d*)?|\.\d+))(?:\s*[,;]\s*|\s+)(?:y\s*[=:]\s*)?([-+]?(?:\d+(?:\.\d*)?|\.\d+))\s*\)?$`)
)

// sanitize checks a reply's size, makes it valid UTF-8 and checks that it
// holds more than spaces.
func sanitize(reply string) (string, error) {
	if len(reply) > MaxReplyBytes {
		return "", fmt.Errorf("actlang: %w: %d bytes, at most %d", ErrTooLong, len(reply), MaxReplyBytes)
	}
	reply = strings.ToValidUTF8(reply, "\uFFFD")
	if strings.TrimSpace(reply) == "" {
		return "", fmt.Errorf("actlang: %w", ErrEmpty)
	}
	return reply, nil
}

// prepare checks a reply's size, makes it valid UTF-8 with \n line ends,
// and returns what follows the last marker re finds (all of it without
// one) and the line that text begins on.
func prepare(reply string, re *regexp.Regexp) (body string, first int, err error) {
	reply, err = sanitize(reply)
	if err != nil {
		return "", 0, err
	}
	if strings.ContainsRune(reply, '\r') {
		reply = strings.ReplaceAll(strings.ReplaceAll(reply, "\r\n", "\n"), "\r", "\n")
	}
	ms := re.FindAllStringSubmatchIndex(reply, -1)
	if len(ms) == 0 {
		return reply, 1, nil
	}
	m := ms[len(ms)-1]
	start := m[1]
	if m[2] >= 0 {
		start = m[2]
	}
	body = reply[start:]
	if strings.TrimSpace(body) == "" {
		return "", 0, fmt.Errorf("actlang: %w: nothing after %q", ErrNoSteps, strings.TrimSpace(reply[m[0]:m[1]]))
	}
	return body, 1 + strings.Count(reply[:start], "\n"), nil
}

// scan reads body, whose first line is line first of the reply, into
// items. It stops with over set once it holds more than MaxSteps actions
// and points.
func (r *reader) scan(body string, first int) (items []item, over bool) {
	line, blocks, found := first, 0, 0
	for pos := 0; pos < len(body); {
		end, next := len(body), len(body)
		if k := strings.IndexByte(body[pos:], '\n'); k >= 0 {
			end, next = pos+k, pos+k+1
		}
		raw := body[pos:end]
		t := strings.TrimSpace(raw)
		n := len(items)
		switch {
		case t == "" || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
		case (t[0] == '[' || t[0] == '{') && blocks < maxJSONBlocks:
			// A JSON value, perhaps over several lines.
			blocks++
			start := pos + strings.Index(raw, t)
			its, size, err := r.jsonBlock(body[start:])
			if err != nil {
				if !onlyBrackets(t) {
					items = append(items, r.lineItems(t, line)...)
				}
				break
			}
			at, atLine := start, line // counted on from the item before
			for _, it := range its {
				atLine += strings.Count(body[at:start+it.off], "\n")
				at = start + it.off
				it.line = atLine
				items = append(items, it)
			}
			stop := start + size
			line += strings.Count(body[pos:stop], "\n")
			pos = stop
			if found += answers(items[n:]); found > MaxSteps {
				return nil, true
			}
			continue
		case !onlyBrackets(t):
			items = append(items, r.lineItems(t, line)...)
		}
		if found += answers(items[n:]); found > MaxSteps {
			return nil, true
		}
		line++
		pos = next
	}
	return items, false
}

// answers counts the items read without error.
func answers(items []item) int {
	n := 0
	for _, it := range items {
		if it.err == nil {
			n++
		}
	}
	return n
}

// lineItems reads one line, t, trimmed.
func (r *reader) lineItems(t string, line int) []item {
	c, numbered, dotted := cleanLine(t)
	if c == "" {
		return nil
	}
	items, err := r.step(c, dotted)
	if err != nil {
		return []item{{line: line, text: t, err: err, numbered: numbered}}
	}
	for k := range items {
		items[k].line = line
		items[k].numbered = items[k].numbered || numbered
		if items[k].text == "" {
			items[k].text = c
		}
	}
	return items
}

// cleanLine takes off a line's numbering and bullets ("1.", "Step 2:",
// "-"), bold marks, quotation marks around the whole, and a trailing
// period, which dotted reports.
func cleanLine(s string) (c string, numbered, dotted bool) {
	// A few rounds take off "**1.** - ": a bound keeps a line of a
	// thousand bullets from being scanned a thousand times.
	for range 8 {
		s = strings.TrimSpace(s)
		before := s
		s = strings.TrimPrefix(strings.TrimPrefix(s, "**"), "__")
		if m := bulletRE.FindStringIndex(s); m != nil {
			s, numbered = s[m[1]:], true
		}
		if m := numeralRE.FindStringIndex(s); m != nil {
			s, numbered = s[m[1]:], true
		}
		if s == before {
			break
		}
	}
	for range 3 {
		s = strings.TrimSpace(s)
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "**"), "__"))
		if t, ok := strings.CutSuffix(s, "."); ok && !strings.HasSuffix(t, ".") {
			s, dotted = strings.TrimSpace(t), true
		}
		q, ok := unquote(s)
		if !ok {
			break
		}
		s = q
	}
	return s, numbered, dotted
}

// step reads a cleaned line: JSON, PDDL, a click point (when points are
// answers), a function call or English. dotted says a period was taken
// off its end, to be put back if the step does not read without it (a
// label may end in one).
func (r *reader) step(c string, dotted bool) ([]item, error) {
	if c == "" {
		// A JSON string holding nothing, or only list marks and emphasis.
		return nil, fmt.Errorf("%w: an empty step", ErrSyntax)
	}
	if c[0] == '{' || c[0] == '[' {
		// JSON, read as written; no point begins with a bracket.
		items, n, err := r.jsonBlock(c)
		if err == nil && !onlyBrackets(c[n:]) {
			err = fmt.Errorf("%w: %q after JSON", ErrSyntax, clip(strings.TrimSpace(c[n:])))
		}
		return items, err
	}
	low := lower(c) // ASCII only, so its byte offsets are c's
	if r.points {
		if m := pointRE.FindStringSubmatch(low); m != nil {
			x, errX := strconv.ParseFloat(m[1], 64)
			y, errY := strconv.ParseFloat(m[2], 64)
			if errX != nil || errY != nil || x < 0 || y < 0 {
				return nil, fmt.Errorf("%w: a point wants x and y as numbers of at least 0", ErrSyntax)
			}
			return []item{{point: &Point{X: x, Y: y}}}, nil
		}
	}
	if c[0] == '(' {
		return r.pddl(c, low)
	}
	if items, ok := r.call(c, low); ok {
		return items, nil
	}
	if ms := splitRE.FindAllStringIndex(low, 20); len(ms) > 0 && len(ms) < 20 {
		items, prev := make([]item, 0, len(ms)+1), 0
		for _, m := range append(ms, []int{len(c), len(c)}) {
			a, err := r.englishOrDotted(c[prev:m[0]], false)
			if err != nil {
				items = nil
				break
			}
			items = append(items, item{text: c[prev:m[0]], act: a})
			prev = m[1]
		}
		if items != nil {
			return items, nil
		}
	}
	a, err := r.englishOrDotted(c, dotted)
	if err != nil {
		return nil, err
	}
	return []item{{text: c, act: a}}, nil
}

// englishOrDotted reads a step of English, trying it again with its
// period put back, or without bold marks, before giving up.
func (r *reader) englishOrDotted(c string, dotted bool) (statesim.Action, error) {
	c = strings.TrimSpace(c)
	if t, ok := strings.CutSuffix(c, "."); ok {
		c, dotted = t, true
	}
	a, err := r.english(c)
	if err == nil {
		return a, nil
	}
	if dotted {
		if a2, err2 := r.english(c + "."); err2 == nil {
			return a2, nil
		}
	}
	if strings.Contains(c, "**") {
		if a2, err2 := r.english(strings.ReplaceAll(c, "**", "")); err2 == nil {
			return a2, nil
		}
	}
	if m := asideRE.FindStringIndex(c); m != nil && m[0] > 0 {
		if a2, err2 := r.english(c[:m[0]]); err2 == nil {
			return a2, nil
		}
	}
	return a, err
}
