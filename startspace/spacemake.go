package startspace

import (
	"fmt"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// NewSpace returns the start states a family can give form f: each box
// checked or not, each slider at any position, each radio group with no
// button or any one selected, each text box empty, holding any of f's text
// values, or holding the start of a text g wants (a partly typed text).
// The values of the states in extra are added, so that any state a
// question was built from lies in the space.
func NewSpace(f *forms.Form, g *statesim.Goal, extra ...statesim.State) *Space {
	sp := new(Space)
	sp.Reset(f, g, extra...)
	return sp
}

// Reset makes sp the space NewSpace(f, g, extra...) returns, reusing the
// memory sp holds: for a caller that makes many spaces in turn. The parts
// and values sp had before are void, and with them what was made from
// them: values Missing returned or AppendMissing appended, judges and
// Prefixes on sp. A copy of a
// Space shares its memory.
func (sp *Space) Reset(f *forms.Form, g *statesim.Goal, extra ...statesim.State) {
	m := &sp.mem
	m.flat, m.ints = m.flat[:0], m.ints[:0]
	sp.PartOf, sp.Parts = sp.PartOf[:0], sp.Parts[:0]
	for i, e := range f.Elements {
		switch {
		case e.Kind == forms.Submit:
			sp.PartOf = append(sp.PartOf, -1)
		case e.Kind == forms.Radio && f.First(e.Group) < i:
			// Joined to the part of its group's first element, which
			// lists it already.
			p := sp.PartOf[f.First(e.Group)]
			if p < 0 {
				panic(fmt.Sprintf("statesim: radio button %d is in the group of the Submit button", i))
			}
			sp.PartOf = append(sp.PartOf, p)
		default:
			// A part of its own, with the radio buttons of its group
			// after it when it is the group's first element.
			sp.PartOf = append(sp.PartOf, len(sp.Parts))
			sp.Parts = append(sp.Parts, m.takeInts(func(dst []int) []int {
				dst = append(dst, i)
				if f.First(e.Group) == i {
					for j := i + 1; j < len(f.Elements); j++ {
						if f.Elements[j].Group == e.Group && f.Elements[j].Kind == forms.Radio {
							dst = append(dst, j)
						}
					}
				}
				return dst
			}))
		}
	}
	sp.Values = resize(sp.Values, len(sp.Parts))
	for p, members := range sp.Parts {
		e := &f.Elements[members[0]]
		vals := sp.Values[p][:0]
		// add appends the value made of the last n values written to the
		// memory, unless the part has it already.
		add := func(n int) {
			v := m.flat[len(m.flat)-n:]
			if slices.ContainsFunc(vals, v.Equal) {
				m.flat = m.flat[:len(m.flat)-n]
				return
			}
			vals = append(vals, v[:n:n])
		}
		switch e.Kind {
		case forms.Checkbox:
			m.flat = append(m.flat, statesim.Value{N: 0})
			add(1)
			m.flat = append(m.flat, statesim.Value{N: 1})
			add(1)
		case forms.Slider:
			for v := e.Min; v <= e.Max; v += max(e.Step, 1) {
				m.flat = append(m.flat, statesim.Value{N: v})
				add(1)
			}
		case forms.Radio:
			for k := -1; k < len(members); k++ {
				for x := range members {
					v := statesim.Value{}
					if x == k {
						v.N = 1
					}
					m.flat = append(m.flat, v)
				}
				add(len(members))
			}
		case forms.TextBox:
			m.flat = append(m.flat, statesim.Value{})
			add(1)
			for _, t := range f.TextValues {
				m.flat = append(m.flat, statesim.Value{S: t})
				add(1)
			}
			if g != nil {
				for _, w := range g.Wants {
					if w.Target == f.RefOf(members[0]) {
						for k, n := 1, forms.TextLen(w.Value.S); k < n; k++ {
							m.flat = append(m.flat, statesim.Value{S: forms.TextPrefix(w.Value.S, k)})
							add(1)
						}
					}
				}
			}
		}
		for _, s := range extra {
			if len(s) == len(f.Elements) {
				for _, i := range members {
					m.flat = append(m.flat, s[i])
				}
				add(len(members))
			}
		}
		sp.Values[p] = vals
	}
	sp.tie(f)
}

// spaceMemory is what a Space keeps for Reset: its values and members
// live in two arrays, and the lists of them are reused.
type spaceMemory struct {
	flat    statesim.State     // every value, one after another
	ints    []int              // every part's members, one after another
	parts   [][]int            // the lists tie builds, swapped with the space's
	values  [][]statesim.State // (idem)
	root    []int              // scratch of tie
	pieces  []int              // (idem)
	scratch statesim.State     // (idem)
}

// takeInts appends to the memory what fill appends to it, and returns
// that as a slice of its own (appending to it does not write past it).
func (m *spaceMemory) takeInts(fill func(dst []int) []int) []int {
	at := len(m.ints)
	m.ints = fill(m.ints)
	return m.ints[at:len(m.ints):len(m.ints)]
}

// extend returns s one element longer: the element past its end if it has
// room, an element used before whose memory may be reused, or else a zero
// one.
func extend[T any](s []T) []T {
	if len(s) < cap(s) {
		return s[:len(s)+1]
	}
	var zero T
	return append(s, zero)
}

// resize returns lists with n lists, each emptied, reusing their memory.
func resize[T any](lists [][]T, n int) [][]T {
	for len(lists) < n {
		lists = extend(lists)
	}
	lists = lists[:n]
	for k := range lists {
		lists[k] = lists[k][:0]
	}
	return lists
}

// tie joins the parts that conditions tie together: a conditional element
// and its enabler act as one part, since whether an action on the one does
// anything depends on the other. The joined part's values are every
// combination of its pieces' values, the first piece varying slowest, and
// its members are in form order. Parts not tied stay as they are.
func (sp *Space) tie(f *forms.Form) {
	m := &sp.mem
	root := m.root[:0]
	for p := range sp.Parts {
		root = append(root, p)
	}
	m.root = root
	find := func(p int) int {
		for root[p] != p {
			p = root[p]
		}
		return p
	}
	tied := false
	for i, e := range f.Elements {
		if e.EnabledBy == nil || sp.PartOf[i] < 0 || sp.PartOf[e.EnabledBy.Element] < 0 {
			continue
		}
		a, b := find(sp.PartOf[i]), find(sp.PartOf[e.EnabledBy.Element])
		if a != b {
			root[max(a, b)] = min(a, b)
		}
		tied = true
	}
	if !tied {
		return
	}
	parts, values := m.parts[:0], m.values[:0]
	m.scratch = append(m.scratch[:0], make(statesim.State, len(f.Elements))...)
	scratch := m.scratch
	for r := range sp.Parts {
		if find(r) != r {
			continue
		}
		pieces := m.pieces[:0]
		for p := range sp.Parts {
			if find(p) == r {
				pieces = append(pieces, p)
			}
		}
		m.pieces = pieces
		members := m.takeInts(func(dst []int) []int {
			for _, p := range pieces {
				dst = append(dst, sp.Parts[p]...)
			}
			return dst
		})
		slices.Sort(members)
		count := 1
		for _, p := range pieces {
			count *= len(sp.Values[p])
		}
		// Every value of the tied part, one after another in the memory.
		m.flat = slices.Grow(m.flat, count*len(members))
		values = extend(values)
		vals := slices.Grow(values[len(values)-1][:0], count)
		var walk func(k int)
		walk = func(k int) {
			if k == len(pieces) {
				at := len(m.flat)
				for _, x := range members {
					m.flat = append(m.flat, scratch[x])
				}
				vals = append(vals, m.flat[at:len(m.flat):len(m.flat)])
				return
			}
			for _, v := range sp.Values[pieces[k]] {
				sp.Put(scratch, pieces[k], v)
				walk(k + 1)
			}
		}
		walk(0)
		for _, x := range members {
			sp.PartOf[x] = len(parts)
		}
		parts = append(parts, members)
		values[len(values)-1] = vals
	}
	m.parts, m.values = sp.Parts, sp.Values
	sp.Parts, sp.Values = parts, values
}
