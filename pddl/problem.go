package pddl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// Problem returns the PDDL problem of a row: its objects, an :init of the
// pictured start (m.Start) and the static facts, and a :goal of the row's
// wants and (submitted) ((submitted) alone for a row without a goal). Its
// domain is DomainOf(&m.Form), which is Domain of the row's family. The
// objects cover every plan of the row run from m.Start and from every
// state of m.Starts, so each plan can be run from any of them by changing
// the start facts alone. name must be a PDDL name: a letter, then letters,
// digits, hyphens and underscores.
func Problem(m *suites.Meta, name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("pddl: problem name %q: want a letter, then letters, digits, - and _", name)
	}
	o, err := collect(m)
	if err != nil {
		return "", fmt.Errorf("pddl: problem %s: %w", name, err)
	}
	goal, err := goalFacts(m)
	if err != nil {
		return "", fmt.Errorf("pddl: problem %s: %w", name, err)
	}
	f := &m.Form
	var b strings.Builder
	fmt.Fprintf(&b, "; A question of formplan's family %s, from the state pictured.\n", f.Family)
	b.WriteString("; Elements are named kind-ordinal, slider values pos-N and moves by-N (m for\n")
	b.WriteString("; minus), texts empty, txt-<text> or txt-u-<hex of its UTF-8>; txt-other stands\n")
	b.WriteString("; for every text outside those listed (see docs/PDDL.md).\n")
	fmt.Fprintf(&b, "(define (problem %s)\n  (:domain %s)\n  (:objects\n", name, DomainName(f.Family))
	for _, k := range elementKinds {
		for i, e := range f.Elements {
			if e.Kind != k {
				continue
			}
			fmt.Fprintf(&b, "    %s - %s ; id %s", ElementName(&f.Elements[i]), k, e.ID)
			if e.Label != "" {
				fmt.Fprintf(&b, ", label %s", strconv.Quote(e.Label))
			}
			b.WriteByte('\n')
		}
	}
	if o.sliders {
		fmt.Fprintf(&b, "    %s - position\n", joinNames(o.positions, PositionName))
		if len(o.amounts) > 0 {
			fmt.Fprintf(&b, "    %s - amount\n", joinNames(o.amounts, AmountName))
		}
	}
	if o.textboxes {
		b.WriteString("    ; empty, a constant of the domain, is \"\"\n")
		for _, t := range o.texts[1:] {
			fmt.Fprintf(&b, "    %s - text ; %s\n", TextName(t), strconv.Quote(t))
		}
		fmt.Fprintf(&b, "    %s - text ; any other text\n", Sink)
	}
	b.WriteString("  )\n  (:init\n    ; the start state\n")
	for _, fact := range stateFacts(f, m.Start) {
		b.WriteString("    " + fact + "\n")
	}
	writeStatic(&b, f, o)
	b.WriteString("  )\n  (:goal (and")
	for _, g := range goal {
		b.WriteString(" " + g)
	}
	b.WriteString(" (submitted)))\n)\n")
	return b.String(), nil
}

// objects are the values a problem declares besides its elements.
type objects struct {
	sliders, textboxes bool
	positions          []int    // sorted
	amounts            []int    // sorted
	texts              []string // sorted, "" first
	typeable           []string // sorted
}

