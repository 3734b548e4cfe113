package pipeline

import (
	"fmt"

	"github.com/formplan/formplan/datarow"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/variant"
)

// Variants asks a Run to write each question N times, a variant group of
// rows under looks that change no answer (variant.Draw). The counts of a
// Plan then count questions: a suite of n questions has n x N rows, row
// i*N+v the v-th of question i's group, and a shard holds whole groups.
type Variants struct {
	N         int               // rows a group; 0 or 1: none, each question one row
	Scale     float64           // the run's scale, the first row's
	Flippable variant.Flippable // the groups a look may draw in the other layout
}

// rows returns the rows a question takes: N, or 1 without variants.
func (v Variants) rows() int64 { return int64(max(v.N, 1)) }

// expand returns, for the questions qs and their rows (built and taken in
// index order, distinct), the rows of their variant groups: question i
// becomes rows i*N to i*N+N-1, each with its look in its metadata, its
// own index and id, and variant_group the id of the group's first row.
// The slices it returns are its own. Without variants it returns qs and
// rows as they are.
func (v Variants) expand(qs []question.Question, rows []dataset.Row, seed uint64, version string) ([]question.Question, []dataset.Row, error) {
	if v.N <= 1 {
		return qs, rows, nil
	}
	n := int64(v.N)
	outQ := make([]question.Question, 0, len(qs)*v.N)
	outR := make([]dataset.Row, 0, len(qs)*v.N)
	for k := range qs {
		q := &qs[k]
		if q.Group != q.Index {
			return nil, nil, fmt.Errorf("pipeline: %s %d: a question asked in a group of rows has no variants", q.Suite, q.Index)
		}
		looks, err := variant.Draw(variant.Item{Seed: seed, Suite: q.Suite, Index: q.Index}, v.N, &q.Meta.Form, q.Task, v.Scale, v.Flippable)
		if err != nil {
			return nil, nil, fmt.Errorf("pipeline: %w", err)
		}
		first := question.ID(seed, q.Suite, q.Index*n)
		for j := range looks {
			qv := *q
			qv.Index = q.Index*n + int64(j)
			qv.Group = qv.Index
			qv.Meta.Look = &looks[j]
			row, err := datarow.Of(&qv, seed, version)
			if err != nil {
				return nil, nil, err
			}
			row.VariantGroup = first
			outQ, outR = append(outQ, qv), append(outR, row)
		}
	}
	return outQ, outR, nil
}
