package job

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/strictyaml"
	"github.com/formplan/formplan/suites"
)

// Config is what a --config file (JSON or YAML) may hold.
type Config struct {
	// Families defines custom families, usable by name in --families and in
	// this file. When set and --families is not given, the run uses them.
	Families []forms.Family `json:"families"`
	// Suites maps suite names to question counts, replacing --suites and --n.
	Suites map[string]int64 `json:"suites"`
	// UseFamilies picks the families of the run by name (built-in or defined
	// above), replacing --families.
	UseFamilies []string `json:"use_families"`
}

// ConfigExample is a config file as gen --help shows it.
const ConfigExample = `families:
  - name: fruit_boxes
    refer: label
    elements:
      - kind: checkbox
        min_count: 3
        max_count: 5
        labels: list
        label_list: [apple, banana, cherry, damson, elder]
        layout: column    # or row: the group side by side
suites:
  edge_case: 300
  future_state: 600`

// LoadConfig reads and validates a config file. Every error names the file,
// the field and what would fix it; a mistake in the file is a UsageError.
func LoadConfig(path string) (*Config, error) {
	raw, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	c, err := parseConfig(raw, filepath.Base(path))
	if err != nil {
		return nil, UsageError{Msg: err.Error()}
	}
	return c, nil
}

// MaxConfigBytes bounds a config file: the largest sensible one (label
// lists and text pools at their limits) is far smaller.
const MaxConfigBytes = 1 << 20

// readConfig reads a config file that must be a regular file of at most
// MaxConfigBytes, so that a device, a pipe or a huge file is refused at
// once instead of read until memory runs out.
func readConfig(path string) ([]byte, error) {
	// O_NONBLOCK: opening a named pipe must not wait for a writer; the
	// Stat below refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usagef("--config %s: no such file: check the path", path)
		}
		return nil, usagef("--config %s: %v", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("--config %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, usagef("--config %s: %s, not a regular file: give the path of a YAML or JSON file", path, fileKind(st.Mode()))
	}
	raw, err := io.ReadAll(io.LimitReader(f, MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("--config %s: %w", path, err)
	}
	if len(raw) > MaxConfigBytes {
		return nil, usagef("--config %s: larger than %d KiB: a config holds families and counts only; check the path", path, MaxConfigBytes>>10)
	}
	return raw, nil
}

// parseConfig decodes and validates a config file's bytes; name is how
// errors call the file.
func parseConfig(raw []byte, name string) (*Config, error) {
	var c Config
	if err := strictyaml.Unmarshal(raw, &c); err != nil {
		var e *strictyaml.Error
		if !errors.As(err, &e) {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		// file:line: key: what is wrong, as compilers say it.
		at := name
		if e.Line > 0 {
			at += ":" + strconv.Itoa(e.Line)
		}
		if e.Path != "" {
			at += ": " + e.Path
		}
		return nil, fmt.Errorf("%s: %s", at, e.Msg)
	}
	if len(c.Families) == 0 && len(c.Suites) == 0 && len(c.UseFamilies) == 0 {
		return nil, fmt.Errorf("%s: the file sets nothing: give families, use_families or suites (gen --help shows an example)", name)
	}
	seen := map[string]bool{}
	for _, f := range forms.Builtins() {
		seen[f.Name] = true
	}
	for i := range c.Families {
		f := &c.Families[i]
		if err := f.Validate(); err != nil {
			return nil, fmt.Errorf("%s: families[%d]: %v", name, i, err)
		}
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: families[%d]: the name %q is taken: choose another", name, i, f.Name)
		}
		seen[f.Name] = true
	}
	for _, fam := range c.UseFamilies {
		if !seen[fam] {
			return nil, fmt.Errorf("%s: use_families: no family %q: define it under families or use a built-in one", name, fam)
		}
	}
	names := make([]string, 0, len(c.Suites))
	for suite := range c.Suites {
		names = append(names, suite)
	}
	sort.Strings(names)
	for _, suite := range names {
		if s, ok := suites.Lookup(suite); !ok || s.Paired {
			return nil, fmt.Errorf("%s: suites: unknown suite %q: choose from %s", name, suite, strings.Join(suites.Drawn(), ", "))
		}
		if n := c.Suites[suite]; n <= 0 || n > MaxN {
			return nil, fmt.Errorf("%s: suites: %s: %d questions: give a count of at least 1 and at most %d", name, suite, n, int64(MaxN))
		}
	}
	return &c, nil
}

// fileKind names what a file that is not a regular file is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
