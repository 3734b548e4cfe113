package job

import (
	"context"
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/variant"
)

// checkVariants refuses a --variants out of range, one without pictures
// (a look is a way of drawing), and one with a suite that asks about
// each item in a group of rows already (temporal_order under --protocol
// paper). A request that does not give it (0) asks for one row a
// question.
func (r *Run) checkVariants(req Request) error {
	if r.Variants == 0 && !req.given("variants") {
		r.Variants = 1
	}
	v := r.Variants
	if v < 1 || v > variant.MaxVariants {
		return usagef("--variants %d: use 1 (one row a question, the default) to %d (every form has at least %d looks: two scales times three wordings of the instruction bar)", v, variant.MaxVariants, variant.MaxVariants)
	}
	if v == 1 {
		return nil
	}
	if r.NoImages {
		return usagef("--variants %d needs screenshots (the rows of a group differ only in their pictures): leave out --no-images, or --variants", v)
	}
	for _, name := range r.Suites {
		s, _ := suites.Lookup(name)
		if g := groupOf(r.Protocol, s); g > 1 {
			return usagef("--variants %d: under --protocol %s %s asks about each item in %d rows already: leave %s out of --suites, or drop --variants or --protocol", v, r.protocolName(), name, g, name)
		}
	}
	return nil
}

// rowsPer is how many rows each question of the run takes.
func (r *Run) rowsPer() int64 { return int64(max(r.Variants, 1)) }

// looks readies a run with variant groups once its browser rd runs: a
// second browser at the other scale (variant.OtherScale), which the
// caller closes, and the groups of each family that a look may draw in
// the other layout: those whose family, so drawn, formview.Draws draws
// whole at both scales (its largest form inside its picture, every text
// whole, every value typed into a text box within the widest picture).
// A browser that fails fails the run: what a look may draw never depends
// on a failure.
func (r *Run) looks(ctx context.Context, rd *render.Renderer, head string) (*render.Renderer, variant.Flippable, error) {
	other, err := render.New(ctx, render.Options{ChromePath: r.Chrome, Scale: variant.OtherScale(r.Scale), Head: head, Fonts: formview.Fonts()})
	if err != nil {
		return nil, nil, err
	}
	allowed := map[[2]string]bool{}
	for _, f := range r.families() {
		for gi, g := range f.Groups {
			if g.MaxCount < 2 {
				continue
			}
			flipped := f
			flipped.Groups = append([]forms.Group(nil), f.Groups...)
			flipped.Groups[gi].Layout = flipLayout(g.Layout)
			fits := true
			for _, at := range []*render.Renderer{rd, other} {
				why, err := formview.Draws(ctx, at, flipped)
				if err != nil {
					other.Close()
					return nil, nil, err
				}
				if fits = why == ""; !fits {
					break
				}
			}
			allowed[[2]string{f.Name, forms.GroupName(gi)}] = fits
		}
	}
	return other, func(family, group string) bool { return allowed[[2]string{family, group}] }, nil
}

// flipLayout is a group's other layout: a row for a column, and a column
// for a row.
func flipLayout(l string) string {
	if l == forms.LayoutRow {
		return forms.LayoutColumn
	}
	return forms.LayoutRow
}

// describeVariants words, for the summary, how many rows each question
// took.
func describeVariants(v int) string {
	if v <= 1 {
		return ""
	}
	return fmt.Sprintf(", %d rows a question", v)
}
