package forms

import (
	"fmt"
	"strings"
)

// Enabler makes an element conditional: it is enabled only while another
// element of the form holds an enabling value, and a disabled element
// ignores every action (keeping its value), as a disabled input does in a
// browser. What enables it depends on the enabler's kind:
//   - a checkbox enables while it is checked;
//   - a radio button enables while it is selected;
//   - a slider enables while its value is at least AtLeast.
//
// Only the enabler's value counts, not whether the enabler is itself
// enabled.
type Enabler struct {
	Element int `json:"element"`            // index in Form.Elements of the enabling element
	AtLeast int `json:"at_least,omitempty"` // a slider enabler: the lowest value that enables
}

// Condition is a family group's enabled_by: every element drawn from the
// group has an Enabler naming one member of another group.
type Condition struct {
	Group int `json:"group"` // index in the family's elements of the enabling group
	// Member is the enabling element's place in its group, from 1; -1 is
	// the group's last element, whatever its size; 0 means 1.
	Member  int `json:"member,omitempty"`
	AtLeast int `json:"at_least,omitempty"` // a slider enabler: the lowest value that enables
}

// MaxPartStates bounds the joint values of the elements that enable one
// another: the simulator decides questions over every combination of them.
const MaxPartStates = 100_000

// member returns the index within a group of n elements that the
// condition names.
func (c *Condition) member(n int) int {
	switch {
	case c.Member < 0:
		return n - 1
	case c.Member == 0:
		return 0
	}
	return c.Member - 1
}

// checkConditions reports the first problem with the family's enabled_by
// conditions: a group that does not exist or cannot enable, a member some
// form lacks, a slider threshold outside some range or one that always
// enables, and cycles. It also bounds the joint values of every set of
// groups tied by conditions (see MaxPartStates).
func (f *Family) checkConditions() error {
	for i, g := range f.Groups {
		c := g.EnabledBy
		if c == nil {
			continue
		}
		where := fmt.Sprintf("family %q: elements[%d]: enabled_by", f.Name, i)
		if c.Group < 0 || c.Group >= len(f.Groups) {
			return fmt.Errorf("%s: group %d: want the index of another element group, 0 to %d", where, c.Group, len(f.Groups)-1)
		}
		if c.Group == i {
			return fmt.Errorf("%s: group %d is this group: an element cannot enable itself; name another group", where, c.Group)
		}
		en := f.Groups[c.Group]
		if c.Member < -1 || c.Member > en.MinCount {
			return fmt.Errorf("%s: member %d: group %d has as few as %d elements; use 1 to %d, or -1 for its last", where, c.Member, c.Group, en.MinCount, en.MinCount)
		}
		switch en.Kind {
		case Checkbox, Radio:
			if c.AtLeast != 0 {
				return fmt.Errorf("%s: at_least is for a slider enabler, and group %d is a %s group (it enables while %s): remove at_least", where, c.Group, en.Kind, onWord(en.Kind))
			}
		case Slider:
			for j, r := range en.Ranges {
				if c.AtLeast <= r.Min || c.AtLeast > r.Max {
					return fmt.Errorf("%s: at_least %d: the slider's ranges[%d] runs %d..%d; want a value above its minimum (else the slider always enables) and at most its maximum (else it never does)", where, c.AtLeast, j, r.Min, r.Max)
				}
			}
		default:
			return fmt.Errorf("%s: group %d is a %s group: only a checkbox, a radio button or a slider can enable", where, c.Group, en.Kind)
		}
	}
	// Cycles: follow each group's chain of enablers.
	for i := range f.Groups {
		seen := map[int]bool{}
		for k := i; f.Groups[k].EnabledBy != nil; k = f.Groups[k].EnabledBy.Group {
			if seen[k] {
				return fmt.Errorf("family %q: elements[%d]: enabled_by makes a cycle (%s): a chain of conditions must end at a group that is always enabled", f.Name, i, cycleText(f, k))
			}
			seen[k] = true
		}
	}
	return f.checkPartStates()
}

// onWord says when an element of kind k enables.
func onWord(k Kind) string {
	if k == Radio {
		return "selected"
	}
	return "checked"
}

// cycleText lists the groups of the cycle through group k.
func cycleText(f *Family, k int) string {
	var b strings.Builder
	for x := k; ; {
		fmt.Fprintf(&b, "elements[%d] -> ", x)
		x = f.Groups[x].EnabledBy.Group
		if x == k {
			fmt.Fprintf(&b, "elements[%d]", x)
			return b.String()
		}
	}
}

