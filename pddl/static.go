package pddl

import (
	"slices"
	"sort"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// appendStatic appends the facts no action changes: radio groups, where
// each set value and move leads each slider, which texts can be typed and
// what typing gives, and what enables each element that can be disabled.
func (w *problemWriter) appendStatic(b []byte, f *forms.Form) []byte {
	o := &w.o
	els := f.Elements
	if f.Count(forms.Radio) > 1 {
		b = append(b, "    ; radio buttons of one group\n"...)
		for i := range els {
			for j := range els {
				if i != j && els[i].Kind == forms.Radio && els[j].Kind == forms.Radio && els[i].Group == els[j].Group {
					b = appendElement(append(b, "    (same-group "...), &els[i])
					b = append(appendElement(append(b, ' '), &els[j]), ")\n"...)
				}
			}
		}
	}
	for i := range els {
		e := &els[i]
		if e.Kind != forms.Slider {
			continue
		}
		var buf [32]byte
		name := appendElement(buf[:0], e) // written once, copied into each fact
		b = append(append(append(b, "    ; where setting and moving "...), name...), " lead\n"...)
		for _, v := range o.positions {
			b = append(append(append(b, "    (set-leads "...), name...), ' ')
			b = append(statesim.AppendPDDLPosition(b, v), ' ')
			b = append(statesim.AppendPDDLPosition(b, statesim.Snap(e, v)), ")\n"...)
		}
		for p := e.Min; p <= e.Max; p += max(e.Step, 1) {
			for _, d := range o.amounts {
				b = append(append(append(b, "    (move-leads "...), name...), ' ')
				b = append(statesim.AppendPDDLPosition(b, p), ' ')
				b = append(statesim.AppendPDDLAmount(b, d), ' ')
				b = append(statesim.AppendPDDLPosition(b, statesim.Snap(e, p+d)), ")\n"...)
			}
		}
	}
	if o.textboxes {
		b = w.appendTyping(b)
	}
	return appendGates(b, f)
}

// appendTyping appends which texts can be typed and, for every text of
// o.texts and the sink, what typing each gives: the text with the typed
// one added when that is among o.texts, otherwise the sink, which typing
// keeps where it is.
func (w *problemWriter) appendTyping(b []byte) []byte {
	o := &w.o
	b = append(b, "    ; what typing gives\n"...)
	// Each text's name, made once: the table below names each text once
	// per typeable text. Text k's name is names[ends[k-1]:ends[k]].
	names, ends := w.names[:0], append(w.ends[:0], 0)
	for _, t := range o.texts {
		names = statesim.AppendPDDLText(names, t)
		ends = append(ends, len(names))
	}
	w.names, w.ends = names, ends
	name := func(k int) []byte { return names[ends[k]:ends[k+1]] }
	typed := w.typed[:0] // each typeable text's index in o.texts, where collect put it
	for y, x := range o.typeable {
		k, _ := slices.BinarySearch(o.texts, x)
		typed = append(typed, k)
		b = append(append(append(b, "    (typeable "...), name(typed[y])...), ")\n"...)
	}
	for k := 0; k <= len(o.texts); k++ {
		// The texts that begin with text k follow it, up to hi; sorted as
		// they are, they are sorted by what follows text k too.
		var begun []string
		if k < len(o.texts) {
			a := o.texts[k]
			begun = o.texts[k : k+sort.Search(len(o.texts)-k, func(j int) bool { return !strings.HasPrefix(o.texts[k+j], a) })]
		}
		for y, x := range o.typeable {
			b = append(b, "    (appends "...)
			after, found := 0, false
			if k < len(o.texts) {
				b = append(b, name(k)...)
				n := len(o.texts[k])
				after, found = slices.BinarySearchFunc(begun, x, func(t, x string) int { return strings.Compare(t[n:], x) })
			} else {
				b = append(b, Sink...)
			}
			b = append(append(append(b, ' '), name(typed[y])...), ' ')
			if found {
				b = append(b, name(k+after)...)
			} else {
				b = append(b, Sink...)
			}
			b = append(b, ")\n"...)
		}
	}
	w.typed = typed
	return b
}

// appendGates appends, for every element of a kind that can be disabled,
// (free e) when nothing disables it, or the enabler's values that enable
// it.
func appendGates(b []byte, f *forms.Form) []byte {
	ft := formFeatures(f)
	if !ft.conditional() {
		return b
	}
	b = append(b, "    ; what enables each element\n"...)
	els := f.Elements
	for i := range els {
		e := &els[i]
		if !ft.gated.has(e.Kind) {
			continue
		}
		en := e.EnabledBy
		if en == nil {
			b = append(appendElement(append(b, "    (free "...), e), ")\n"...)
			continue
		}
		g := &els[en.Element]
		switch g.Kind {
		case forms.Checkbox, forms.Radio:
			b = append(append(append(b, "    (gate-"...), g.Kind.String()...), ' ')
			b = appendElement(b, e)
			b = append(appendElement(append(b, ' '), g), ")\n"...)
		case forms.Slider:
			for p := g.Min; p <= g.Max; p += max(g.Step, 1) {
				if p >= en.AtLeast {
					b = appendElement(append(b, "    (gate-slider "...), e)
					b = appendElement(append(b, ' '), g)
					b = append(statesim.AppendPDDLPosition(append(b, ' '), p), ")\n"...)
				}
			}
		}
	}
	return b
}
