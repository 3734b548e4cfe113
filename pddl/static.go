package pddl

import (
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// writeStatic writes the facts no action changes: radio groups, where
// each set value and move leads each slider, which texts can be typed and
// what typing gives, and what enables each element that can be disabled.
func writeStatic(b *strings.Builder, f *forms.Form, o objects) {
	fact := func(parts ...string) { b.WriteString("    (" + strings.Join(parts, " ") + ")\n") }
	els := f.Elements
	if f.Count(forms.Radio) > 1 {
		b.WriteString("    ; radio buttons of one group\n")
		for i := range els {
			for j := range els {
				if i != j && els[i].Kind == forms.Radio && els[j].Kind == forms.Radio && els[i].Group == els[j].Group {
					fact("same-group", ElementName(&els[i]), ElementName(&els[j]))
				}
			}
		}
	}
	for i := range els {
		e := &els[i]
		if e.Kind != forms.Slider {
			continue
		}
		name, to := ElementName(e), leads(e)
		b.WriteString("    ; where setting and moving " + name + " lead\n")
		for _, v := range o.positions {
			fact("set-leads", name, PositionName(v), PositionName(to(0, statesim.Set, v)))
		}
		for p := e.Min; p <= e.Max; p += max(e.Step, 1) {
			for _, d := range o.amounts {
				fact("move-leads", name, PositionName(p), AmountName(d), PositionName(to(p, statesim.Move, d)))
			}
		}
	}
	if o.textboxes {
		b.WriteString("    ; what typing gives\n")
		have := map[string]bool{}
		for _, t := range o.texts {
			have[t] = true
		}
		for _, x := range o.typeable {
			fact("typeable", TextName(x))
		}
		// Every text, then the sink, which typing keeps where it is.
		for k := 0; k <= len(o.texts); k++ {
			for _, x := range o.typeable {
				before, after := Sink, Sink
				if k < len(o.texts) {
					t := o.texts[k]
					before = TextName(t)
					if have[t+x] {
						after = TextName(t + x)
					}
				}
				fact("appends", before, TextName(x), after)
			}
		}
	}
	writeGates(b, f, o, fact)
}

// writeGates writes, for every element of a kind that can be disabled,
// (free e) when nothing disables it, or the enabler's values that enable
// it.
func writeGates(b *strings.Builder, f *forms.Form, o objects, fact func(...string)) {
	ft := formFeatures(f)
	if !ft.conditional() {
		return
	}
	b.WriteString("    ; what enables each element\n")
	els := f.Elements
	for i := range els {
		e := &els[i]
		if !ft.gated[e.Kind] {
			continue
		}
		name, en := ElementName(e), e.EnabledBy
		if en == nil {
			fact("free", name)
			continue
		}
		g := &els[en.Element]
		switch g.Kind {
		case forms.Checkbox, forms.Radio:
			fact("gate-"+g.Kind.String(), name, ElementName(g))
		case forms.Slider:
			for p := g.Min; p <= g.Max; p += max(g.Step, 1) {
				if p >= en.AtLeast {
					fact("gate-slider", name, ElementName(g), PositionName(p))
				}
			}
		}
	}
}

// leads returns where slider e goes from a position under a set or a
// move, as statesim computes it on a form of e alone (enabled).
func leads(e *forms.Element) func(from int, op statesim.Op, n int) int {
	alone := *e
	alone.EnabledBy, alone.Ordinal = nil, 1
	f := &forms.Form{Elements: []forms.Element{alone}}
	ref := forms.Ref{Kind: forms.Slider, Ordinal: 1}
	return func(from int, op statesim.Op, n int) int {
		s, err := statesim.Apply(f, statesim.State{{N: from}}, statesim.Action{Op: op, Target: ref, N: n})
		if err != nil {
			panic("pddl: a set or move of a lone slider failed: " + err.Error())
		}
		return s[0].N
	}
}
