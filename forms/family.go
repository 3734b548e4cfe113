package forms

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
)

// Family is the recipe for a kind of form. Families are data: the built-in ones
// and those read from a user's config share this one type.
type Family struct {
	Name   string   `json:"name"`
	Refer  RefStyle `json:"refer"`    // how instructions name elements
	Groups []Group  `json:"elements"` // element groups, laid out in this order
	// Picture, if set, makes the family's pictures larger than MiniWoB's
	// 160 x 210 CSS px, for forms with more elements than that holds.
	Picture *Size `json:"picture,omitempty"`
}

// Label styles of a Group.
const (
	LabelsRandom = "random" // MiniWoB-style random strings, distinct within a form
	LabelsNone   = "none"   // no visible label; refer by ordinal
	LabelsList   = "list"   // drawn without repeats from Group.LabelList
)

// Group is a run of elements of one kind within a family.
type Group struct {
	Kind      Kind     `json:"kind"`
	MinCount  int      `json:"min_count"`            // fewest elements drawn
	MaxCount  int      `json:"max_count"`            // most elements drawn
	Labels    string   `json:"labels,omitempty"`     // LabelsRandom, LabelsNone (default) or LabelsList
	LabelList []string `json:"label_list,omitempty"` // with LabelsList
	Ranges    []Range  `json:"ranges,omitempty"`     // sliders: one range is drawn per slider
	TextPool  []string `json:"text_pool,omitempty"`  // text boxes: values a form's vocabulary is drawn from
	TextVocab int      `json:"text_vocab,omitempty"` // text boxes: how many values per form (default 3)
	InTask    int      `json:"in_task,omitempty"`    // how many of the group a task constrains; 0 means all
	Layout    string   `json:"layout,omitempty"`     // LayoutColumn (default) or LayoutRow: how the group is drawn
	// EnabledBy, if set, makes every element of the group conditional on
	// a member of another group: see Condition and Enabler.
	EnabledBy *Condition `json:"enabled_by,omitempty"`
}

// Range is a slider's span and step.
type Range struct {
	Min  int `json:"min"`
	Max  int `json:"max"`
	Step int `json:"step"`
}

// The alphabet of MiniWoB's random labels.
const labelAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// RandomLabel draws a MiniWoB-style label: 2 to 7 characters from a-z, A-Z, 0-9.
func RandomLabel(rng *rand.Rand) string {
	var b [7]byte
	n := 2 + rng.IntN(6)
	for i := range n {
		b[i] = labelAlphabet[rng.IntN(len(labelAlphabet))]
	}
	return string(b[:n])
}

func (f Family) clone() Family {
	f.Picture = f.picture()
	f.Groups = slices.Clone(f.Groups)
	for i := range f.Groups {
		g := &f.Groups[i]
		g.LabelList = slices.Clone(g.LabelList)
		g.Ranges = slices.Clone(g.Ranges)
		g.TextPool = slices.Clone(g.TextPool)
		if g.EnabledBy != nil {
			c := *g.EnabledBy
			g.EnabledBy = &c
		}
	}
	return f
}

// picture returns a copy of the family's picture size, or nil.
func (f *Family) picture() *Size {
	if f.Picture == nil {
		return nil
	}
	z := *f.Picture
	return &z
}

