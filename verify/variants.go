package verify

import (
	"crypto/sha256"
	"encoding/json"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/variant"
)

// variantGroup is what the rows of the variant group being read share.
type variantGroup struct {
	id    string          // its variant_group: the id of its first row
	of    int             // rows the group has
	next  int             // the variant the next row of the group must be
	item  [32]byte        // what every row must ask alike (itemOf)
	looks map[string]bool // variant.Key of the looks taken
	shots map[[32]byte]int64
}

// itemOf is the digest of what every row of a variant group asks alike:
// the metadata but its look, and every column of the question's text
// and labels (prompts, options, answer, option labels, caption, history,
// image_needed, task, family, horizon, plans). The id, index, pictures,
// boxes, scale and problem_pddl (which is named after the row's index)
// differ.
func itemOf(row *dataset.Row, m *question.Meta) [32]byte {
	bare := *m
	bare.Look = nil
	alike := struct {
		Meta                                  question.Meta
		Question, Task, Family, Answer        string
		Prompts                               [2]string
		Choices, Labels, PlansText, PlansPDDL []string
		AnswerIdx, Horizon                    *int64
		Caption, History                      *string
		ImageNeeded                           *bool
	}{bare, row.Question, row.Task, row.Family, row.Answer, [2]string{row.PromptInstruct, row.PromptCoT},
		row.Choices, row.OptionLabels, row.PlansText, row.PlansPDDL, row.AnswerIdx, row.Horizon, row.Caption, row.History, row.ImageNeeded}
	raw, _ := json.Marshal(alike) // of plain values: cannot fail
	return sha256.Sum256(raw)
}

// checkVariant checks the variant_group column and the look of a row (gen
// --variants): a row with a look is variant Variant of a group of Of
// rows, which come one after another from its first, whose id is the
// row's variant_group; the look fits the row's form (variant.Check), is
// at the row's scale, which is the run's (the file's) or the other
// (variant.OtherScale), the run's on the first row, and is not another
// row's of the group; every row asks what the first asks (itemOf) and
// shows another picture; and a group is whole, ending neither before its
// last row nor with its file.
// A row without a look has no variant_group. It returns the metadata as
// the row's pictures draw it and the bar's text (variant.Show), or nil
// when the look does not fit (no picture is then checked further).
func (st *suiteState) checkVariant(row *dataset.Row, m *question.Meta, valid bool, p *problems) (*question.Meta, string) {
	g := st.variant
	l := m.Look
	if g != nil && (l == nil || row.VariantGroup != g.id) {
		p.addf("variant group %s ends after %d of its %d rows", g.id, g.next, g.of)
		st.variant, g = nil, nil
	}
	if l == nil {
		if row.VariantGroup != "" {
			p.addf("variant_group %q, but the metadata has no look", row.VariantGroup)
		}
		return m, barText(row, m)
	}
	if err := variant.Check(l, &m.Form, barText(row, m)); err != nil {
		p.addf("metadata look: %v", err)
		return nil, ""
	}
	if row.Seed != nil && row.Index != nil {
		first := *row.Index - int64(l.Variant)
		if want := question.ID(uint64(*row.Seed), st.name, first); row.VariantGroup != want {
			p.addf("variant_group %q, want %s, the id of row %d (variant 1 of its group)", row.VariantGroup, want, first)
		}
	}
	if row.Image != nil && row.Scale != l.Scale {
		p.addf("scale %g, but its look says %g", row.Scale, l.Scale)
	}
	switch run := st.scale; {
	case run == 0: // the file records no scale: nothing to compare with
	case l.Variant == 0 && l.Scale != run:
		p.addf("its look is at scale %g, but the first row of a group is drawn at the run's, %g", l.Scale, run)
	case l.Scale != run && l.Scale != variant.OtherScale(run):
		p.addf("its look is at scale %g: a look takes the run's scale, %g, or %g", l.Scale, run, variant.OtherScale(run))
	}
	item := itemOf(row, m)
	shot := [32]byte{}
	if row.Image != nil {
		shot = sha256.Sum256(row.Image.Bytes)
	}
	switch {
	case l.Variant == 0:
		if g != nil {
			p.addf("variant group %s ends after %d of its %d rows", g.id, g.next, g.of)
		}
		g = &variantGroup{id: row.VariantGroup, of: l.Of, item: item, looks: map[string]bool{}, shots: map[[32]byte]int64{}}
		st.variant = g
	case g == nil:
		p.addf("variant %d of group %s comes without the rows before it", l.Variant+1, row.VariantGroup)
		return st.shown(m, row, p)
	case l.Variant != g.next || l.Of != g.of:
		p.addf("look %d of %d, but row %d of %d of group %s comes next", l.Variant+1, l.Of, g.next+1, g.of, g.id)
	case item != g.item:
		p.addf("the row does not ask what the first row of variant group %s asks (its metadata but the look, or its text, options or labels, differ)", g.id)
	}
	k := variant.Key(l)
	if g.looks[k] {
		p.addf("its look is another row's of variant group %s", g.id)
	}
	g.looks[k] = true
	if row.Image != nil && row.Index != nil {
		if other, ok := g.shots[shot]; ok {
			p.addf("its picture is the picture of row %d of its variant group", other)
		}
		g.shots[shot] = *row.Index
	}
	g.next = l.Variant + 1
	switch {
	case g.next == g.of:
		st.variant = nil
	case st.left == 0:
		p.addf("variant group %s ends with its file after %d of its %d rows", g.id, g.next, g.of)
		st.variant = nil
	}
	if !valid {
		return m, barText(row, m)
	}
	return st.shown(m, row, p)
}

// barText returns the task the row's pictures show in their instruction
// bar: its own, or, on a paired probe, which has none, its planning row's
// (metadata bar).
func barText(row *dataset.Row, m *question.Meta) string {
	if row.Task == "" {
		return m.Bar
	}
	return row.Task
}

// shown returns the metadata of a row with a look as its pictures draw it,
// and the bar's text.
func (st *suiteState) shown(m *question.Meta, row *dataset.Row, p *problems) (*question.Meta, string) {
	sh, err := variant.Show(m, barText(row, m))
	if err != nil {
		p.addf("metadata look: %v", err)
		return nil, ""
	}
	drawn := *m
	drawn.Form, drawn.Pictures = sh.Form, sh.Pictures
	return &drawn, sh.Bar
}