// checkPartStates bounds, for every set of groups tied together by
// conditions, the product of the values its elements can take.
func (f *Family) checkPartStates() error {
	root := make([]int, len(f.Groups))
	for i := range root {
		root[i] = i
	}
	find := func(i int) int {
		for root[i] != i {
			i = root[i]
		}
		return i
	}
	for i, g := range f.Groups {
		if g.EnabledBy != nil {
			root[find(i)] = find(g.EnabledBy.Group)
		}
	}
	size := map[int]float64{}
	for i, g := range f.Groups {
		r := find(i)
		if _, ok := size[r]; !ok {
			size[r] = 1
		}
		size[r] *= g.values()
	}
	// Every tied set holds a conditional group; groups tied to nothing
	// are never combined, so the bound is not theirs.
	for i, g := range f.Groups {
		if r := find(i); g.EnabledBy != nil && size[r] > MaxPartStates {
			return fmt.Errorf("family %q: elements[%d]: the groups tied to it by enabled_by can take about %.0f joint values: at most %d; tie fewer elements together, or lower max_count, text_vocab or slider positions", f.Name, i, size[r], MaxPartStates)
		}
	}
	return nil
}

// values bounds how many values the elements of g can take together, as
// the simulator's start states count them.
func (g *Group) values() float64 {
	switch g.Kind {
	case Checkbox:
		return pow(2, g.MaxCount)
	case Radio:
		return float64(g.MaxCount + 1)
	case Slider:
		most := 0
		for _, r := range g.Ranges {
			most = max(most, (r.Max-r.Min)/r.Step+1)
		}
		return pow(float64(most), g.MaxCount)
	case TextBox:
		k := g.vocab()
		longest := 0
		for _, v := range g.TextPool {
			longest = max(longest, len(v))
		}
		return pow(float64(1+k+longest), g.MaxCount)
	}
	return 1
}

func pow(x float64, n int) float64 {
	p := 1.0
	for range n {
		p *= x
	}
	return p
}

// enable gives the elements drawn from every conditional group their
// Enabler; count[gi] elements were drawn from group gi, in group order.
func (f *Family) enable(form *Form, count []int) {
	first := func(gi int) int { // where group gi's elements begin
		n := 0
		for _, c := range count[:gi] {
			n += c
		}
		return n
	}
	for gi, g := range f.Groups {
		c := g.EnabledBy
		if c == nil {
			continue
		}
		k := first(c.Group) + c.member(count[c.Group])
		for i := first(gi); i < first(gi)+count[gi]; i++ {
			form.Elements[i].EnabledBy = &Enabler{Element: k, AtLeast: c.AtLeast}
		}
	}
}

// Conditional reports whether some element of the form has an Enabler.
func (f *Form) Conditional() bool {
	for i := range f.Elements {
		if f.Elements[i].EnabledBy != nil {
			return true
		}
	}
	return false
}

// checkEnablers reports the first element whose Enabler names no element,
// itself, an element that cannot enable, or takes part in a cycle.
func (f *Form) checkEnablers() error {
	for i, e := range f.Elements {
		en := e.EnabledBy
		if en == nil {
			continue
		}
		where := fmt.Sprintf("forms: element %d (%s): enabled_by", i, e.ID)
		if e.Kind == Submit {
			return fmt.Errorf("%s: the Submit button is always enabled", where)
		}
		if en.Element < 0 || en.Element >= len(f.Elements) || en.Element == i {
			return fmt.Errorf("%s: element %d: want the index of another element", where, en.Element)
		}
		switch k := f.Elements[en.Element].Kind; k {
		case Checkbox, Radio:
			if en.AtLeast != 0 {
				return fmt.Errorf("%s: at_least is set, but the enabler is a %s", where, k.Noun())
			}
		case Slider:
		default:
			return fmt.Errorf("%s: a %s cannot enable", where, k.Noun())
		}
		steps := 0
		for k := i; f.Elements[k].EnabledBy != nil; k = f.Elements[k].EnabledBy.Element {
			if steps++; steps > len(f.Elements) {
				return fmt.Errorf("%s: the chain of enablers makes a cycle", where)
			}
		}
	}
	return nil
}

// DependencyText words the form's conditions for a task text, such as
// "The 1st and 2nd textboxes can be used only while the 1st checkbox is
// checked." One sentence per enabler, in form order; "" when the form has
// none.
func DependencyText(f *Form) string {
	var b strings.Builder
	done := map[int]bool{}
	for i, e := range f.Elements {
		en := e.EnabledBy
		if en == nil || done[i] {
			continue
		}
		var names []string
		for j := i; j < len(f.Elements); j++ {
			if o := f.Elements[j].EnabledBy; o != nil && *o == *en {
				names = append(names, f.Name(f.RefOf(j)))
				done[j] = true
			}
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		list := names[0]
		if len(names) > 1 {
			list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
		}
		if rest, ok := strings.CutPrefix(list, "the "); ok {
			list = "The " + rest
		}
		b.WriteString(list)
		b.WriteString(" can be used only while ")
		b.WriteString(f.Name(f.RefOf(en.Element)))
		switch k := f.Elements[en.Element].Kind; k {
		case Slider:
			fmt.Fprintf(&b, " is at %d or more.", en.AtLeast)
		default:
			b.WriteString(" is " + onWord(k) + ".")
		}
	}
	return b.String()
}
