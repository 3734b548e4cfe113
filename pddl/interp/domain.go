package interp

import (
	"fmt"
	"slices"
	"sort"
)

// Domain is a parsed PDDL domain: types, constants, predicates, derived
// predicates and action schemas, ready to run plans of its problems.
type Domain struct {
	// Name is the domain's name, lower-cased.
	Name string
	// Requirements lists the :requirements the domain states.
	Requirements []string
	parent       map[string]string   // type -> its parent ("" for object)
	constants    map[string]string   // constant -> type
	preds        map[string][]string // predicate -> parameter types
	rules        []*rule             // derived predicates
	actions      map[string]*schema
	fluent       map[string]bool // predicates some effect changes
	derived      map[string]bool // predicates defined by rules
}

// rule is one :derived definition.
type rule struct {
	pred   string
	params []int
	types  []string // slot types
	body   *formula
}

// schema is one :action.
type schema struct {
	name   string
	params []int
	types  []string // slot types
	pre    *formula
	eff    *effect
}

// implied lists, per requirement, the requirements it includes.
var implied = map[string][]string{
	":strips":                    nil,
	":typing":                    nil,
	":negative-preconditions":    nil,
	":disjunctive-preconditions": nil,
	":existential-preconditions": nil,
	":universal-preconditions":   nil,
	":equality":                  nil,
	":conditional-effects":       nil,
	":derived-predicates":        nil,
	":quantified-preconditions":  {":existential-preconditions", ":universal-preconditions"},
	":adl": {":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
		":existential-preconditions", ":universal-preconditions", ":conditional-effects"},
}

// ParseDomain reads a domain in the PDDL subset this package runs: typed
// objects, predicates, derived predicates, and actions whose preconditions
// and effects use and, or, not, imply, exists, forall, =, when.
func ParseDomain(src string) (*Domain, error) {
	top, err := parseOne(src, "domain")
	if err != nil {
		return nil, err
	}
	if top.head() != "define" || len(top.list) < 2 || top.list[1].head() != "domain" || len(top.list[1].list) != 2 {
		return nil, fmt.Errorf("domain: want (define (domain NAME) ...), found %s", top)
	}
	d := &Domain{
		Name:      top.list[1].list[1].atom,
		parent:    map[string]string{"object": ""},
		constants: map[string]string{},
		preds:     map[string][]string{},
		actions:   map[string]*schema{},
		fluent:    map[string]bool{},
		derived:   map[string]bool{},
	}
	if err := d.parse(top.list[2:]); err != nil {
		return nil, fmt.Errorf("domain %s: %w", d.Name, err)
	}
	return d, nil
}

// parse reads the sections of a domain: declarations first, whatever
// their order in the text, then derived predicates and actions.
func (d *Domain) parse(sections []*node) error {
	bySection := map[string][]*node{}
	for _, s := range sections {
		h := s.head()
		switch h {
		case ":requirements", ":types", ":constants", ":predicates", ":derived", ":action":
		default:
			return fmt.Errorf("line %d: unsupported section %s", s.line, s)
		}
		if len(bySection[h]) > 0 && h != ":derived" && h != ":action" {
			return fmt.Errorf("line %d: a second %s section", s.line, h)
		}
		bySection[h] = append(bySection[h], s)
	}
	uses := map[string]bool{}
	for _, s := range bySection[":requirements"] {
		for _, r := range s.list[1:] {
			if _, ok := implied[r.atom]; !ok || r.isList {
				return fmt.Errorf("line %d: unsupported requirement %s", r.line, r)
			}
			d.Requirements = append(d.Requirements, r.atom)
		}
	}
	for _, s := range bySection[":types"] {
		if err := d.parseTypes(s); err != nil {
			return err
		}
		uses[":typing"] = true
	}
	for _, s := range bySection[":constants"] {
		tl, err := parseTypedList(s.list[1:])
		if err != nil {
			return fmt.Errorf("constants: %w", err)
		}
		for _, tn := range tl {
			if err := d.declare(d.constants, tn, "constant"); err != nil {
				return err
			}
		}
	}
	for _, s := range bySection[":predicates"] {
		if err := d.parsePredicates(s); err != nil {
			return err
		}
	}
	for _, s := range bySection[":derived"] {
		if err := d.parseRule(s, uses); err != nil {
			return err
		}
	}
	for _, s := range bySection[":action"] {
		if err := d.parseAction(s, uses); err != nil {
			return err
		}
	}
	return d.check(uses)
}

// declare adds a typed object name to objs.
func (d *Domain) declare(objs map[string]string, tn typedName, what string) error {
	if !validName(tn.name) {
		return fmt.Errorf("%s %q is not a valid name", what, tn.name)
	}
	if _, ok := d.parent[tn.typ]; !ok {
		return fmt.Errorf("%s %s: unknown type %s", what, tn.name, tn.typ)
	}
	if _, dup := d.constants[tn.name]; dup && what != "constant" {
		return fmt.Errorf("%s %s is also a constant of the domain", what, tn.name)
	}
	if _, dup := objs[tn.name]; dup {
		return fmt.Errorf("%s %s is declared twice", what, tn.name)
	}
	objs[tn.name] = tn.typ
	return nil
}

func (d *Domain) parseTypes(s *node) error {
	tl, err := parseTypedList(s.list[1:])
	if err != nil {
		return fmt.Errorf("types: %w", err)
	}
	for _, tn := range tl {
		if !validName(tn.name) || tn.name == "object" {
			return fmt.Errorf("types: %q cannot be declared as a type", tn.name)
		}
		if _, dup := d.parent[tn.name]; dup {
			return fmt.Errorf("types: %s is declared twice", tn.name)
		}
		d.parent[tn.name] = tn.typ
	}
	for t, p := range d.parent {
		if _, ok := d.parent[p]; t != "object" && !ok {
			return fmt.Errorf("types: %s is a subtype of undeclared %s", t, p)
		}
		for k, x := 0, t; x != ""; x, k = d.parent[x], k+1 {
			if k > len(d.parent) {
				return fmt.Errorf("types: %s is its own ancestor", t)
			}
		}
	}
	return nil
}

