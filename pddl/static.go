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
	fact := func(parts ...string) {
		b.WriteString("    (")
		for i, p := range parts {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(p)
		}
		b.WriteString(")\n")
	}
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
	// The names of positions and amounts, made once: the tables below
	// name each many times. Every position a slider can be at is among
	// o.positions (collect), and so is every place a set or move leads to.
	var posNames map[int]string
	var amountNames []string
	if o.sliders {
		posNames = make(map[int]string, len(o.positions))
		for _, v := range o.positions {
			posNames[v] = PositionName(v)
		}
		for _, d := range o.amounts {
			amountNames = append(amountNames, AmountName(d))
		}
	}
	pos := func(v int) string {
		if n, ok := posNames[v]; ok {
			return n
		}
		return PositionName(v)
	}
	for i := range els {
		e := &els[i]
		if e.Kind != forms.Slider {
			continue
		}
		name := ElementName(e)
		b.WriteString("    ; where setting and moving " + name + " lead\n")
		for _, v := range o.positions {
			fact("set-leads", name, pos(v), pos(statesim.Snap(e, v)))
		}
		for p := e.Min; p <= e.Max; p += max(e.Step, 1) {
			from := pos(p)
			for k, d := range o.amounts {
				fact("move-leads", name, from, amountNames[k], pos(statesim.Snap(e, p+d)))
			}
		}
	}
	if o.textboxes {
		b.WriteString("    ; what typing gives\n")
		// Each text's name, made once: the table below names each text
		// once per typeable text.
		index := make(map[string]int, len(o.texts))
		names := make([]string, len(o.texts))
		for k, t := range o.texts {
			index[t], names[k] = k, TextName(t)
		}
		typed := make([]string, len(o.typeable))
		for k, x := range o.typeable {
			typed[k] = TextName(x)
			fact("typeable", typed[k])
		}
		// Every text, then the sink, which typing keeps where it is.
		var joined []byte
		for k := 0; k <= len(o.texts); k++ {
			for y, x := range o.typeable {
				before, after := Sink, Sink
				if k < len(o.texts) {
					before = names[k]
					joined = append(append(joined[:0], o.texts[k]...), x...)
					if at, ok := index[string(joined)]; ok {
						after = names[at]
					}
				}
				fact("appends", before, typed[y], after)
			}
		}
	}
	writeGates(b, f, fact)
}

// writeGates writes, for every element of a kind that can be disabled,
// (free e) when nothing disables it, or the enabler's values that enable
// it.
func writeGates(b *strings.Builder, f *forms.Form, fact func(...string)) {
	ft := formFeatures(f)
	if !ft.conditional() {
		return
	}
	b.WriteString("    ; what enables each element\n")
	els := f.Elements
	for i := range els {
		e := &els[i]
		if !ft.gated.has(e.Kind) {
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
