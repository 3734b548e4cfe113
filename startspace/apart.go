package startspace

import (
	"cmp"
	"slices"
)

// Apart reports whether n sequences of the steps (each step at most
// once, the empty one among them) may be told apart by their starts: false
// when no family of n sequences that each hold from some start has sets of
// starts that all differ with none holding another's. Where the sets are
// too many to compare (more than maxWidthSets of them, or a part acted on
// by more than maxPartSteps of the steps) it reports true, unless a bound
// worked out before already says false.
//
// Options that are each correct from a start of their own and from no
// other option's start form such a family: were one option's starts all
// among another's, the other would be correct from its start too. So
// steps that are not Apart(n) cannot give n such options, however their
// orders are drawn, and a sampler may give them up without drawing one.
//
// Apart works part by part. A sequence's set of starts is the product of
// one set per part, each fixed by the sequence's steps on that part in
// their order, and the steps on different parts interleave freely. So the
// sets of starts are exactly the products of one set per part, each that
// of a sequence of the part's own steps, and Apart needs each part's tree
// of those, not the sequences of all the steps. The largest family is
// then found by Dilworth's theorem on the products.
func (px *Prefixes) Apart(n int) bool {
	w := &px.wid
	if !w.reset(px) {
		return false // a part no step acts on holds from no value
	}
	// The parts are worked out cheapest first (fewest values times
	// sequences of their steps). One not worked out yet
	// has at most as many sets as there are sequences of its steps, so the
	// product of the counts, known and bounded, bounds the family's size
	// all along, and a bound below n ends the work.
	if px.bound(0, 1, n) < n {
		return false
	}
	sets := 1
	for k, p := range w.order {
		if px.parts[p].steps > maxPartSteps {
			return true
		}
		m := w.classify(px.walk(p))
		if m == 0 {
			return false // no sequence holds from any start
		}
		if m > 1 {
			w.kept = append(w.kept, p)
		}
		if sets *= m; sets > maxWidthSets {
			return true
		}
		if px.bound(k+1, sets, n) < n {
			return false
		}
	}
	return w.width(sets, n) >= n
}

// walk marks, in the width scratch's seen, the nodes of every sequence of
// the steps on part p (each at most once), and returns the sets of starts
// of the tree it marked them in: on a kept table of minBackValues values
// or more, the tree walked from the sequences' ends (backSets); else the
// part's own.
func (px *Prefixes) walk(p int) *holdSets {
	w := &px.wid
	w.on = w.on[:0]
	for s, st := range px.st {
		if st != nil && st.p == p {
			w.on = append(w.on, int32(s))
		}
	}
	if walkBack && px.walksBack(p) {
		return px.backSets(p)
	}
	px.reach(0, 0, false)
	return &px.parts[p].holdSets
}

// walksBack reports whether walk takes part p's sets from the walk from
// the sequences' ends: a kept table of minBackValues values or more.
func (px *Prefixes) walksBack(p int) bool {
	pt := px.tab.parts[p]
	return pt.owned && len(pt.vals) >= minBackValues
}

// maxPartSteps and maxWidthSets bound Apart's work: a part acted on by 6
// steps has 1,957 sequences of them, and the matching compares every two
// sets of starts.
const (
	maxPartSteps = 6
	maxWidthSets = 256
)

// sequencesOf[k] is the number of sequences of k distinct steps, each at
// most once, the empty one among them.
var sequencesOf = [...]int{1, 2, 5, 16, 65, 326, 1957}

// bound returns sets, the product of the counts of the parts worked out,
// times the sequences of the steps of each part from Apart's order[k] on,
// or n if that is more.
func (px *Prefixes) bound(k, sets, n int) int {
	for _, p := range px.wid.order[k:] {
		steps := px.parts[p].steps
		if steps >= len(sequencesOf) {
			return n
		}
		if sets *= sequencesOf[steps]; sets >= n {
			return n
		}
	}
	return sets
}

// reach marks node x and every node the part's steps in on, but for
// those in used (a bit per step of on), lead to from it: in the part's
// tree, or with back in the tree walked from the sequences' ends
// (backTree), where a step goes in front of the sequence.
func (px *Prefixes) reach(x int, used uint, back bool) {
	w := &px.wid
	for len(w.seen) <= x {
		w.seen = append(w.seen, false)
	}
	w.seen[x] = true
	for k, s := range w.on {
		if used&(1<<k) != 0 {
			continue
		}
		var y int
		if back {
			y = w.back.prepend(x, k, px.st[s].to)
		} else {
			y = px.extendPart(x, int(s))
		}
		px.reach(y, used|1<<k, back)
	}
}

