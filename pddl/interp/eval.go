package interp

import (
	"maps"
	"slices"
	"strings"
)

// Atom is a ground fact: the predicate, then its arguments.
type Atom []string

// String renders the atom as PDDL: (pred a b).
func (a Atom) String() string { return "(" + strings.Join(a, " ") + ")" }

// table holds the facts of one predicate.
type table struct {
	set     map[string]bool       // key (arguments joined by spaces) -> present
	rows    [][]string            // the arguments of every fact
	byFirst map[string][][]string // the rows by their first argument
}

// store holds facts by predicate.
type store map[string]*table

// newTable returns an empty table.
func newTable() *table {
	return &table{set: map[string]bool{}, byFirst: map[string][][]string{}}
}

// add adds a fact and reports whether it was new.
func (s store) add(pred string, args []string) bool {
	t := s[pred]
	if t == nil {
		t = newTable()
		s[pred] = t
	}
	return t.add(args)
}

// add adds the fact of arguments args and reports whether it was new.
func (t *table) add(args []string) bool {
	k := strings.Join(args, " ")
	if t.set[k] {
		return false
	}
	t.set[k] = true
	t.rows = append(t.rows, args)
	if len(args) > 0 {
		t.byFirst[args[0]] = append(t.byFirst[args[0]], args)
	}
	return true
}

// minus returns a copy of t less the facts of arguments gone, its rows
// in the order they were.
func (t *table) minus(gone [][]string) *table {
	c := &table{set: maps.Clone(t.set), rows: make([][]string, 0, len(t.rows)), byFirst: make(map[string][][]string, len(t.byFirst))}
	var drop [][]string // the facts of gone t holds
	for _, args := range gone {
		if k := strings.Join(args, " "); c.set[k] {
			delete(c.set, k)
			drop = append(drop, args)
		}
	}
	for _, row := range t.rows {
		if slices.ContainsFunc(drop, func(d []string) bool { return slices.Equal(d, row) }) {
			continue
		}
		c.rows = append(c.rows, row)
		if len(row) > 0 {
			c.byFirst[row[0]] = append(c.byFirst[row[0]], row)
		}
	}
	return c
}

// change returns s with the facts dels removed and then adds added, so a
// fact both deleted and added stays. It copies only the tables of the
// predicates dels and adds name and shares the others with s: a store's
// tables never change once the store is built, except while change fills
// the copies it makes.
func (s store) change(adds, dels []Atom) store {
	next := maps.Clone(s)
	gone := map[string][][]string{}
	for _, d := range dels {
		gone[d[0]] = append(gone[d[0]], d[1:])
	}
	copied := map[string]bool{}
	own := func(pred string) *table {
		if !copied[pred] {
			copied[pred] = true
			if t := s[pred]; t != nil {
				next[pred] = t.minus(gone[pred])
			} else {
				next[pred] = newTable()
			}
		}
		return next[pred]
	}
	for pred := range gone {
		own(pred)
	}
	for _, a := range adds {
		own(a[0]).add(a[1:])
	}
	return next
}

// atoms lists the store's facts.
func (s store) atoms() []Atom {
	var out []Atom
	for pred, t := range s {
		for _, row := range t.rows {
			out = append(out, append(Atom{pred}, row...))
		}
	}
	return out
}

// world is a state of a problem: its fluent facts and the derived facts
// they give, next to the problem's static facts.
type world struct {
	p       *Problem
	fluents store
	derived store
}

// table returns the facts of pred in w, or nil when there are none.
func (w *world) table(pred string) *table {
	switch {
	case w.p.d.derived[pred]:
		return w.derived[pred]
	case w.p.d.fluent[pred]:
		return w.fluents[pred]
	}
	return w.p.static[pred]
}

// evaluator evaluates formulas and effects of one schema under a binding
// of its slots ("" for an unbound slot).
type evaluator struct {
	w     *world
	types []string
	b     []string
}

func (e *evaluator) value(t term) string {
	if t.slot < 0 {
		return t.name
	}
	return e.b[t.slot]
}

func (e *evaluator) ground(args []term) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = e.value(a)
	}
	return out
}

func (e *evaluator) key(args []term) string {
	if len(args) == 1 {
		return e.value(args[0])
	}
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(e.value(a))
	}
	return sb.String()
}

