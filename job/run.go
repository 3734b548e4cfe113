package job

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/preset"
)

// Run is a validated generation: everything Execute needs, every value
// checked.
type Run struct {
	Settings
	Preset     *preset.Preset   // nil: none
	Protocol   *preset.Protocol // nil: formplan's own
	PaperTasks string
	Suites     []string
	Counts     map[string]int64 // per suite, from a config file
	Families   []forms.Family   // as the flags and config name them
	HorizonSet bool             // --horizon was given: every horizon of it must be possible
}

// families returns the families the run's questions cycle through: the
// preset's own, or those the flags and config name.
func (r *Run) families() []forms.Family {
	if r.Preset != nil && r.Preset.Families != nil {
		return r.Preset.Families
	}
	return r.Families
}

// protocolName is the run's protocol as suites.Spec holds it.
func (r *Run) protocolName() string {
	if r.Protocol == nil {
		return ""
	}
	return r.Protocol.Name
}

// ContentFlags renders the settings that decide the files' content, in a
// fixed form: output directory, workers and verbosity are left out, so they
// never change a byte of the output.
func (r *Run) ContentFlags() string {
	parts := []string{
		fmt.Sprintf("--seed %d", r.Seed),
		"--suites " + strings.Join(r.Suites, ","),
		"--families " + strings.Join(forms.Names(r.Families), ","),
		fmt.Sprintf("--n %d", r.N),
		"--horizon " + r.Horizon.String(),
		fmt.Sprintf("--choices %d", r.Choices),
	}
	if r.Preset != nil && r.Preset.CellRows > 0 {
		parts = slices.Delete(parts, 3, 4) // the preset sets the counts, not --n
	}
	if len(r.Counts) > 0 {
		var mix []string
		for _, name := range r.Suites {
			mix = append(mix, fmt.Sprintf("%s=%d", name, r.Counts[name]))
		}
		parts = append(parts, "--config-suites "+strings.Join(mix, ","))
	}
	if custom := customFamilies(r.Families); custom != "" {
		parts = append(parts, "--config-families "+custom)
	}
	if r.Preset != nil {
		parts = append(parts, "--preset "+r.Preset.Name)
		if r.PaperTasks != "appendix" {
			parts = append(parts, "--paper-tasks "+r.PaperTasks)
		}
	}
	if r.Protocol != nil {
		parts = append(parts, "--protocol "+r.Protocol.Name)
	}
	if r.Probes > 0 {
		parts = append(parts, fmt.Sprintf("--probes %d", r.Probes))
	}
	if r.Variants > 1 {
		parts = append(parts, fmt.Sprintf("--variants %d", r.Variants))
	}
	if r.NoImages {
		parts = append(parts, "--no-images")
	} else {
		parts = append(parts, fmt.Sprintf("--scale %g", r.Scale))
	}
	return strings.Join(parts, " ")
}

// customFamilies fingerprints the families that are not built in, so a
// changed config family changes the recorded flags (and --resume redoes it).
func customFamilies(fams []forms.Family) string {
	var custom []forms.Family
	for _, f := range fams {
		if b := forms.Builtin(f.Name); b == nil || !reflect.DeepEqual(*b, f) {
			custom = append(custom, f)
		}
	}
	if len(custom) == 0 {
		return ""
	}
	raw, _ := json.Marshal(custom)
	return fmt.Sprintf("sha256:%x", sha256.Sum256(raw))[:23]
}
