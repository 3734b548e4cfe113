package suites

// Asked returns how many of the first n rows of suite s under sp sit in
// the cell of the family called family at horizon h: the rows Build
// places there (a family and horizon of a mix part count in every part
// that has them).
func (s *Suite) Asked(sp *Spec, n int64, family string, h int) int64 {
	unit := int64(1)
	if sp.Protocol == Paper {
		unit = int64(max(s.Group, 1))
	}
	groups := n / unit
	whole := sp.horizons()
	var total int64
	// count adds the cell's share of m groups of family fi that cycle
	// through the horizons of r.
	count := func(fi int, m int64, r Range) {
		if m <= 0 || sp.Families[fi].Name != family {
			return
		}
		hs := sp.cycleOf(fi, r)
		if s.NoHorizon {
			hs = []int{0}
		}
		l := int64(len(hs))
		for j, x := range hs {
			if x == h {
				total += m / l
				if int64(j) < m%l {
					total++
				}
			}
		}
	}
	if sp.Mix == nil {
		nf := int64(len(sp.Families))
		for fi := range sp.Families {
			m := groups / nf
			if int64(fi) < groups%nf {
				m++
			}
			count(fi, m, whole)
		}
		return total * unit
	}
	rest := groups
	for k, p := range sp.Mix {
		m := min(p.Count/unit, rest)
		if k == len(sp.Mix)-1 {
			m = rest // the last part takes every index past the others
		}
		r := whole
		if p.Horizon.Min > 0 {
			r = p.Horizon
		}
		count(p.Family, m, r)
		rest -= m
	}
	return total * unit
}