func (d *Domain) parsePredicates(s *node) error {
	for _, p := range s.list[1:] {
		name := p.head()
		if !validName(name) {
			return fmt.Errorf("line %d: predicates: %s is not a predicate declaration", p.line, p)
		}
		if _, dup := d.preds[name]; dup {
			return fmt.Errorf("line %d: predicate %s is declared twice", p.line, name)
		}
		tl, err := parseTypedList(p.list[1:])
		if err != nil {
			return fmt.Errorf("predicate %s: %w", name, err)
		}
		types := make([]string, len(tl))
		for i, tn := range tl {
			if !validVar(tn.name) {
				return fmt.Errorf("predicate %s: parameter %q is not a variable", name, tn.name)
			}
			if _, ok := d.parent[tn.typ]; !ok {
				return fmt.Errorf("predicate %s: unknown type %s", name, tn.typ)
			}
			types[i] = tn.typ
		}
		d.preds[name] = types
	}
	return nil
}

func (d *Domain) parseRule(s *node, uses map[string]bool) error {
	if len(s.list) != 3 || s.list[1].head() == "" {
		return fmt.Errorf("line %d: want (:derived (PREDICATE ?params) FORMULA)", s.line)
	}
	pred := s.list[1].head()
	types, ok := d.preds[pred]
	if !ok {
		return fmt.Errorf("line %d: derived predicate %s is not declared in :predicates", s.line, pred)
	}
	sc := newScope(d, uses)
	slots, _, err := sc.bind(s.list[1].list[1:])
	if err != nil {
		return fmt.Errorf("derived %s: %w", pred, err)
	}
	if len(slots) != len(types) {
		return fmt.Errorf("derived %s: %d parameters, declared with %d", pred, len(slots), len(types))
	}
	body, err := sc.formula(s.list[2])
	if err != nil {
		return fmt.Errorf("derived %s: %w", pred, err)
	}
	uses[":derived-predicates"] = true
	d.rules = append(d.rules, &rule{pred: pred, params: slots, types: sc.types, body: body})
	d.derived[pred] = true
	return nil
}

func (d *Domain) parseAction(s *node, uses map[string]bool) error {
	if len(s.list) < 2 || s.list[1].isList || !validName(s.list[1].atom) {
		return fmt.Errorf("line %d: an action needs a name", s.line)
	}
	a := &schema{name: s.list[1].atom, pre: &formula{op: opTrue}, eff: &effect{op: effAnd}}
	if _, dup := d.actions[a.name]; dup {
		return fmt.Errorf("action %s is defined twice", a.name)
	}
	sc := newScope(d, uses)
	rest := s.list[2:]
	if len(rest)%2 != 0 {
		return fmt.Errorf("action %s: want :keyword value pairs", a.name)
	}
	seen := map[string]bool{}
	for i := 0; i < len(rest); i += 2 {
		key, val := rest[i].atom, rest[i+1]
		if seen[key] {
			return fmt.Errorf("action %s: %s given twice", a.name, key)
		}
		seen[key] = true
		var err error
		switch {
		case key == ":parameters" && i == 0 && val.isList:
			a.params, _, err = sc.bind(val.list)
		case key == ":precondition":
			a.pre, err = sc.formula(val)
		case key == ":effect":
			a.eff, err = sc.effect(val)
		default:
			err = fmt.Errorf("line %d: unexpected %s (want :parameters first, then :precondition and :effect)", rest[i].line, rest[i])
		}
		if err != nil {
			return fmt.Errorf("action %s: %w", a.name, err)
		}
	}
	a.types = sc.types
	d.actions[a.name] = a
	return nil
}

// check classifies predicates and checks that the requirements stated
// cover what the domain uses, that effects leave derived predicates alone
// and that derived predicates use each other only positively.
func (d *Domain) check(uses map[string]bool) error {
	var err error
	for _, a := range d.actions {
		visitEffects(a.eff, func(p string) {
			if d.derived[p] && err == nil {
				err = fmt.Errorf("action %s changes derived predicate %s", a.name, p)
			}
			d.fluent[p] = true
		})
	}
	for _, r := range d.rules {
		visitAtoms(r.body, false, func(p string, neg bool) {
			if neg && d.derived[p] && err == nil {
				err = fmt.Errorf("derived %s uses derived %s under a negation, which needs strata this interpreter does not compute", r.pred, p)
			}
		})
	}
	if err != nil {
		return err
	}
	return d.covers(uses)
}

// covers reports a requirement the text uses but the domain does not state.
func (d *Domain) covers(uses map[string]bool) error {
	stated := map[string]bool{}
	for _, r := range d.Requirements {
		stated[r] = true
		for _, x := range implied[r] {
			stated[x] = true
		}
	}
	var missing []string
	for u := range uses {
		if !stated[u] {
			missing = append(missing, u)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("uses %v without stating it in :requirements", missing)
	}
	return nil
}

// subtype reports whether type t is want or below it.
func (d *Domain) subtype(t, want string) bool {
	for x := t; x != ""; x = d.parent[x] {
		if x == want {
			return true
		}
	}
	return want == "object"
}

// Actions returns the names of the domain's actions, sorted.
func (d *Domain) Actions() []string {
	var out []string
	for n := range d.actions {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
