package pddl

import (
	"fmt"
	"strings"
	"sync"

	"github.com/formplan/formplan/forms"
)

// features are what a domain depends on: the element kinds a family's
// forms hold, the kinds some of whose elements can be disabled, and the
// kinds of the elements that enable them. Every form of a family holds at
// least one element of every group, so a form has its family's features.
// A features value is comparable: it keys the cache of domain texts.
type features struct {
	name     string
	kinds    kindSet
	gated    kindSet
	enablers kindSet
}

// kindSet is a set of element kinds, one bit per kind.
type kindSet uint32

func (s *kindSet) add(k forms.Kind)     { *s |= 1 << k }
func (s kindSet) has(k forms.Kind) bool { return s&(1<<k) != 0 }

// elementKinds are the kinds of a form's stateful elements, in the order
// domains and problems list them.
var elementKinds = []forms.Kind{forms.Checkbox, forms.Slider, forms.Radio, forms.TextBox}

func familyFeatures(fam *forms.Family) features {
	ft := features{name: fam.Name}
	for _, g := range fam.Groups {
		ft.kinds.add(g.Kind)
		if c := g.EnabledBy; c != nil && c.Group >= 0 && c.Group < len(fam.Groups) {
			ft.gated.add(g.Kind)
			ft.enablers.add(fam.Groups[c.Group].Kind)
		}
	}
	return ft
}

func formFeatures(f *forms.Form) features {
	ft := features{name: f.Family}
	for _, e := range f.Elements {
		if e.Kind == forms.Submit {
			continue
		}
		ft.kinds.add(e.Kind)
		if en := e.EnabledBy; en != nil && en.Element >= 0 && en.Element < len(f.Elements) {
			ft.gated.add(e.Kind)
			ft.enablers.add(f.Elements[en.Element].Kind)
		}
	}
	return ft
}

func (ft features) conditional() bool { return ft.gated != 0 }

// DomainName returns the name of a family's domain: formplan-<family>.
// Family names are lower-case letters, digits and underscores, so it is a
// valid PDDL name.
func DomainName(family string) string { return "formplan-" + family }

// Domain returns the PDDL domain of a family: its types, predicates,
// derived predicate and actions. Its problems are written by Problem.
func Domain(fam *forms.Family) string { return domainText(familyFeatures(fam)) }

// DomainOf returns the domain of the family form f was drawn from, as far
// as f shows it; for a form of a family it equals Domain of that family.
// The text is written once per family and features and then reused, so
// calling it for every row of a family costs little more than a lookup.
func DomainOf(f *forms.Form) string { return domainText(formFeatures(f)) }

// domainCache caches the domain text of each features value seen: one per
// family in practice, as every form of a family has its family's features.
var domainCache sync.Map // features -> string

// domainText returns writeDomain(ft), writing it only the first time.
func domainText(ft features) string {
	if text, ok := domainCache.Load(ft); ok {
		return text.(string)
	}
	text, _ := domainCache.LoadOrStore(ft, writeDomain(ft))
	return text.(string)
}

func (ft features) requirements() []string {
	req := []string{":strips", ":typing", ":negative-preconditions", ":conditional-effects"}
	if ft.kinds.has(forms.Checkbox) && ft.kinds.has(forms.Radio) {
		req = append(req, ":equality")
	}
	if ft.conditional() {
		req = append(req, ":disjunctive-preconditions", ":existential-preconditions", ":derived-predicates")
	}
	return req
}