// widthScratch is Apart's memory, kept across Resets.
type widthScratch struct {
	order []int    // the parts with wants that steps act on, fewest values first
	on    []int32  // the steps on the part at hand
	seen  []bool   // per node of the tree walked (the part's, or back): reached
	kept  []int    // the parts with two sets or more
	class [][]int  // per kept part: the nodes that stand for its sets, one each
	sub   [][]bool // per kept part, per two of its sets a, b (at a times the sets plus b): a's values are among b's
	digit []int32  // per product set, per kept part: its set there
	match []int32  // per product set: the set matched into it, or -1
	mark  []bool   // the matching's scratch
	anti  []int32  // the greedy antichain
	back  backTree // the walk from the ends of the sequences, on a kept table
}

// reset empties w for px's steps and parts and orders the parts Apart
// works out: those with wants that steps act on. Every other part holds
// from the same values after any sequence, so it has one set. reset
// reports false when one of them holds from no value, or a want is on an
// element the form lacks.
func (w *widthScratch) reset(px *Prefixes) bool {
	np := len(px.parts)
	w.kept, w.order = w.kept[:0], w.order[:0]
	for len(w.class) < np {
		w.class, w.sub = append(w.class, nil), append(w.sub, nil)
	}
	t := &px.tab
	if t.lacking {
		return false // no start meets a want on an element the form lacks
	}
	for p := range px.parts {
		if px.parts[p].steps > 0 && t.wantsAt[p+1] > t.wantsAt[p] { // a want on p
			w.order = append(w.order, p)
		} else if px.parts[p].count[0] == 0 {
			return false
		}
	}
	cost := func(p int) int { return px.parts[p].vals * sequencesOf[min(px.parts[p].steps, len(sequencesOf)-1)] }
	slices.SortFunc(w.order, func(a, b int) int { return cmp.Compare(cost(a), cost(b)) })
	return true
}

// classify lists the distinct non-empty sets of values the nodes of t
// that reach marked hold from, clears the marks, and returns
// how many there are. It fills class and sub at index len(kept), where the
// part goes if kept.
func (w *widthScratch) classify(t *holdSets) int {
	k := len(w.kept)
	reps := w.class[k][:0]
	for x, ok := range w.seen {
		if !ok || t.count[x] == 0 {
			continue
		}
		dup := false
		for _, y := range reps {
			if t.sameHold(x, y) {
				dup = true
				break
			}
		}
		if !dup {
			reps = append(reps, x)
		}
	}
	clear(w.seen)
	w.seen = w.seen[:0]
	w.class[k] = reps
	sub := w.sub[k][:0]
	for _, a := range reps {
		for _, b := range reps {
			sub = append(sub, t.among(a, b))
		}
	}
	w.sub[k] = sub
	return len(reps)
}

// width returns the largest number, or limit if smaller, of the sets
// product sets (one set per kept part) no one of which holds another. A
// greedy pick often finds limit of them at once; otherwise, by Dilworth's
// theorem, the number is that of the fewest chains covering the sets: sets
// less the largest matching of sets to sets that strictly hold them.
func (w *widthScratch) width(sets, limit int) int {
	np := len(w.kept)
	w.digit = w.digit[:0]
	for u := range sets {
		x := u // the product's index, in mixed radix: a digit per kept part
		for k := range np {
			m := len(w.class[k])
			w.digit = append(w.digit, int32(x%m))
			x /= m
		}
	}
	inside := func(u, v int) bool { // u's starts are among v's
		for k := range np {
			a, b := int(w.digit[u*np+k]), int(w.digit[v*np+k])
			if !w.sub[k][a*len(w.class[k])+b] {
				return false
			}
		}
		return true
	}
	w.anti = w.anti[:0]
	for u := range sets {
		apart := true
		for _, v := range w.anti {
			if inside(u, int(v)) || inside(int(v), u) {
				apart = false
				break
			}
		}
		if apart {
			if w.anti = append(w.anti, int32(u)); len(w.anti) >= limit {
				return limit
			}
		}
	}
	w.match = w.match[:0]
	for range sets {
		w.match = append(w.match, -1)
	}
	var augment func(u int) bool
	augment = func(u int) bool {
		for v := range sets {
			if v == u || w.mark[v] || !inside(u, v) {
				continue
			}
			w.mark[v] = true
			if w.match[v] < 0 || augment(int(w.match[v])) {
				w.match[v] = int32(u)
				return true
			}
		}
		return false
	}
	w.mark = append(w.mark[:0], make([]bool, sets)...)
	matched := 0
	for u := range sets {
		clear(w.mark)
		if augment(u) {
			matched++
		}
	}
	return min(sets-matched, limit)
}
