package job

import (
	"slices"
	"sort"

	"github.com/formplan/formplan/preset"
	"github.com/formplan/formplan/suites"
)

// presetMix returns preset p's mix for suite over families families at
// the horizon range horizon, before the horizons are fitted: the table's
// parts, reading the paper's tasks as reading says, with counts rounded up
// to whole groups of group rows; or, for a preset of cells (CellRows),
// one part per family, CellRows at every horizon of the range.
func presetMix(p *preset.Preset, suite, reading string, group, families int, horizon suites.Range) []suites.Part {
	if p.CellRows > 0 {
		mix := make([]suites.Part, families)
		for k := range mix {
			mix[k] = suites.Part{Family: k, Count: p.CellRows * int64(horizon.Max-horizon.Min+1)}
		}
		return mix
	}
	parts, ok := p.Parts[suite]
	if !ok {
		parts = p.Parts[""]
	}
	mix := make([]suites.Part, len(parts))
	for k, part := range parts {
		fam := part.Family
		if part.Task {
			fam = p.Readings[reading][fam]
		}
		mix[k] = suites.Part{Family: fam, Count: part.Count, Horizon: part.Horizon}
		if group > 1 {
			mix[k].Count = (mix[k].Count + int64(group) - 1) / int64(group) * int64(group)
		}
	}
	return mix
}

// fittedMix returns the mix of a preset of cells once the horizons each
// family allows are known (found, as suites.Fit returns them): each part
// CellRows rows at each horizon of the range horizon its family cycles
// through, so that every family x horizon cell holds exactly CellRows.
// Other presets' mixes are returned as they are.
func fittedMix(p *preset.Preset, mix []suites.Part, found [][]int, horizon suites.Range) []suites.Part {
	if p.CellRows == 0 {
		return mix
	}
	out := slices.Clone(mix)
	for k := range out {
		fi := out[k].Family
		n := horizon.Max - horizon.Min + 1
		if fi < len(found) && found[fi] != nil {
			n = 0
			for h := horizon.Min; h <= horizon.Max; h++ {
				if slices.Contains(found[fi], h) {
					n++
				}
			}
			n = max(n, 1) // a family given the smallest horizon above the range
		}
		out[k].Count = p.CellRows * int64(n)
	}
	return out
}

// fixesHorizon reports whether preset p fixes the horizons of suite:
// whether one of its parts sets a horizon range of its own.
func fixesHorizon(p *preset.Preset, suite string) bool {
	for _, part := range p.Parts[suite] {
		if part.Horizon != (suites.Range{}) {
			return true
		}
	}
	return false
}

// readings returns preset p's readings of the paper's tasks, sorted.
func readings(p *preset.Preset) []string {
	names := make([]string, 0, len(p.Readings))
	for name := range p.Readings {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// groupOf returns how many rows of suite s ask about one item under
// protocol pr (nil: formplan's own, one row each).
func groupOf(pr *preset.Protocol, s suites.Suite) int {
	if pr == nil || !pr.Grouped {
		return 1
	}
	return max(s.Group, 1)
}

// horizonOf returns the horizon range suite s takes under protocol pr
// when the run asks for none, given the run's own: the suite's own range
// under the protocol, if it has one.
func horizonOf(pr *preset.Protocol, s suites.Suite, run suites.Range) suites.Range {
	if pr != nil && pr.OwnHorizons && s.PaperHorizon.Min > 0 {
		return s.PaperHorizon
	}
	return run
}