// writeDomain writes the domain of features ft.
func writeDomain(ft features) string {
	var b strings.Builder
	k := ft.kinds
	fmt.Fprintf(&b, "; The PDDL domain of formplan's form family %s: the browser's semantics of\n", ft.name)
	b.WriteString("; its controls (see docs/PDDL.md). Every effect happens only before Submit\n")
	if ft.conditional() {
		b.WriteString("; and only on an enabled element: a disabled one ignores every action.\n")
	} else {
		b.WriteString("; is hit.\n")
	}
	fmt.Fprintf(&b, "(define (domain %s)\n", DomainName(ft.name))
	fmt.Fprintf(&b, "  (:requirements %s)\n", strings.Join(ft.requirements(), " "))
	b.WriteString("  (:types")
	var elems []string
	clickable := k.has(forms.Checkbox) && k.has(forms.Radio)
	if clickable {
		b.WriteString(" checkbox radio - clickable")
		elems = append(elems, "clickable")
	}
	for _, kind := range elementKinds {
		if k.has(kind) && !(clickable && (kind == forms.Checkbox || kind == forms.Radio)) {
			elems = append(elems, kind.String())
		}
	}
	fmt.Fprintf(&b, " %s - element element", strings.Join(elems, " "))
	if k.has(forms.Slider) {
		b.WriteString(" position amount")
	}
	if k.has(forms.TextBox) {
		b.WriteString(" text")
	}
	b.WriteString(")\n")
	if k.has(forms.TextBox) {
		b.WriteString("  (:constants empty - text)\n")
	}
	writePredicates(&b, ft)
	if ft.conditional() {
		writeDerived(&b, ft)
	}
	writeActions(&b, ft)
	b.WriteString(")\n")
	return b.String()
}

func writePredicates(b *strings.Builder, ft features) {
	k := ft.kinds
	lines := []string{"(submitted)"}
	if k.has(forms.Checkbox) {
		lines = append(lines, "(checked ?c - checkbox)")
	}
	if k.has(forms.Slider) {
		lines = append(lines, "(slider-at ?s - slider ?p - position)",
			"(set-leads ?s - slider ?v - position ?p - position)",
			"(move-leads ?s - slider ?from - position ?d - amount ?to - position)")
	}
	if k.has(forms.Radio) {
		lines = append(lines, "(selected ?r - radio)", "(same-group ?r - radio ?o - radio)")
	}
	if k.has(forms.TextBox) {
		lines = append(lines, "(contains ?b - textbox ?t - text)", "(typeable ?t - text)",
			"(appends ?before - text ?typed - text ?after - text)")
	}
	if ft.conditional() {
		lines = append(lines, "(enabled ?e - element)", "(free ?e - element)")
		for _, g := range gates {
			if ft.enablers.has(g.kind) {
				lines = append(lines, g.predicate)
			}
		}
	}
	b.WriteString("  (:predicates\n    " + strings.Join(lines, "\n    ") + ")\n")
}

// gates are the kinds that can enable an element, in the order domains
// list them: each with the declaration of its gate predicate and the way
// of the enabled rule that holds when such an enabler holds an enabling
// value.
var gates = []struct {
	kind      forms.Kind
	predicate string
	enables   string
}{
	{forms.Checkbox, "(gate-checkbox ?e - element ?c - checkbox)",
		"(exists (?c - checkbox) (and (gate-checkbox ?e ?c) (checked ?c)))"},
	{forms.Radio, "(gate-radio ?e - element ?r - radio)",
		"(exists (?r - radio) (and (gate-radio ?e ?r) (selected ?r)))"},
	{forms.Slider, "(gate-slider ?e - element ?s - slider ?p - position)",
		"(exists (?s - slider ?p - position) (and (gate-slider ?e ?s ?p) (slider-at ?s ?p)))"},
}

// writeDerived writes the rule of enabled: an element is enabled when it
// is free (has no enabler) or its enabler holds an enabling value.
func writeDerived(b *strings.Builder, ft features) {
	ways := []string{"(free ?e)"}
	for _, g := range gates {
		if ft.enablers.has(g.kind) {
			ways = append(ways, g.enables)
		}
	}
	b.WriteString("  (:derived (enabled ?e - element)\n    (or " + strings.Join(ways, "\n        ") + "))\n")
}

// when returns a conditional effect whose condition is the conjunction of
// conds.
func when(conds []string, eff string) string {
	c := conds[0]
	if len(conds) > 1 {
		c = "(and " + strings.Join(conds, " ") + ")"
	}
	return "(when " + c + " " + eff + ")"
}

// and joins effects.
func and(effs ...string) string {
	if len(effs) == 1 {
		return effs[0]
	}
	return "(and " + strings.Join(effs, "\n             ") + ")"
}
