package startspace

import (
	"encoding/binary"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// maxKept bounds the tables a Prefixes keeps across Resets, and
// maxKeptEntries the entries of the steps' maps they keep (counted as a
// value each for every map): 4 MB. The built-in families give a handful
// of shapes of parts without text boxes, of at most 84 values, and a form
// has at most a few parts of one shape; a step met once the bound is
// reached has a map of its Reset only. Tests lower them.
var (
	maxKept        = 64
	maxKeptEntries = 1 << 20
)

// keptTable returns a table kept for part p's shape, made on first use,
// with which of its values meet the judge's wants worked out anew; or nil
// when the part is not kept: it has a text box (whose values depend on the
// form's texts and the goal's), its space's values differ from the kept
// tables', or maxKept tables are kept already. Parts of one shape in one
// Reset each take a table of their own, since which values meet the wants
// differs from part to part.
//
// What a step does to a value of a part depends only on the part's
// shape: its elements' kinds, slider ranges, radio groups and conditions,
// all within the part. So a table worked out for one judge holds for the
// next judge's part of the same shape, and most steps' maps are then
// looked up rather than worked out: a sampler resets a Prefixes for
// many forms of one family.
func (px *Prefixes) keptTable(p int) *partTable {
	t := &px.tab
	key, ok := px.shapeOf(p)
	if !ok {
		return nil
	}
	vs := px.j.sp.Values[p]
	same := t.shapes[string(key)]
	var pt *partTable
	for _, k := range same {
		if k.used != t.resets && k.holds(vs) {
			pt = k
			break
		}
	}
	if pt == nil {
		if t.count >= maxKept {
			return nil
		}
		if t.shapes == nil {
			t.shapes = map[string][]*partTable{}
		}
		pt = &partTable{owned: true, maps: map[stepKey]*[]int32{}}
		px.fillTable(p, pt)
		t.shapes[string(key)] = append(same, pt)
		t.count++
		pt.used = t.resets
		return pt
	}
	pt.used = t.resets
	for x, v := range pt.vals {
		pt.meets[x] = px.meets(p, v)
	}
	return pt
}

// holds reports whether the table's first values are exactly vs.
func (pt *partTable) holds(vs []statesim.State) bool {
	if pt.space != len(vs) {
		return false
	}
	for k, v := range vs {
		if !pt.vals[k].Equal(v) {
			return false
		}
	}
	return true
}

// shapeOf returns the shape of part p, in the tables' scratch: for each
// element, in the part's order, its kind, slider range, the first
// element of the part in its radio group, and the element of the part
// that enables it with the threshold. It reports false for a part with a
// text box, or one whose element is enabled from outside it.
func (px *Prefixes) shapeOf(p int) ([]byte, bool) {
	f, members := px.j.f, px.j.sp.Parts[p]
	b := px.tab.shape[:0]
	for _, m := range members {
		e := &f.Elements[m]
		if e.Kind == forms.TextBox {
			return nil, false
		}
		b = binary.AppendVarint(b, int64(e.Kind))
		b = binary.AppendVarint(b, int64(e.Min))
		b = binary.AppendVarint(b, int64(e.Max))
		b = binary.AppendVarint(b, int64(e.Step))
		group := -1
		if e.Kind == forms.Radio {
			group = slices.IndexFunc(members, func(x int) bool {
				return f.Elements[x].Kind == forms.Radio && f.Elements[x].Group == e.Group
			})
		}
		b = binary.AppendVarint(b, int64(group))
		at, least := -1, 0
		if en := e.EnabledBy; en != nil {
			if at = slices.Index(members, en.Element); at < 0 {
				return nil, false
			}
			least = en.AtLeast
		}
		b = binary.AppendVarint(b, int64(at))
		b = binary.AppendVarint(b, int64(least))
	}
	px.tab.shape = b
	return b, true
}

// stepKey names a step on a kept table: the element it acts on by its
// place in the part, and what it does.
type stepKey struct {
	at   int
	op   statesim.Op
	n    int
	text string
}

// keptMap returns where kept table pt keeps the map of action a on
// element i, one of members, made on first use; nil when the tables keep
// maxKeptEntries already.
func (t *tables) keptMap(pt *partTable, members []int, i int, a statesim.Action) *[]int32 {
	key := stepKey{at: slices.Index(members, i), op: a.Op, n: a.N, text: a.Text}
	m, ok := pt.maps[key]
	if !ok {
		if t.entries+len(pt.vals) > maxKeptEntries {
			return nil
		}
		t.entries += len(pt.vals)
		m = new([]int32)
		pt.maps[key] = m
	}
	return m
}