// holds evaluates f; every slot it uses outside its own quantifiers must
// be bound.
func (e *evaluator) holds(f *formula) bool {
	switch f.op {
	case opTrue:
		return true
	case opAtom:
		t := e.w.table(f.pred)
		return t != nil && t.set[e.key(f.args)]
	case opEq:
		return e.value(f.args[0]) == e.value(f.args[1])
	case opNot:
		return !e.holds(f.subs[0])
	case opAnd:
		for _, s := range f.subs {
			if !e.holds(s) {
				return false
			}
		}
		return true
	case opOr:
		for _, s := range f.subs {
			if e.holds(s) {
				return true
			}
		}
		return false
	case opImply:
		return !e.holds(f.subs[0]) || e.holds(f.subs[1])
	case opExists:
		found := false
		e.enumerate(f.conj, f.vars, func() bool { found = true; return false })
		return found
	case opForall:
		all := true
		e.enumerate(nil, f.vars, func() bool {
			all = e.holds(f.subs[0])
			return all
		})
		return all
	}
	panic("interp: unknown formula operator")
}

// enumerate binds the free slots in every way that makes each of conj
// hold and calls yield for each binding, until yield returns false; it
// reports whether it went through all of them. It joins positive atoms
// with the facts that match them, and ranges over the objects of a slot's
// type only for slots no positive atom binds. The slots are unbound again
// when it returns.
func (e *evaluator) enumerate(conj []*formula, free []int, yield func() bool) bool {
	if len(free) == 0 {
		for _, c := range conj {
			if !e.holds(c) {
				return true
			}
		}
		return yield()
	}
	best := -1
	for i, c := range conj {
		if c.op != opAtom || !e.unbound(c.args) {
			continue
		}
		if best < 0 || (e.bound(c.args[0]) && !e.bound(conj[best].args[0])) {
			best = i
		}
	}
	if best < 0 {
		v := free[0]
		for _, obj := range e.w.p.ofType[e.types[v]] {
			e.b[v] = obj
			if !e.enumerate(conj, free[1:], yield) {
				e.b[v] = ""
				return false
			}
		}
		e.b[v] = ""
		return true
	}
	c := conj[best]
	rest := make([]*formula, 0, len(conj)-1)
	rest = append(append(rest, conj[:best]...), conj[best+1:]...)
	t := e.w.table(c.pred)
	if t == nil {
		return true
	}
	rows := t.rows
	if e.bound(c.args[0]) {
		rows = t.byFirst[e.value(c.args[0])]
	}
	newly := make([]int, 0, len(c.args))
	for _, row := range rows {
		newly = newly[:0]
		ok := true
		for k, a := range c.args {
			switch v := e.value(a); {
			case v != "":
				ok = v == row[k]
			case e.w.p.isA(row[k], e.types[a.slot]):
				e.b[a.slot] = row[k]
				newly = append(newly, a.slot)
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		more := true
		if ok {
			more = e.enumerate(rest, without(free, newly), yield)
		}
		for _, s := range newly {
			e.b[s] = ""
		}
		if !more {
			return false
		}
	}
	return true
}

func (e *evaluator) bound(t term) bool { return e.value(t) != "" }

func (e *evaluator) unbound(args []term) bool {
	for _, a := range args {
		if !e.bound(a) {
			return true
		}
	}
	return false
}

// without returns free less the slots in drop.
func without(free, drop []int) []int {
	out := make([]int, 0, len(free))
	for _, s := range free {
		keep := true
		for _, d := range drop {
			if s == d {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}

// apply collects the atoms effect ef adds and deletes, its conditions
// read in the state before the action.
func (e *evaluator) apply(ef *effect, adds, dels *[]Atom) {
	switch ef.op {
	case effAnd:
		for _, s := range ef.subs {
			e.apply(s, adds, dels)
		}
	case effAdd:
		*adds = append(*adds, append(Atom{ef.pred}, e.ground(ef.args)...))
	case effDel:
		*dels = append(*dels, append(Atom{ef.pred}, e.ground(ef.args)...))
	case effWhen:
		if e.holds(ef.cond) {
			e.apply(ef.subs[0], adds, dels)
		}
	case effForall:
		sub := ef.subs[0]
		var conj []*formula
		if sub.op == effWhen {
			conj, sub = sub.conj, sub.subs[0]
		}
		e.enumerate(conj, ef.vars, func() bool {
			e.apply(sub, adds, dels)
			return true
		})
	}
}

// derive computes the derived facts of w by fixpoint: every rule is
// applied to every binding of its parameters until nothing new follows.
func (w *world) derive() {
	w.derived = store{}
	for changed := true; changed; {
		changed = false
		for _, r := range w.p.d.rules {
			e := &evaluator{w: w, types: r.types, b: make([]string, len(r.types))}
			var found [][]string
			e.enumerate(conjuncts(r.body, nil), r.params, func() bool {
				args := make([]string, len(r.params))
				for i, s := range r.params {
					args[i] = e.b[s]
				}
				found = append(found, args)
				return true
			})
			for _, args := range found {
				if w.derived.add(r.pred, args) {
					changed = true
				}
			}
		}
	}
}