// Validate reports the first problem in the family spec, naming the field and
// what would fix it.
func (f *Family) Validate() error {
	if f.Name == "" {
		return fmt.Errorf("family: name is empty: give every family a name")
	}
	if f.Refer != ByLabel && f.Refer != ByOrdinal {
		return fmt.Errorf("family %q: refer is %q: use %q or %q", f.Name, f.Refer, ByLabel, ByOrdinal)
	}
	if len(f.Groups) == 0 {
		return fmt.Errorf("family %q: elements is empty: list at least one element group", f.Name)
	}
	if len(f.Groups) > MaxElements {
		return fmt.Errorf("family %q: %d element groups: at most %d elements fit a form", f.Name, len(f.Groups), MaxElements)
	}
	if err := CheckName(f.Name); err != nil {
		return fmt.Errorf("family %q: name: %v", f.Name, err)
	}
	if f.Picture != nil {
		if err := f.Picture.check(); err != nil {
			return fmt.Errorf("family %q: picture %v", f.Name, err)
		}
	}
	keys := map[string]string{Key("Submit"): "the Submit button"}
	most := 0
	for i, g := range f.Groups {
		where := fmt.Sprintf("family %q: elements[%d]", f.Name, i)
		switch g.Kind {
		case Checkbox, Slider, Radio, TextBox:
		case Submit:
			return fmt.Errorf("%s: kind submit: the Submit button is added to every form; remove this group", where)
		default:
			return fmt.Errorf("%s: kind is missing or unknown: use checkbox, slider, radio or textbox", where)
		}
		if g.MinCount < 1 || g.MaxCount < g.MinCount || g.MaxCount > MaxElements {
			return fmt.Errorf("%s: min_count %d, max_count %d: want 1 <= min_count <= max_count <= %d", where, g.MinCount, g.MaxCount, MaxElements)
		}
		if most += g.MaxCount; most > MaxElements {
			return fmt.Errorf("%s: the groups up to here give up to %d elements: at most %d fit a form; lower max_count", where, most, MaxElements)
		}
		switch g.Labels {
		case "", LabelsNone, LabelsRandom:
		case LabelsList:
			if len(g.LabelList) > MaxTextPool {
				return fmt.Errorf("%s: label_list has %d labels: at most %d", where, len(g.LabelList), MaxTextPool)
			}
			if len(g.LabelList) < g.MaxCount {
				return fmt.Errorf("%s: label_list has %d labels for up to %d elements: add labels", where, len(g.LabelList), g.MaxCount)
			}
			for j, l := range g.LabelList {
				if err := CheckLabel(l); err != nil {
					return fmt.Errorf("%s: label_list[%d]: %v", where, j, err)
				}
				k := Key(l)
				if prev, ok := keys[k]; ok {
					return fmt.Errorf("%s: label_list[%d]: %q looks the same as %s (labels must differ across the whole form, also after Unicode folding): choose another", where, j, l, prev)
				}
				keys[k] = fmt.Sprintf("%q (elements[%d])", l, i)
			}
		default:
			return fmt.Errorf("%s: labels %q: use random, none or list", where, g.Labels)
		}
		if f.Refer == ByLabel && (g.Labels == "" || g.Labels == LabelsNone) && g.Kind != Slider {
			return fmt.Errorf("%s: refer is label but this group has no labels: set labels to random or list, or refer to ordinal", where)
		}
		if g.Kind == Slider {
			if len(g.Ranges) == 0 {
				return fmt.Errorf("%s: a slider needs ranges, e.g. [{\"min\": 0, \"max\": 10, \"step\": 1}]", where)
			}
			for j, r := range g.Ranges {
				if err := r.check(); err != nil {
					return fmt.Errorf("%s: ranges[%d] %d..%d step %d: %v", where, j, r.Min, r.Max, r.Step, err)
				}
			}
		}
		if g.Kind == TextBox {
			if len(g.TextPool) == 0 {
				return fmt.Errorf("%s: a textbox group needs text_pool, the values that may be typed", where)
			}
			if len(g.TextPool) > MaxTextPool {
				return fmt.Errorf("%s: text_pool has %d values: at most %d", where, len(g.TextPool), MaxTextPool)
			}
			pool := map[string]int{}
			for j, v := range g.TextPool {
				if err := CheckText(v); err != nil {
					return fmt.Errorf("%s: text_pool[%d]: %v", where, j, err)
				}
				k := Key(v)
				if prev, ok := pool[k]; ok {
					return fmt.Errorf("%s: text_pool[%d] %q looks the same as text_pool[%d] %q: values must be distinct (also after Unicode folding); remove one", where, j, v, prev, g.TextPool[prev])
				}
				pool[k] = j
			}
			if g.TextVocab < 0 || g.TextVocab > len(g.TextPool) {
				return fmt.Errorf("%s: text_vocab %d: want 0 (default 3) to %d, the number of distinct values in text_pool", where, g.TextVocab, len(g.TextPool))
			}
		}
		if err := checkLayout(g.Layout); err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if g.InTask < 0 || g.InTask > g.MinCount {
			return fmt.Errorf("%s: in_task %d: want 0 (all) to min_count %d", where, g.InTask, g.MinCount)
		}
	}
	return f.checkConditions()
}

// vocab returns how many text values a form draws from a text box group's
// pool: TextVocab, or by default 3 (fewer if the pool is smaller).
func (g *Group) vocab() int {
	if g.TextVocab == 0 {
		return min(3, len(g.TextPool))
	}
	return g.TextVocab
}

// Vocab returns how many text values a form draws from a text box
// group's pool (see TextVocab).
func (g *Group) Vocab() int { return g.vocab() }

// GroupName returns the Group field NewForm gives the elements drawn from
// a family's group gi: "g0", "g1", ...
func GroupName(gi int) string {
	if gi < len(smallNames) {
		return smallNames[gi][1]
	}
	return "g" + strconv.Itoa(gi)
}

// elementID returns the ID of a form's element i: "e0", "e1", ...
func elementID(i int) string {
	if i < len(smallNames) {
		return smallNames[i][0]
	}
	return "e" + strconv.Itoa(i)
}

