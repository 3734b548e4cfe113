package variant

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
)

// MaxVariants is the most rows a variant group may have: every form has
// at least this many looks (two scales times three wordings of the bar),
// and the looks of a group differ from each other.
const MaxVariants = 2 * Wordings

// Item names the question a variant group asks: the suite's question
// index under the run's seed, as a run without variants numbers it.
type Item struct {
	Seed  uint64
	Suite string
	Index int64
}

// Flippable reports whether group of family may be drawn in the other
// layout, the family's other groups as they are: the family's largest
// form still fits its picture (the run measures it, formview.Fit).
type Flippable func(family, group string) bool

// OtherScale is the scale a look takes when it does not take the run's:
// 2, or 1 when the run's is 2.
func OtherScale(scale float64) float64 {
	if scale == 2 {
		return 1
	}
	return 2
}

// maxAttempts bounds the draws of one look that repeat a look of the
// group before Draw gives up; with MaxVariants looks at least, a look
// drawn from a group of fewer is new with odds of 1/6 at the least.
const maxAttempts = 1000

// Draw returns the looks of the of rows of item's variant group, whose
// form is f, task column task and run scale scale. The first is the row
// as without variants. Each other look draws, from a source that depends
// only on the item (never on the question's own source), each part
// independently: on a form named by label, every Movable group in a
// uniformly random order; with odds 1/2, one group flip allows, of two
// members or more, drawn uniformly, in the other layout (one group at a
// time: flip is measured one group at a time); the run's scale or OtherScale, with odds
// 1/2 each; and, where the bar's closing can be worded another way, one of
// the Wordings uniformly. A look equal to one the group already has is
// drawn again, so the pictures of a group all differ.
func Draw(it Item, of int, f *forms.Form, task string, scale float64, flip Flippable) ([]question.Look, error) {
	if of < 2 || of > MaxVariants {
		return nil, fmt.Errorf("variant: %d rows a group: want 2 to %d", of, MaxVariants)
	}
	rng := source(it)
	looks := []question.Look{{Variant: 0, Of: of, Scale: scale}}
	seen := map[string]bool{Key(&looks[0]): true}
	var movable, flips []string
	sizes := Groups(f)
	for _, g := range slices.Sorted(maps.Keys(sizes)) {
		if Movable(f, g) {
			movable = append(movable, g)
		}
		if sizes[g] >= 2 && flip != nil && flip(f.Family, g) {
			flips = append(flips, g)
		}
	}
	reword := Rewordable(formview.BarText(task))
	for v := 1; v < of; v++ {
		for attempt := 0; ; attempt++ {
			if attempt == maxAttempts {
				return nil, fmt.Errorf("variant: %s %d: no look %d of %d unlike the others in %d draws", it.Suite, it.Index, v+1, of, maxAttempts)
			}
			l := question.Look{Variant: v, Of: of, Scale: scale}
			l.Order = drawOrder(f, movable, rng)
			if len(flips) > 0 && rng.IntN(2) == 1 {
				l.Flip = []string{flips[rng.IntN(len(flips))]}
			}
			if rng.IntN(2) == 1 {
				l.Scale = OtherScale(scale)
			}
			if reword {
				l.Bar = rng.IntN(Wordings)
			}
			if k := Key(&l); !seen[k] {
				seen[k] = true
				looks = append(looks, l)
				break
			}
		}
	}
	return looks, nil
}

// drawOrder shuffles the members of each movable group among their
// places, and returns the order, or nil when it is the form's own.
func drawOrder(f *forms.Form, movable []string, rng *rand.Rand) []int {
	if len(movable) == 0 {
		return nil
	}
	order := make([]int, len(f.Elements))
	for k := range order {
		order[k] = k
	}
	for _, g := range movable {
		var at []int
		for k, e := range f.Elements {
			if e.Group == g {
				at = append(at, k)
			}
		}
		members := slices.Clone(at)
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		for k, place := range at {
			order[place] = members[k]
		}
	}
	for k, i := range order {
		if k != i {
			return order
		}
	}
	return nil
}

// Key is a look's identity within its group: everything it draws. No two
// looks of a group have the same key.
func Key(l *question.Look) string {
	return fmt.Sprint(l.Order, l.Flip, l.Scale, l.Bar)
}

// source returns the random source of item's looks: PCG seeded with the
// SHA-256 of the seed, the index and "looks/" and the suite, a stream
// apart from the question's own (suites.Source).
func source(it Item) *rand.Rand {
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], it.Seed)
	binary.LittleEndian.PutUint64(buf[8:], uint64(it.Index))
	h := sha256.Sum256(append(buf[:], "looks/"+it.Suite...))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}
