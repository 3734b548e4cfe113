package pddl

import (
	"fmt"
	"strings"

	"github.com/formplan/formplan/forms"
)

// live returns the conditions under which an action on variable v, an
// element of kind k, has an effect: Submit not yet hit and, where
// elements of kind k can be disabled, v enabled.
func (ft features) live(k forms.Kind, v string, more ...string) []string {
	c := []string{"(not (submitted))"}
	if ft.gated.has(k) {
		c = append(c, "(enabled "+v+")")
	}
	return append(c, more...)
}

// action writes one action schema.
func action(b *strings.Builder, name, params, pre, eff string) {
	fmt.Fprintf(b, "  (:action %s\n    :parameters (%s)\n", name, params)
	if pre != "" {
		fmt.Fprintf(b, "    :precondition %s\n", pre)
	}
	fmt.Fprintf(b, "    :effect %s)\n", eff)
}

// toggle is the effect of clicking checkbox v.
func (ft features) toggle(v string, cond ...string) string {
	on := ft.live(forms.Checkbox, v, append(cond[:len(cond):len(cond)], "(checked "+v+")")...)
	off := ft.live(forms.Checkbox, v, append(cond[:len(cond):len(cond)], "(not (checked "+v+"))")...)
	return and(when(on, "(not (checked "+v+"))"), when(off, "(checked "+v+")"))
}

// selectRadio is the effect of selecting radio button v: the others of
// its group are unselected.
func (ft features) selectRadio(v string, cond ...string) string {
	others := ft.live(forms.Radio, v, append(cond[:len(cond):len(cond)], "(same-group "+v+" ?o)")...)
	return and(
		"(forall (?o - radio) "+when(others, "(not (selected ?o))")+")",
		when(ft.live(forms.Radio, v, cond...), "(selected "+v+")"))
}

func writeActions(b *strings.Builder, ft features) {
	k := ft.kinds
	if k.has(forms.Checkbox) {
		action(b, "check", "?c - checkbox", "", when(ft.live(forms.Checkbox, "?c"), "(checked ?c)"))
		action(b, "uncheck", "?c - checkbox", "", when(ft.live(forms.Checkbox, "?c"), "(not (checked ?c))"))
	}
	switch {
	case k.has(forms.Checkbox) && k.has(forms.Radio):
		// One click for both kinds: each part applies to the kind ?e is.
		action(b, "click", "?e - clickable", "", and(
			"(forall (?c - checkbox) "+ft.toggle("?c", "(= ?c ?e)")+")",
			"(forall (?r - radio) "+ft.selectRadio("?r", "(= ?r ?e)")+")"))
	case k.has(forms.Checkbox):
		action(b, "click", "?c - checkbox", "", ft.toggle("?c"))
	case k.has(forms.Radio):
		action(b, "click", "?r - radio", "", ft.selectRadio("?r"))
	}
	if k.has(forms.Radio) {
		action(b, "select", "?r - radio", "", ft.selectRadio("?r"))
	}
	if k.has(forms.Slider) {
		live := func(more ...string) []string { return ft.live(forms.Slider, "?s", more...) }
		action(b, "set", "?s - slider ?v - position", "", and(
			"(forall (?p - position) "+when(live("(slider-at ?s ?p)"), "(not (slider-at ?s ?p))")+")",
			"(forall (?p - position) "+when(live("(set-leads ?s ?v ?p)"), "(slider-at ?s ?p)")+")"))
		action(b, "move", "?s - slider ?d - amount", "",
			"(forall (?p - position ?q - position) "+
				when(live("(slider-at ?s ?p)", "(move-leads ?s ?p ?d ?q)"), "(and (not (slider-at ?s ?p)) (slider-at ?s ?q))")+")")
	}
	if k.has(forms.TextBox) {
		live := func(more ...string) []string { return ft.live(forms.TextBox, "?b", more...) }
		action(b, "type", "?b - textbox ?t - text", "(typeable ?t)",
			"(forall (?p - text ?q - text) "+
				when(live("(contains ?b ?p)", "(appends ?p ?t ?q)"), "(and (not (contains ?b ?p)) (contains ?b ?q))")+")")
		erase := "(forall (?p - text) " + when(live("(contains ?b ?p)"), "(not (contains ?b ?p))") + ")"
		action(b, "clear", "?b - textbox", "", and(erase, when(live(), "(contains ?b empty)")))
		action(b, "enter", "?b - textbox ?t - text", "", and(erase, when(live(), "(contains ?b ?t)")))
	}
	action(b, "submit", "", "", "(submitted)")
}
