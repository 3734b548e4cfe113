package pddl

import (
	"fmt"
	"strings"

	"github.com/formplan/formplan/forms"
)

// features are what a domain depends on: the element kinds a family's
// forms hold, the kinds some of whose elements can be disabled, and the
// kinds of the elements that enable them. Every form of a family holds at
// least one element of every group, so a form has its family's features.
type features struct {
	name     string
	kinds    map[forms.Kind]bool
	gated    map[forms.Kind]bool
	enablers map[forms.Kind]bool
}

// elementKinds are the kinds of a form's stateful elements, in the order
// domains and problems list them.
var elementKinds = []forms.Kind{forms.Checkbox, forms.Slider, forms.Radio, forms.TextBox}

func familyFeatures(fam *forms.Family) features {
	ft := features{name: fam.Name, kinds: map[forms.Kind]bool{}, gated: map[forms.Kind]bool{}, enablers: map[forms.Kind]bool{}}
	for _, g := range fam.Groups {
		ft.kinds[g.Kind] = true
		if c := g.EnabledBy; c != nil && c.Group >= 0 && c.Group < len(fam.Groups) {
			ft.gated[g.Kind] = true
			ft.enablers[fam.Groups[c.Group].Kind] = true
		}
	}
	return ft
}

func formFeatures(f *forms.Form) features {
	ft := features{name: f.Family, kinds: map[forms.Kind]bool{}, gated: map[forms.Kind]bool{}, enablers: map[forms.Kind]bool{}}
	for _, e := range f.Elements {
		if e.Kind == forms.Submit {
			continue
		}
		ft.kinds[e.Kind] = true
		if en := e.EnabledBy; en != nil && en.Element >= 0 && en.Element < len(f.Elements) {
			ft.gated[e.Kind] = true
			ft.enablers[f.Elements[en.Element].Kind] = true
		}
	}
	return ft
}

func (ft features) conditional() bool { return len(ft.gated) > 0 }

// DomainName returns the name of a family's domain: formplan-<family>.
// Family names are lower-case letters, digits and underscores, so it is a
// valid PDDL name.
func DomainName(family string) string { return "formplan-" + family }

// Domain returns the PDDL domain of a family: its types, predicates,
// derived predicate and actions. Its problems are written by Problem.
func Domain(fam *forms.Family) string { return writeDomain(familyFeatures(fam)) }

// DomainOf returns the domain of the family form f was drawn from, as far
// as f shows it; for a form of a family it equals Domain of that family.
func DomainOf(f *forms.Form) string { return writeDomain(formFeatures(f)) }

// Requirements returns the :requirements a family's domain states.
func Requirements(fam *forms.Family) []string { return familyFeatures(fam).requirements() }

func (ft features) requirements() []string {
	req := []string{":strips", ":typing", ":negative-preconditions", ":conditional-effects"}
	if ft.kinds[forms.Checkbox] && ft.kinds[forms.Radio] {
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
	clickable := k[forms.Checkbox] && k[forms.Radio]
	if clickable {
		b.WriteString(" checkbox radio - clickable")
		elems = append(elems, "clickable")
	}
	for _, kind := range elementKinds {
		if k[kind] && !(clickable && (kind == forms.Checkbox || kind == forms.Radio)) {
			elems = append(elems, kind.String())
		}
	}
	fmt.Fprintf(&b, " %s - element element", strings.Join(elems, " "))
	if k[forms.Slider] {
		b.WriteString(" position amount")
	}
	if k[forms.TextBox] {
		b.WriteString(" text")
	}
	b.WriteString(")\n")
	if k[forms.TextBox] {
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
	if k[forms.Checkbox] {
		lines = append(lines, "(checked ?c - checkbox)")
	}
	if k[forms.Slider] {
		lines = append(lines, "(slider-at ?s - slider ?p - position)",
			"(set-leads ?s - slider ?v - position ?p - position)",
			"(move-leads ?s - slider ?from - position ?d - amount ?to - position)")
	}
	if k[forms.Radio] {
		lines = append(lines, "(selected ?r - radio)", "(same-group ?r - radio ?o - radio)")
	}
	if k[forms.TextBox] {
		lines = append(lines, "(contains ?b - textbox ?t - text)", "(typeable ?t - text)",
			"(appends ?before - text ?typed - text ?after - text)")
	}
	if ft.conditional() {
		lines = append(lines, "(enabled ?e - element)", "(free ?e - element)")
		if ft.enablers[forms.Checkbox] {
			lines = append(lines, "(gate-checkbox ?e - element ?c - checkbox)")
		}
		if ft.enablers[forms.Radio] {
			lines = append(lines, "(gate-radio ?e - element ?r - radio)")
		}
		if ft.enablers[forms.Slider] {
			lines = append(lines, "(gate-slider ?e - element ?s - slider ?p - position)")
		}
	}
	b.WriteString("  (:predicates\n    " + strings.Join(lines, "\n    ") + ")\n")
}

// writeDerived writes the rule of enabled: an element is enabled when it
// is free (has no enabler) or its enabler holds an enabling value.
func writeDerived(b *strings.Builder, ft features) {
	ways := []string{"(free ?e)"}
	if ft.enablers[forms.Checkbox] {
		ways = append(ways, "(exists (?c - checkbox) (and (gate-checkbox ?e ?c) (checked ?c)))")
	}
	if ft.enablers[forms.Radio] {
		ways = append(ways, "(exists (?r - radio) (and (gate-radio ?e ?r) (selected ?r)))")
	}
	if ft.enablers[forms.Slider] {
		ways = append(ways, "(exists (?s - slider ?p - position) (and (gate-slider ?e ?s ?p) (slider-at ?s ?p)))")
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
