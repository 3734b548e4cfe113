package interp

import (
	"fmt"
)

// Formula operators.
const (
	opTrue = iota
	opAtom
	opEq
	opNot
	opAnd
	opOr
	opImply
	opExists
	opForall
)

// term is a variable (slot >= 0) or a constant object (name).
type term struct {
	slot int
	name string
}

// formula is a compiled goal description: an atom or equality over terms,
// a connective over sub-formulas, or a quantifier binding slots.
type formula struct {
	op   int
	pred string
	args []term
	subs []*formula
	vars []int // the slots a quantifier binds
	// conj holds a quantifier's body as a list of conjuncts, for joins.
	conj []*formula
}

// Effect operators.
const (
	effAnd = iota
	effAdd
	effDel
	effWhen
	effForall
)

// effect is a compiled effect: an added or deleted atom, a conjunction, a
// conditional effect, or a universally quantified one.
type effect struct {
	op   int
	pred string
	args []term
	cond *formula
	subs []*effect
	vars []int
	conj []*formula // a conditional effect's condition as conjuncts
}

// scope maps the variables in sight to slots while a schema compiles.
// Every variable gets a slot of its own, so a binding is one slice.
type scope struct {
	d     *Domain
	vars  map[string]int
	types []string // per slot: the variable's type
	// uses collects the requirements the compiled text needs.
	uses map[string]bool
	// typeOf returns the type of an object the text may name: a constant
	// of the domain, or in a goal an object of the problem.
	typeOf func(name string) (string, bool)
}

func newScope(d *Domain, uses map[string]bool) *scope {
	sc := &scope{d: d, vars: map[string]int{}, uses: uses}
	sc.typeOf = func(name string) (string, bool) { t, ok := d.constants[name]; return t, ok }
	return sc
}

// needs records a requirement the compiled text needs.
func (sc *scope) needs(req string) { sc.uses[req] = true }

// bind declares the variables of a typed list and returns their slots and
// a function restoring the names they shadow.
func (sc *scope) bind(items []*node) ([]int, func(), error) {
	tl, err := parseTypedList(items)
	if err != nil {
		return nil, nil, err
	}
	var slots []int
	saved := map[string]int{}
	for _, tn := range tl {
		if !validVar(tn.name) {
			return nil, nil, fmt.Errorf("%q is not a variable", tn.name)
		}
		if _, ok := sc.d.parent[tn.typ]; !ok {
			return nil, nil, fmt.Errorf("variable %s: unknown type %s", tn.name, tn.typ)
		}
		if _, done := saved[tn.name]; done {
			return nil, nil, fmt.Errorf("variable %s is declared twice in one list", tn.name)
		}
		saved[tn.name] = -1
		if old, ok := sc.vars[tn.name]; ok {
			saved[tn.name] = old
		}
		sc.vars[tn.name] = len(sc.types)
		slots = append(slots, len(sc.types))
		sc.types = append(sc.types, tn.typ)
	}
	restore := func() {
		for name, old := range saved {
			if old < 0 {
				delete(sc.vars, name)
			} else {
				sc.vars[name] = old
			}
		}
	}
	return slots, restore, nil
}

// terms compiles the arguments of an atom.
func (sc *scope) terms(items []*node) ([]term, error) {
	out := make([]term, len(items))
	for i, it := range items {
		if it.isList {
			return nil, fmt.Errorf("line %d: an argument must be a variable or an object, not %s", it.line, it)
		}
		if it.atom[0] == '?' {
			slot, ok := sc.vars[it.atom]
			if !ok {
				return nil, fmt.Errorf("line %d: variable %s is not in scope", it.line, it.atom)
			}
			out[i] = term{slot: slot}
			continue
		}
		if _, ok := sc.typeOf(it.atom); !ok {
			return nil, fmt.Errorf("line %d: %s is neither a variable nor a declared object", it.line, it.atom)
		}
		out[i] = term{slot: -1, name: it.atom}
	}
	return out, nil
}

// atom compiles a predicate application, checking its arity.
func (sc *scope) atom(n *node) (string, []term, error) {
	pred := n.head()
	if pred == "" {
		return "", nil, fmt.Errorf("line %d: %s is not an atom", n.line, n)
	}
	p, ok := sc.d.preds[pred]
	if !ok {
		return "", nil, fmt.Errorf("line %d: undeclared predicate %s", n.line, pred)
	}
	if len(n.list)-1 != len(p) {
		return "", nil, fmt.Errorf("line %d: %s takes %d arguments, not %d", n.line, pred, len(p), len(n.list)-1)
	}
	args, err := sc.terms(n.list[1:])
	if err != nil {
		return "", nil, err
	}
	for i, a := range args {
		t, _ := sc.typeOf(a.name)
		if a.slot >= 0 {
			t = sc.types[a.slot]
		}
		if !sc.d.subtype(t, p[i]) {
			return "", nil, fmt.Errorf("line %d: %s: argument %d is of type %s, not %s", n.line, pred, i+1, t, p[i])
		}
	}
	return pred, args, nil
}

