package textonly

// byWant returns a ranking of the wants by key.
func byWant(key func(v *OpenView, k int) float64) func(v *OpenView) []float64 {
	return func(v *OpenView) []float64 {
		out := make([]float64, len(v.Goal.Wants))
		for k := range out {
			out[k] = key(v, k)
		}
		return out
	}
}

// Open lists surface readers of an open-ended question: orders of the
// task's wants that the words alone give.
var Open = []OpenReader{
	{"first wants", byWant(func(v *OpenView, k int) float64 { return -float64(k) })},
	{"last wants", byWant(func(v *OpenView, k int) float64 { return float64(k) })},
	{"wanted checked or selected first", byWant(func(v *OpenView, k int) float64 { return float64(v.Goal.Wants[k].Value.N) })},
	{"by element kind", byWant(func(v *OpenView, k int) float64 { return float64(v.Goal.Wants[k].Target.Kind) })},
}
