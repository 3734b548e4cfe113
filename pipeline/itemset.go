package pipeline

// itemSet is a set of Items in one flat table of 2^k slots, open
// addressing with linear probing, at most three quarters full: 11-21
// bytes an Item, where a Go map of them takes about 38, in one allocation
// the garbage collector need not scan. The empty slot is 0, so Item 0 is
// kept apart.
type itemSet struct {
	slots []Item
	n     int  // Items in slots
	zero  bool // Item 0 is in the set
}

// minSlots is the table's size before its first growth.
const minSlots = 1 << 10

// home returns the slot where probing for it starts in a table of
// len(slots) slots: the top bits of it times 2^64 over the golden ratio,
// which spreads Items that differ in any bits.
func (s *itemSet) home(it Item) int {
	return int(uint64(it) * 0x9e3779b97f4a7c15 >> (64 - bitsOf(len(s.slots))))
}

// bitsOf returns k for n = 2^k.
func bitsOf(n int) uint {
	k := uint(0)
	for 1<<k < n {
		k++
	}
	return k
}

// has reports whether it is in the set.
func (s *itemSet) has(it Item) bool {
	if it == 0 {
		return s.zero
	}
	if len(s.slots) == 0 {
		return false
	}
	mask := len(s.slots) - 1
	for i := s.home(it); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case it:
			return true
		case 0:
			return false
		}
	}
}

// add puts it in the set.
func (s *itemSet) add(it Item) {
	if it == 0 {
		s.zero = true
		return
	}
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	if s.put(it) {
		s.n++
	}
}

// put places it in the table, which has room, and reports whether it was
// not there yet.
func (s *itemSet) put(it Item) bool {
	mask := len(s.slots) - 1
	for i := s.home(it); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case it:
			return false
		case 0:
			s.slots[i] = it
			return true
		}
	}
}

// grow doubles the table and places every Item again.
func (s *itemSet) grow() {
	old := s.slots
	s.slots = make([]Item, max(2*len(old), minSlots))
	for _, it := range old {
		if it != 0 {
			s.put(it)
		}
	}
}