// smallNames holds the element IDs and group names of small forms, made once
// so that drawing a form does not build them again.
var smallNames = func() (t [32][2]string) {
	for i := range t {
		t[i] = [2]string{"e" + strconv.Itoa(i), "g" + strconv.Itoa(i)}
	}
	return t
}()

// foldKey holds a Key of at most 15 bytes by value, so that comparing the
// keys of random labels allocates nothing. Every key of a label RandomLabel
// draws fits.
type foldKey struct {
	n uint8
	b [15]byte
}

// makeFoldKey holds key, and reports whether it fits.
func makeFoldKey(key string) (foldKey, bool) {
	var k foldKey
	if len(key) > len(k.b) {
		return k, false
	}
	k.n = uint8(copy(k.b[:], key))
	return k, true
}

// appendListKeys appends the keys of Submit and of every label of the
// family's label lists: whichever a form draws, its random labels must
// differ. Keys too long to fit a foldKey cannot be a random label's.
func (f *Family) appendListKeys(keys []foldKey) []foldKey {
	keys = append(keys, asciiFold("Submit"))
	for _, g := range f.Groups {
		if g.Labels == LabelsList {
			for _, l := range g.LabelList {
				if k, ok := makeFoldKey(Key(l)); ok {
					keys = append(keys, k)
				}
			}
		}
	}
	return keys
}

// asciiFold is Key for the labels RandomLabel draws, letters and digits of
// ASCII, where the confusable skeleton maps only four characters; s must
// be at most 7 bytes.
func asciiFold(s string) foldKey {
	var k foldKey
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 'm':
			k.b[k.n], k.b[k.n+1] = 'r', 'n'
			k.n += 2
			continue
		case 'I', '1':
			k.b[k.n] = 'l'
		case '0':
			k.b[k.n] = 'O'
		default:
			k.b[k.n] = c
		}
		k.n++
	}
	return k
}

// NewForm draws a form of the family. The same source state gives the same form.
func (f *Family) NewForm(rng *rand.Rand) Form {
	var form Form
	f.DrawForm(&form, rng)
	return form
}

// DrawForm draws a form of the family into form, as NewForm does (the
// same draws from rng, the same form), reusing the memory of its elements
// and text values: for a sampler that draws many forms and keeps few
// (Form.Clone keeps one). Nothing of what form held before may be in use.
func (f *Family) DrawForm(form *Form, rng *rand.Rand) {
	var small [8]int
	counts := small[:0] // grows past 8 groups
	total := 1          // the Submit button
	for _, g := range f.Groups {
		n := g.MinCount + rng.IntN(g.MaxCount-g.MinCount+1)
		counts = append(counts, n)
		total += n
	}
	*form = Form{Family: f.Name, Refer: f.Refer, Picture: f.Picture, Elements: slices.Grow(form.Elements[:0], total), TextValues: form.TextValues[:0]}
	// A random label must not look like any of these or the labels drawn.
	var buf [16]foldKey
	var taken []foldKey // built at the first random label: only those need it
	var ordinal [len(kindNames)]int
	add := func(e Element) {
		ordinal[e.Kind]++
		e.Ordinal = ordinal[e.Kind]
		e.ID = elementID(len(form.Elements))
		form.Elements = append(form.Elements, e)
	}
	for gi, g := range f.Groups {
		n := counts[gi]
		var list []string
		if g.Labels == LabelsList {
			list = slices.Clone(g.LabelList)
			rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		}
		for i := 0; i < n; i++ {
			e := Element{Kind: g.Kind}
			switch g.Labels {
			case LabelsRandom:
				if taken == nil {
					taken = f.appendListKeys(buf[:0])
				}
				for {
					e.Label = RandomLabel(rng)
					k := asciiFold(e.Label)
					if !Reserved(e.Label) && !slices.Contains(taken, k) {
						taken = append(taken, k)
						break
					}
				}
			case LabelsList:
				e.Label = list[i]
			}
			e.Group = GroupName(gi)
			e.Layout = elementLayout(g.Layout)
			if g.Kind == Slider {
				r := g.Ranges[rng.IntN(len(g.Ranges))]
				e.Min, e.Max, e.Step = r.Min, r.Max, r.Step
			}
			add(e)
		}
		if g.Kind == TextBox {
			k := g.vocab()
			// Draw k distinct values; k is small next to the pool, so draws
			// that repeat a value are rare and simply drawn again.
			for picked := 0; picked < k; {
				v := g.TextPool[rng.IntN(len(g.TextPool))]
				if !slices.Contains(form.TextValues[len(form.TextValues)-picked:], v) {
					form.TextValues = append(form.TextValues, v)
					picked++
				}
			}
		}
	}
	add(Element{Kind: Submit, Label: "Submit"})
	f.enable(form, counts)
	if len(form.TextValues) == 0 {
		form.TextValues = nil // as a form drawn into new memory has it
	}
}
