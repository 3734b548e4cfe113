// Package datarow turns a question into the dataset row that holds it:
// the columns, the metadata's JSON, the plans as text and PDDL and the
// PDDL problem. The pipeline writes the rows of a run with it, and the
// probes pass the rows of the probes it pairs with them.
package datarow

import (
	"fmt"

	// The metadata is the JSON of encoding/json, byte for byte
	// (TestMetadataAsEncodingJSON), written in half the time.
	json "github.com/goccy/go-json"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/pddl"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Of converts a question to a dataset row. Pictures are added by the
// caller.
func Of(q *question.Question, seed uint64, version string) (dataset.Row, error) {
	meta, err := json.Marshal(q.Meta)
	if err != nil {
		return dataset.Row{}, fmt.Errorf("datarow: %s %d: metadata: %w", q.Suite, q.Index, err)
	}
	r := dataset.Row{
		ID:               question.ID(seed, q.Suite, q.Index),
		Suite:            q.Suite,
		Family:           q.Family,
		Horizon:          ptr(int64(q.Horizon)),
		Task:             q.Task,
		Question:         q.Question,
		Choices:          q.Choices,
		Answer:           q.Answer,
		AnswerIdx:        ptr(int64(q.AnswerIdx)),
		PromptInstruct:   q.PromptInstruct,
		PromptCoT:        q.PromptCoT,
		Caption:          ptr(q.Caption),
		History:          ptr(q.History),
		OptionLabels:     q.Labels,
		ImageNeeded:      ptr(q.ImageNeeded),
		Metadata:         string(meta),
		Seed:             ptr(int64(seed)),
		Index:            ptr(q.Index),
		GeneratorVersion: version,
	}
	if q.Choices == nil {
		r.AnswerIdx = nil // open-ended: no options
	}
	r.GroupID = r.ID // a row of its own
	if q.Group != q.Index {
		r.GroupID = question.ID(seed, q.Suite, q.Group)
	}
	letters := []**string{&r.A, &r.B, &r.C, &r.D, &r.E, &r.F, &r.G, &r.H}
	for k, c := range q.Choices {
		if k < len(letters) {
			*letters[k] = ptr(c)
		}
	}
	for _, p := range q.Meta.Plans {
		r.PlansText = append(r.PlansText, suites.PlanText(&q.Meta.Form, p))
		r.PlansPDDL = append(r.PlansPDDL, suites.PlanPDDL(&q.Meta.Form, p))
	}
	if r.ProblemPDDL, err = pddl.Problem(&q.Meta, pddl.ProblemName(q.Suite, q.Index)); err != nil {
		return dataset.Row{}, fmt.Errorf("datarow: %s %d: %w", q.Suite, q.Index, err)
	}
	return r, nil
}

func ptr[T any](v T) *T { return &v }