// formula compiles a goal description.
func (sc *scope) formula(n *node) (*formula, error) {
	if !n.isList {
		return nil, fmt.Errorf("line %d: %s is not a formula", n.line, n.atom)
	}
	if len(n.list) == 0 {
		return &formula{op: opTrue}, nil
	}
	subs := func(items []*node) ([]*formula, error) {
		out := make([]*formula, len(items))
		for i, it := range items {
			f, err := sc.formula(it)
			if err != nil {
				return nil, err
			}
			out[i] = f
		}
		return out, nil
	}
	switch h := n.head(); h {
	case "and", "or":
		if h == "or" {
			sc.needs(":disjunctive-preconditions")
		}
		fs, err := subs(n.list[1:])
		if err != nil {
			return nil, err
		}
		return &formula{op: map[string]int{"and": opAnd, "or": opOr}[h], subs: fs}, nil
	case "not", "imply":
		sc.needs(map[string]string{"not": ":negative-preconditions", "imply": ":disjunctive-preconditions"}[h])
		want := map[string]int{"not": 1, "imply": 2}[h]
		if len(n.list)-1 != want {
			return nil, fmt.Errorf("line %d: %s takes %d formulas", n.line, h, want)
		}
		fs, err := subs(n.list[1:])
		if err != nil {
			return nil, err
		}
		return &formula{op: map[string]int{"not": opNot, "imply": opImply}[h], subs: fs}, nil
	case "exists", "forall":
		if len(n.list) != 3 || !n.list[1].isList {
			return nil, fmt.Errorf("line %d: %s takes a variable list and a formula", n.line, h)
		}
		sc.needs(map[string]string{"exists": ":existential-preconditions", "forall": ":universal-preconditions"}[h])
		slots, restore, err := sc.bind(n.list[1].list)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s: %w", n.line, h, err)
		}
		body, err := sc.formula(n.list[2])
		restore()
		if err != nil {
			return nil, err
		}
		return &formula{op: map[string]int{"exists": opExists, "forall": opForall}[h], vars: slots, subs: []*formula{body}, conj: conjuncts(body, nil)}, nil
	case "=":
		if len(n.list) != 3 {
			return nil, fmt.Errorf("line %d: = takes two arguments", n.line)
		}
		sc.needs(":equality")
		args, err := sc.terms(n.list[1:])
		if err != nil {
			return nil, err
		}
		return &formula{op: opEq, args: args}, nil
	}
	pred, args, err := sc.atom(n)
	if err != nil {
		return nil, err
	}
	return &formula{op: opAtom, pred: pred, args: args}, nil
}

// effect compiles an effect.
func (sc *scope) effect(n *node) (*effect, error) {
	if !n.isList {
		return nil, fmt.Errorf("line %d: %s is not an effect", n.line, n.atom)
	}
	if len(n.list) == 0 {
		return &effect{op: effAnd}, nil
	}
	switch h := n.head(); h {
	case "and":
		e := &effect{op: effAnd}
		for _, it := range n.list[1:] {
			sub, err := sc.effect(it)
			if err != nil {
				return nil, err
			}
			e.subs = append(e.subs, sub)
		}
		return e, nil
	case "not":
		if len(n.list) != 2 {
			return nil, fmt.Errorf("line %d: not takes one atom", n.line)
		}
		pred, args, err := sc.atom(n.list[1])
		if err != nil {
			return nil, err
		}
		return &effect{op: effDel, pred: pred, args: args}, nil
	case "when":
		if len(n.list) != 3 {
			return nil, fmt.Errorf("line %d: when takes a condition and an effect", n.line)
		}
		sc.needs(":conditional-effects")
		cond, err := sc.formula(n.list[1])
		if err != nil {
			return nil, err
		}
		sub, err := sc.effect(n.list[2])
		if err != nil {
			return nil, err
		}
		return &effect{op: effWhen, cond: cond, subs: []*effect{sub}, conj: conjuncts(cond, nil)}, nil
	case "forall":
		if len(n.list) != 3 || !n.list[1].isList {
			return nil, fmt.Errorf("line %d: forall takes a variable list and an effect", n.line)
		}
		sc.needs(":conditional-effects")
		slots, restore, err := sc.bind(n.list[1].list)
		if err != nil {
			return nil, fmt.Errorf("line %d: forall: %w", n.line, err)
		}
		sub, err := sc.effect(n.list[2])
		restore()
		if err != nil {
			return nil, err
		}
		return &effect{op: effForall, vars: slots, subs: []*effect{sub}}, nil
	}
	pred, args, err := sc.atom(n)
	if err != nil {
		return nil, err
	}
	return &effect{op: effAdd, pred: pred, args: args}, nil
}

// conjuncts flattens nested conjunctions into a list of formulas.
func conjuncts(f *formula, out []*formula) []*formula {
	if f.op == opAnd {
		for _, s := range f.subs {
			out = conjuncts(s, out)
		}
		return out
	}
	if f.op == opTrue {
		return out
	}
	return append(out, f)
}

// visitAtoms calls fn on every atom of f with whether it occurs negated.
func visitAtoms(f *formula, neg bool, fn func(pred string, neg bool)) {
	switch f.op {
	case opAtom:
		fn(f.pred, neg)
	case opNot:
		visitAtoms(f.subs[0], !neg, fn)
	case opImply:
		visitAtoms(f.subs[0], !neg, fn)
		visitAtoms(f.subs[1], neg, fn)
	default:
		for _, s := range f.subs {
			visitAtoms(s, neg, fn)
		}
	}
}

// visitEffects calls fn on every predicate an effect adds or deletes.
func visitEffects(e *effect, fn func(pred string)) {
	if e.op == effAdd || e.op == effDel {
		fn(e.pred)
	}
	for _, s := range e.subs {
		visitEffects(s, fn)
	}
}
