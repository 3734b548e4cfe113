package interp

import (
	"maps"
	"slices"
)

// Types returns every declared type with its parent ("" for object).
func (d *Domain) Types() map[string]string { return maps.Clone(d.parent) }

// Predicates returns every declared predicate with its parameters' types.
func (d *Domain) Predicates() map[string][]string {
	out := map[string][]string{}
	for p, t := range d.preds {
		out[p] = slices.Clone(t)
	}
	return out
}

// Derived returns the predicates :derived rules define, sorted.
func (d *Domain) Derived() []string {
	return slices.Sorted(maps.Keys(d.derived))
}

// Constants returns the domain's constants with their types.
func (d *Domain) Constants() map[string]string { return maps.Clone(d.constants) }

// Parameters returns the types of the parameters of the action called
// name, and whether there is one.
func (d *Domain) Parameters(name string) ([]string, bool) {
	a, ok := d.actions[name]
	if !ok {
		return nil, false
	}
	out := make([]string, len(a.params))
	for i, s := range a.params {
		out[i] = a.types[s]
	}
	return out, true
}

// Declared returns every object of the problem, constants of the domain
// included, with its type.
func (p *Problem) Declared() map[string]string { return maps.Clone(p.objects) }
