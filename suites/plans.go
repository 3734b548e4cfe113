package suites

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Source returns the random source of one question. It depends on seed,
// suite and index only, so any question can be rebuilt on its own, in any
// order, by any worker or shard.
func Source(seed uint64, suite string, index int64) *rand.Rand {
	var buf [64]byte
	binary.LittleEndian.PutUint64(buf[:8], seed)
	binary.LittleEndian.PutUint64(buf[8:], uint64(index))
	h := sha256.Sum256(append(buf[:16], suite...))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}

// PlanText renders a plan as numbered English steps, one per line.
func PlanText(f *forms.Form, plan []statesim.Action) string {
	return planText(f, plan, nil)
}

// wording holds the buffer the steps of plans are worded into, reused
// across the options of one question.
type wording struct {
	buf []byte
}

// planText is PlanText with a reusable buffer (w may be nil).
func planText(f *forms.Form, plan []statesim.Action, w *wording) string {
	var buf []byte
	if w != nil {
		buf = w.buf[:0]
	}
	for i, a := range plan {
		if i > 0 {
			buf = append(buf, '\n')
		}
		buf = strconv.AppendInt(buf, int64(i+1), 10)
		buf = append(buf, ". "...)
		buf = statesim.AppendEnglish(buf, f, a)
	}
	if w != nil {
		w.buf = buf
	}
	return string(buf)
}

// PlanPDDL renders a plan as a PDDL plan of the family's domain (package
// pddl writes the domains): a list of ground actions, one per step, Submit
// included, each rendered by statesim.PDDL, such as ((check checkbox-2)
// (move slider-1 by-m3) (enter textbox-2 txt-12) (submit)).
func PlanPDDL(f *forms.Form, plan []statesim.Action) string {
	parts := make([]string, len(plan))
	for i, a := range plan {
		parts[i] = statesim.PDDL(f, a)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// HistoryText renders the actions that produced a start state.
func HistoryText(f *forms.Form, hist []statesim.Action) string {
	if len(hist) == 0 {
		return ""
	}
	b := make([]byte, 0, 48*len(hist))
	for i, a := range hist {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = statesim.AppendEnglish(b, f, a)
	}
	return string(b)
}

// withSubmit returns plan followed by a Submit.
func withSubmit(plan []statesim.Action) []statesim.Action {
	out := make([]statesim.Action, len(plan), len(plan)+1)
	copy(out, plan)
	return append(out, statesim.SubmitAction)
}

// finals runs each plan from s and records its final state and validity.
func finals(f *forms.Form, s statesim.State, plans [][]statesim.Action) ([]statesim.State, []bool) {
	fin := make([]statesim.State, len(plans))
	valid := make([]bool, len(plans))
	all := make(statesim.State, len(plans)*len(s)) // every final state, in one allocation
	for j, p := range plans {
		out, err := statesim.RunTo(f, s, p, all[j*len(s):(j+1)*len(s):(j+1)*len(s)])
		if err == nil {
			fin[j], valid[j] = out.Final, true
		}
	}
	return fin, valid
}

// unmet is a want that a state does not meet, with its element's index.
type unmet struct {
	want  statesim.Want
	index int
}

// unmetWants returns the wants of g that s does not meet, in random order.
func unmetWants(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []unmet {
	var perm []int
	return appendUnmet(make([]unmet, 0, len(g.Wants)), &perm, g.Indices(f), s, g, rng)
}

// appendUnmet appends unmetWants to dst and returns the extended slice,
// given the wants' elements (Goal.Indices). It draws the order as
// rng.Perm does, in *perm's memory.
func appendUnmet(dst []unmet, perm *[]int, at []int, s statesim.State, g statesim.Goal, rng *rand.Rand) []unmet {
	p := (*perm)[:0]
	for k := range g.Wants {
		p = append(p, k)
	}
	rng.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
	*perm = p
	for _, k := range p {
		if i, w := at[k], g.Wants[k]; i >= 0 && s[i] != w.Value {
			dst = append(dst, unmet{w, i})
		}
	}
	return dst
}
