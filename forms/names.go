package forms

// Names returns the names of fams, in their order.
func Names(fams []Family) []string {
	names := make([]string, len(fams))
	for i, f := range fams {
		names[i] = f.Name
	}
	return names
}