// collect gathers the positions, amounts and texts a row needs.
func collect(m *suites.Meta) (objects, error) {
	f := &m.Form
	o := objects{sliders: f.Count(forms.Slider) > 0, textboxes: f.Count(forms.TextBox) > 0}
	pos, amt := map[int]bool{}, map[int]bool{}
	texts, typed := map[string]bool{"": true}, map[string]bool{}
	addText := func(s string) {
		for i := range s {
			texts[s[:i]] = true
		}
		texts[s] = true
	}
	for _, e := range f.Elements {
		if e.Kind == forms.Slider {
			for v := e.Min; v <= e.Max; v += max(e.Step, 1) {
				pos[v] = true
			}
		}
	}
	for _, v := range f.TextValues {
		addText(v)
		typed[v] = true
	}
	for _, p := range m.Plans {
		for _, a := range p {
			switch a.Op {
			case statesim.Set:
				pos[a.N] = true
			case statesim.Move:
				amt[a.N] = true
			case statesim.Type:
				typed[a.Text] = true
				addText(a.Text)
			case statesim.Enter:
				addText(a.Text)
			}
		}
	}
	// Every state a plan passes through from a start, the start included,
	// up to its Submit or its first step the form cannot take, made in
	// one state in turn.
	st := make(statesim.State, len(f.Elements))
	note := func() {
		for i, e := range f.Elements {
			switch e.Kind {
			case forms.TextBox:
				addText(st[i].S)
			case forms.Slider:
				pos[st[i].N] = true
			}
		}
	}
	starts := append([]statesim.State{m.Start}, m.Starts...)
	for k, s := range starts {
		if len(s) != len(f.Elements) {
			return o, fmt.Errorf("start state %d has %d values for %d elements", k, len(s), len(f.Elements))
		}
		for _, p := range m.Plans {
			copy(st, s)
			note()
			for _, a := range p {
				if a.Op == statesim.Submit || statesim.ApplyInPlace(f, st, a) != nil {
					break
				}
				note()
			}
		}
	}
	if m.Goal != nil {
		for _, w := range m.Goal.Wants {
			addText(w.Value.S)
			if w.Target.Kind == forms.Slider {
				pos[w.Value.N] = true
			}
		}
	}
	if o.sliders {
		o.positions, o.amounts = sortedKeys(pos), sortedKeys(amt)
	}
	if o.textboxes {
		o.texts, o.typeable = sortedKeys(texts), sortedKeys(typed)
	}
	return o, nil
}

func sortedKeys[K int | string](m map[K]bool) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func joinNames(ns []int, name func(int) string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = name(n)
	}
	return strings.Join(parts, " ")
}

// stateFacts returns the facts of state s: checked boxes, selected radio
// buttons, each slider's position and each text box's content.
func stateFacts(f *forms.Form, s statesim.State) []string {
	var out []string
	for i := range f.Elements {
		e := &f.Elements[i]
		name := ElementName(e)
		switch e.Kind {
		case forms.Checkbox:
			if s[i].N == 1 {
				out = append(out, "(checked "+name+")")
			}
		case forms.Radio:
			if s[i].N == 1 {
				out = append(out, "(selected "+name+")")
			}
		case forms.Slider:
			out = append(out, "(slider-at "+name+" "+PositionName(s[i].N)+")")
		case forms.TextBox:
			out = append(out, "(contains "+name+" "+TextName(s[i].S)+")")
		}
	}
	return out
}

// goalFacts returns the goal's wants as literals.
func goalFacts(m *suites.Meta) ([]string, error) {
	if m.Goal == nil {
		return nil, nil
	}
	f := &m.Form
	var out []string
	for _, w := range m.Goal.Wants {
		i, err := f.Find(w.Target)
		if err != nil {
			return nil, fmt.Errorf("goal: %w", err)
		}
		name, v := ElementName(&f.Elements[i]), w.Value
		switch k := f.Elements[i].Kind; {
		case (k == forms.Checkbox || k == forms.Radio) && v.S == "" && (v.N == 0 || v.N == 1):
			pred := map[forms.Kind]string{forms.Checkbox: "checked", forms.Radio: "selected"}[k]
			lit := "(" + pred + " " + name + ")"
			if v.N == 0 {
				lit = "(not " + lit + ")"
			}
			out = append(out, lit)
		case k == forms.Slider && v.S == "":
			out = append(out, "(slider-at "+name+" "+PositionName(v.N)+")")
		case k == forms.TextBox && v.N == 0:
			out = append(out, "(contains "+name+" "+TextName(v.S)+")")
		default:
			return nil, fmt.Errorf("goal: %s cannot hold %+v", name, v)
		}
	}
	return out, nil
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
