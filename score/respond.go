package score

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Responders are the reference replies Respond gives: the gold answer,
// always the first option (A, Picture 1, Yes), Yes or No on the Yes/No
// questions only, and a uniform guess.
//
// On the open-ended suites the oracle gives the gold reply and set-all
// the reply of a reader of the text alone: every wanted value set with an
// action that works from any state (plan_generation), or such an action
// on the first wanted element that no step taken named (next_action).
// It succeeds without looking, but is optimal only by chance. On
// grounding the oracle gives the centre of the named element's box (a
// row written with pictures), and set-all answers none. The other
// responders answer only multiple-choice questions, and set-all only
// open-ended ones.
var Responders = []string{"oracle", "always-A", "always-yes", "always-no", "random", "set-all"}

// Respond returns the replies of responder (one of Responders) to every
// question of d, with model set to the responder's name; random draws
// from seed. With circular, a question with lettered options is answered
// under each of its rotations (see Rotate), so that Breakdown can give
// the circular score; others are answered once.
func Respond(d *Dataset, responder string, seed uint64, circular bool) ([]Reply, error) {
	if !slices.Contains(Responders, responder) {
		return nil, fmt.Errorf("score: unknown responder %q: choose from %s", responder, strings.Join(Responders, ", "))
	}
	rng := rand.New(rand.NewPCG(seed, 0x5c0))
	out := make([]Reply, 0, len(d.Order))
	for _, q := range d.Order {
		if q.Open != nil {
			if r, ok := openReply(q, responder); ok {
				out = append(out, Reply{ID: q.ID, Response: r, Model: responder})
			}
			continue
		}
		if (responder == "always-yes" || responder == "always-no") && !q.Options.YesNo || responder == "set-all" {
			continue
		}
		names := optionNames(q)
		n := len(names)
		rotations := 1
		if circular && q.Rotatable() {
			rotations = n
		}
		for rot := range rotations {
			var shown int // the position of the chosen option as shown
			switch responder {
			case "oracle":
				shown = (slices.Index(names, q.Answer) - rot + n) % n
			case "always-A", "always-yes":
				shown = 0
			case "always-no":
				shown = 1
			case "random":
				shown = rng.IntN(n)
			}
			text := "Answer: " + names[shown]
			if q.Format == "free" {
				text = q.Options.Choices[shown] // "Picture 1", as free-format rows ask
			}
			out = append(out, Reply{ID: q.ID, Response: text, Model: responder, Rotation: rot})
		}
	}
	return out, nil
}

// optionNames returns how a reply names each option: Yes and No, or letters.
func optionNames(q *Question) []string {
	if q.Options.YesNo {
		return []string{"Yes", "No"}
	}
	names := make([]string, len(q.Options.Choices))
	for k := range names {
		names[k] = letterOf(k)
	}
	return names
}
