package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// fileConfig is what a --config file (JSON or YAML) may hold.
type fileConfig struct {
	// Families defines custom families, usable by name in --families and in
	// this file. When set and --families is not given, the run uses them.
	Families []forms.Family `json:"families"`
	// Suites maps suite names to question counts, replacing --suites and --n.
	Suites map[string]int64 `json:"suites"`
	// UseFamilies picks the families of the run by name (built-in or defined
	// above), replacing --families.
	UseFamilies []string `json:"use_families"`
}

const configExample = `families:
  - name: fruit_boxes
    refer: label
    elements:
      - kind: checkbox
        min_count: 3
        max_count: 5
        labels: list
        label_list: [apple, banana, cherry, damson, elder]
suites:
  edge_case: 300
  future_state: 600`

// loadConfig reads and validates a config file. Every error names the file,
// the field and what would fix it.
func loadConfig(path string) (*fileConfig, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("--config %s: no such file: check the path", path)
		}
		return nil, fmt.Errorf("--config %s: %w", path, err)
	}
	var c fileConfig
	if err := yaml.UnmarshalStrict(raw, &c); err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, "json: "); i >= 0 {
			msg = msg[i+len("json: "):]
		}
		msg = strings.TrimPrefix(msg, "error converting YAML to JSON: ")
		return nil, fmt.Errorf("%s: %s; fields are families, use_families and suites (see gen --help for an example)", filepath.Base(path), msg)
	}
	if len(c.Families) == 0 && len(c.Suites) == 0 && len(c.UseFamilies) == 0 {
		return nil, fmt.Errorf("%s: the file sets nothing: give families, use_families or suites, for example:\n%s", filepath.Base(path), configExample)
	}
	seen := map[string]bool{}
	for _, f := range forms.Builtins() {
		seen[f.Name] = true
	}
	for i := range c.Families {
		f := &c.Families[i]
		if err := f.Validate(); err != nil {
			return nil, fmt.Errorf("%s: families[%d]: %v", filepath.Base(path), i, err)
		}
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: families[%d]: the name %q is taken: choose another", filepath.Base(path), i, f.Name)
		}
		seen[f.Name] = true
	}
	for _, name := range c.UseFamilies {
		if !seen[name] {
			return nil, fmt.Errorf("%s: use_families: no family %q: define it under families or use a built-in one", filepath.Base(path), name)
		}
	}
	names := make([]string, 0, len(c.Suites))
	for name := range c.Suites {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := suites.Lookup(name); !ok {
			return nil, fmt.Errorf("%s: suites: unknown suite %q: choose from %s", filepath.Base(path), name, strings.Join(suites.Names(), ", "))
		}
		if c.Suites[name] <= 0 {
			return nil, fmt.Errorf("%s: suites: %s: %d questions: give a count of at least 1", filepath.Base(path), name, c.Suites[name])
		}
	}
	return &c, nil
}
