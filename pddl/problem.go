package pddl

import (
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// Problem returns the PDDL problem of a row: its objects, an :init of the
// pictured start (m.Start) and the static facts, and a :goal of the row's
// wants and (submitted) ((submitted) alone for a row without a goal). Its
// domain is DomainOf(&m.Form), which is Domain of the row's family. The
// objects cover every plan of the row run from m.Start and from every
// state of m.Starts, so each plan can be run from any of them by changing
// the start facts alone. name must be a PDDL name: a letter, then letters,
// digits, hyphens and underscores.
func Problem(m *question.Meta, name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("pddl: problem name %q: want a letter, then letters, digits, - and _", name)
	}
	w := writerPool.Get().(*problemWriter)
	defer writerPool.Put(w)
	if err := w.collect(m); err != nil {
		return "", fmt.Errorf("pddl: problem %s: %w", name, err)
	}
	goal, err := appendGoal(w.goal[:0], m)
	w.goal = goal
	if err != nil {
		return "", fmt.Errorf("pddl: problem %s: %w", name, err)
	}
	f := &m.Form
	b := w.b[:0]
	b = append(b, "; A question of formplan's family "...)
	b = append(b, f.Family...)
	b = append(b, ", from the state pictured.\n"+
		"; Elements are named kind-ordinal, slider values pos-N and moves by-N (m for\n"+
		"; minus), texts empty, txt-<text> or txt-u-<hex of its UTF-8>; txt-other stands\n"+
		"; for every text outside those listed (see docs/PDDL.md).\n"+
		"(define (problem "...)
	b = append(b, name...)
	b = append(b, ")\n  (:domain "...)
	b = append(b, DomainName(f.Family)...)
	b = append(b, ")\n  (:objects\n"...)
	for _, k := range elementKinds {
		for i := range f.Elements {
			e := &f.Elements[i]
			if e.Kind != k {
				continue
			}
			b = appendElement(append(b, "    "...), e)
			b = append(b, " - "...)
			b = append(b, k.String()...)
			b = append(b, " ; id "...)
			b = append(b, e.ID...)
			if e.Label != "" {
				b = strconv.AppendQuote(append(b, ", label "...), e.Label)
			}
			b = append(b, '\n')
		}
	}
	o := &w.o
	if o.sliders {
		b = appendObjects(b, o.positions, statesim.AppendPDDLPosition, "position")
		if len(o.amounts) > 0 {
			b = appendObjects(b, o.amounts, statesim.AppendPDDLAmount, "amount")
		}
	}
	if o.textboxes {
		b = append(b, "    ; empty, a constant of the domain, is \"\"\n"...)
		for _, t := range o.texts[1:] {
			b = statesim.AppendPDDLText(append(b, "    "...), t)
			b = strconv.AppendQuote(append(b, " - text ; "...), t)
			b = append(b, '\n')
		}
		b = append(b, "    "+Sink+" - text ; any other text\n"...)
	}
	b = append(b, "  )\n  (:init\n    ; the start state\n"...)
	b = appendStateFacts(b, f, m.Start)
	b = w.appendStatic(b, f)
	b = append(b, "  )\n  (:goal (and"...)
	b = append(b, w.goal...)
	b = append(b, " (submitted)))\n)\n"...)
	w.b = b
	return string(b), nil
}

// problemWriter is the memory of one Problem call, pooled: the text is
// written into b and copied out once.
type problemWriter struct {
	b, goal []byte
	o       objects
	whole   []string       // the distinct texts met, before their prefixes
	st      statesim.State // the state a plan runs in
	at      []int          // the element of each step of a plan
	names   []byte         // the names of o.texts, one after another
	ends    []int          // where each name of names ends, after a 0
	typed   []int          // the index in o.texts of each of o.typeable
}

var writerPool = sync.Pool{New: func() any { return new(problemWriter) }}

// objects are the values a problem declares besides its elements.
type objects struct {
	sliders, textboxes bool
	positions          []int    // sorted
	amounts            []int    // sorted
	texts              []string // sorted, "" first
	typeable           []string // sorted
}

