package interp

import (
	"fmt"
	"slices"
)

// Problem is a parsed PDDL problem bound to its domain: objects, the
// initial state and the goal.
type Problem struct {
	// Name is the problem's name, lower-cased.
	Name    string
	d       *Domain
	objects map[string]string   // object or constant -> type
	ofType  map[string][]string // type -> its objects and those of its subtypes, sorted
	static  store
	init    store
	goal    *formula
	goalTyp []string // slot types of the goal's quantifiers
}

// ParseProblem reads a problem of domain d: (:domain), (:requirements),
// (:objects), (:init) with positive ground atoms only, and (:goal).
func (d *Domain) ParseProblem(src string) (*Problem, error) {
	top, err := parseOne(src, "problem")
	if err != nil {
		return nil, err
	}
	if top.head() != "define" || len(top.list) < 2 || top.list[1].head() != "problem" || len(top.list[1].list) != 2 {
		return nil, fmt.Errorf("problem: want (define (problem NAME) ...), found %s", top)
	}
	p := &Problem{Name: top.list[1].list[1].atom, d: d, objects: map[string]string{}, static: store{}, init: store{}}
	if err := p.parse(top.list[2:]); err != nil {
		return nil, fmt.Errorf("problem %s: %w", p.Name, err)
	}
	return p, nil
}

func (p *Problem) parse(sections []*node) error {
	seen := map[string]*node{}
	for _, s := range sections {
		h := s.head()
		switch h {
		case ":domain", ":requirements", ":objects", ":init", ":goal":
		default:
			return fmt.Errorf("line %d: unsupported section %s", s.line, s)
		}
		if seen[h] != nil {
			return fmt.Errorf("line %d: a second %s section", s.line, h)
		}
		seen[h] = s
	}
	dom := seen[":domain"]
	if dom == nil || len(dom.list) != 2 || dom.list[1].atom != p.d.Name {
		return fmt.Errorf("want (:domain %s)", p.d.Name)
	}
	if r := seen[":requirements"]; r != nil {
		for _, x := range r.list[1:] {
			if !slices.Contains(p.d.Requirements, x.atom) {
				return fmt.Errorf("line %d: requirement %s is not the domain's", x.line, x)
			}
		}
	}
	for c, t := range p.d.constants {
		p.objects[c] = t
	}
	if o := seen[":objects"]; o != nil {
		tl, err := parseTypedList(o.list[1:])
		if err != nil {
			return fmt.Errorf("objects: %w", err)
		}
		for _, tn := range tl {
			if err := p.d.declare(p.objects, tn, "object"); err != nil {
				return err
			}
		}
	}
	p.ofType = map[string][]string{}
	for obj, t := range p.objects {
		for x := t; x != ""; x = p.d.parent[x] {
			p.ofType[x] = append(p.ofType[x], obj)
		}
		if t != "object" {
			p.ofType["object"] = append(p.ofType["object"], obj)
		}
	}
	for t := range p.ofType {
		slices.Sort(p.ofType[t])
	}
	if in := seen[":init"]; in != nil {
		for _, a := range in.list[1:] {
			if err := p.addInit(a); err != nil {
				return err
			}
		}
	}
	g := seen[":goal"]
	if g == nil || len(g.list) != 2 {
		return fmt.Errorf("want (:goal FORMULA)")
	}
	uses := map[string]bool{}
	sc := newScope(p.d, uses)
	sc.typeOf = func(name string) (string, bool) { t, ok := p.objects[name]; return t, ok }
	goal, err := sc.formula(g.list[1])
	if err != nil {
		return fmt.Errorf("goal: %w", err)
	}
	if err := p.d.covers(uses); err != nil {
		return fmt.Errorf("goal: %w", err)
	}
	p.goal, p.goalTyp = goal, sc.types
	return nil
}

// addInit adds one fact of :init, checking it against the declarations.
func (p *Problem) addInit(a *node) error {
	args, err := p.groundAtom(a)
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	pred := a.head()
	if p.d.derived[pred] {
		return fmt.Errorf("init: line %d: %s is derived, not given", a.line, pred)
	}
	if p.d.fluent[pred] {
		p.init.add(pred, args)
	} else {
		p.static.add(pred, args)
	}
	return nil
}

// groundAtom checks a ground atom (pred obj...) and returns its arguments.
func (p *Problem) groundAtom(a *node) ([]string, error) {
	pred := a.head()
	types, ok := p.d.preds[pred]
	if !ok {
		return nil, fmt.Errorf("line %d: %s is not a fact of a declared predicate", a.line, a)
	}
	if len(a.list)-1 != len(types) {
		return nil, fmt.Errorf("line %d: %s takes %d arguments", a.line, pred, len(types))
	}
	args := make([]string, len(types))
	for i, x := range a.list[1:] {
		if x.isList {
			return nil, fmt.Errorf("line %d: %s: argument %s is not an object", a.line, pred, x)
		}
		if !p.isA(x.atom, types[i]) {
			return nil, fmt.Errorf("line %d: %s: %s is not an object of type %s", a.line, a, x.atom, types[i])
		}
		args[i] = x.atom
	}
	return args, nil
}

// isA reports whether obj is a declared object of type t.
func (p *Problem) isA(obj, t string) bool {
	ot, ok := p.objects[obj]
	return ok && p.d.subtype(ot, t)
}

// Objects returns the objects of type t (and its subtypes), constants
// included, sorted.
func (p *Problem) Objects(t string) []string { return slices.Clone(p.ofType[t]) }

// Static returns the facts of the predicates no action changes.
func (p *Problem) Static() []Atom { return sortAtoms(p.static.atoms()) }

// Init returns the initial facts of the predicates actions change.
func (p *Problem) Init() []Atom { return sortAtoms(p.init.atoms()) }

func sortAtoms(a []Atom) []Atom {
	slices.SortFunc(a, func(x, y Atom) int { return slices.Compare(x, y) })
	return a
}