// collect gathers into w.o the positions, amounts and texts a row needs:
// every value a slider can take, every set and move of a plan, the texts
// of the form's pool and of the plans' typing, and every prefix of every
// text a plan or the goal leads to.
func (w *problemWriter) collect(m *question.Meta) error {
	f := &m.Form
	o := &w.o
	*o = objects{
		sliders: f.Count(forms.Slider) > 0, textboxes: f.Count(forms.TextBox) > 0,
		positions: o.positions[:0], amounts: o.amounts[:0], texts: o.texts[:0], typeable: o.typeable[:0],
	}
	w.whole = append(w.whole[:0], "")
	text := func(s string) {
		if !slices.Contains(w.whole, s) {
			w.whole = append(w.whole, s)
		}
	}
	pos := func(v int) {
		if !slices.Contains(o.positions, v) {
			o.positions = append(o.positions, v)
		}
	}
	for _, e := range f.Elements {
		if e.Kind == forms.Slider {
			for v := e.Min; v <= e.Max; v += max(e.Step, 1) {
				pos(v)
			}
		}
	}
	for _, v := range f.TextValues {
		text(v)
		o.typeable = append(o.typeable, v)
	}
	for _, p := range m.Plans {
		for _, a := range p {
			switch a.Op {
			case statesim.Set:
				pos(a.N)
			case statesim.Move:
				if !slices.Contains(o.amounts, a.N) {
					o.amounts = append(o.amounts, a.N)
				}
			case statesim.Type:
				o.typeable = append(o.typeable, a.Text)
				text(a.Text)
			case statesim.Enter:
				text(a.Text)
			}
		}
	}
	// Every state a plan passes through from a start, the start included,
	// up to its Submit or its first step the form cannot take, made in
	// one state in turn. A step changes only its element (or the other
	// buttons of its radio group), so only that element is noted after it.
	w.st = slices.Grow(w.st[:0], len(f.Elements))[:len(f.Elements)]
	st := w.st
	note := func(i int) {
		switch f.Elements[i].Kind {
		case forms.TextBox:
			text(st[i].S)
		case forms.Slider:
			pos(st[i].N)
		}
	}
	for k := 0; k <= len(m.Starts); k++ {
		s := m.Start // start k: m.Start, then m.Starts
		if k > 0 {
			s = m.Starts[k-1]
		}
		if len(s) != len(f.Elements) {
			return fmt.Errorf("start state %d has %d values for %d elements", k, len(s), len(f.Elements))
		}
		copy(st, s)
		for i := range f.Elements {
			note(i)
		}
	}
	for _, p := range m.Plans {
		w.at = w.at[:0] // the element of each step, up to where the plan stops
		for _, a := range p {
			i, err := statesim.Resolve(f, a)
			if a.Op == statesim.Submit || err != nil {
				break
			}
			w.at = append(w.at, i)
		}
		for k := 0; k <= len(m.Starts) && len(w.at) > 0; k++ {
			if k == 0 {
				copy(st, m.Start)
			} else {
				copy(st, m.Starts[k-1])
			}
			for j, i := range w.at {
				statesim.ApplyAt(f, st, i, p[j])
				note(i)
			}
		}
	}
	if m.Goal != nil {
		for _, wt := range m.Goal.Wants {
			text(wt.Value.S)
			if wt.Target.Kind == forms.Slider {
				pos(wt.Value.N)
			}
		}
	}
	if o.sliders {
		slices.Sort(o.positions)
		slices.Sort(o.amounts)
	} else {
		o.positions, o.amounts = o.positions[:0], o.amounts[:0]
	}
	if o.textboxes {
		for _, s := range w.whole {
			for i := range s {
				o.texts = append(o.texts, s[:i])
			}
			o.texts = append(o.texts, s)
		}
		slices.Sort(o.texts)
		o.texts = slices.Compact(o.texts)
		slices.Sort(o.typeable)
		o.typeable = slices.Compact(o.typeable)
	} else {
		o.typeable = o.typeable[:0]
	}
	return nil
}

// appendObjects appends a line of objects of a type: the name of each of
// ns, a space apart, then " - " and the type.
func appendObjects(b []byte, ns []int, name func([]byte, int) []byte, typ string) []byte {
	b = append(b, "    "...)
	for i, n := range ns {
		if i > 0 {
			b = append(b, ' ')
		}
		b = name(b, n)
	}
	return append(append(append(b, " - "...), typ...), '\n')
}

// appendElement appends the object name of e (ElementName).
func appendElement(b []byte, e *forms.Element) []byte {
	return strconv.AppendInt(append(append(b, e.Kind.String()...), '-'), int64(e.Ordinal), 10)
}

// appendStateFacts appends the facts of state s, a line each: checked
// boxes, selected radio buttons, each slider's position and each text
// box's content.
func appendStateFacts(b []byte, f *forms.Form, s statesim.State) []byte {
	for i := range f.Elements {
		e := &f.Elements[i]
		switch e.Kind {
		case forms.Checkbox:
			if s[i].N == 1 {
				b = append(appendElement(append(b, "    (checked "...), e), ")\n"...)
			}
		case forms.Radio:
			if s[i].N == 1 {
				b = append(appendElement(append(b, "    (selected "...), e), ")\n"...)
			}
		case forms.Slider:
			b = append(appendElement(append(b, "    (slider-at "...), e), ' ')
			b = append(statesim.AppendPDDLPosition(b, s[i].N), ")\n"...)
		case forms.TextBox:
			b = append(appendElement(append(b, "    (contains "...), e), ' ')
			b = append(statesim.AppendPDDLText(b, s[i].S), ")\n"...)
		}
	}
	return b
}

// appendGoal appends the goal's wants as literals, each after a space.
func appendGoal(b []byte, m *question.Meta) ([]byte, error) {
	if m.Goal == nil {
		return b, nil
	}
	f := &m.Form
	for _, w := range m.Goal.Wants {
		i, err := f.Find(w.Target)
		if err != nil {
			return b, fmt.Errorf("goal: %w", err)
		}
		e, v := &f.Elements[i], w.Value
		switch k := e.Kind; {
		case (k == forms.Checkbox || k == forms.Radio) && v.S == "" && (v.N == 0 || v.N == 1):
			pred := " (checked "
			if k == forms.Radio {
				pred = " (selected "
			}
			if v.N == 0 {
				b = append(b, " (not"...)
			}
			b = append(appendElement(append(b, pred...), e), ')')
			if v.N == 0 {
				b = append(b, ')')
			}
		case k == forms.Slider && v.S == "":
			b = append(appendElement(append(b, " (slider-at "...), e), ' ')
			b = append(statesim.AppendPDDLPosition(b, v.N), ')')
		case k == forms.TextBox && v.N == 0:
			b = append(appendElement(append(b, " (contains "...), e), ' ')
			b = append(statesim.AppendPDDLText(b, v.S), ')')
		default:
			return b, fmt.Errorf("goal: %s cannot hold %+v", ElementName(e), v)
		}
	}
	return b, nil
}

// validName reports whether s is a PDDL name.
func validName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
