package outdir

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/formplan/formplan/layout"
)

var (
	tempRE   = regexp.MustCompile(`^\.test-(\d{5})-of-(\d{5})\.parquet\.tmp-\d+$`)
	pendRE   = regexp.MustCompile(`^\.(README\.md|croissant\.json|config\.json|utils\.py|.+\.yaml|formplan_.+\.tsv|.+\.domain\.pddl|` + regexp.QuoteMeta(manifestName) + `)\d+$`)
	tsvRE    = regexp.MustCompile(`^formplan_(.+)\.tsv$`)
	domainRE = regexp.MustCompile(`^(.+)\.domain\.pddl$`)
	cardKeep = []string{"README.md", "croissant.json"}
)

// isData reports whether name is that of a data file (layout.FileName).
func isData(name string) bool {
	_, _, ok := layout.ParseFileName(name)
	return ok
}

// survey lists, relative to dir, the files the run would not write
// (foreign: data of other suites, shard counts or flags, the exports of
// suites it does not have, and the PDDL domains of families it does not
// have) and the temporary files of killed runs
// (debris: every one when the run is alone, else those of its own shard).
// Files formplan never writes are left out of both.
func survey(dir string, r Run, alone bool) (foreign, debris []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("--out %s: %w", dir, err)
	}
	ours := fmt.Sprintf("%05d-of-%05d", r.Shard, r.Shards)
	otherData := false
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() {
			if alone && pendRE.MatchString(name) {
				debris = append(debris, name)
			}
			continue
		}
		if strings.HasPrefix(name, ".") {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, name))
		if err != nil {
			return nil, nil, fmt.Errorf("--out %s: %w", dir, err)
		}
		for _, f := range files {
			rel := filepath.Join(name, f.Name())
			switch {
			case name == "lmms-eval" && strings.HasSuffix(f.Name(), ".yaml"):
				if !slices.ContainsFunc(r.Suites, func(s string) bool {
					return strings.HasPrefix(f.Name(), s+".") || strings.HasPrefix(f.Name(), s+"_")
				}) {
					foreign = append(foreign, rel)
				}
			case name == "vlmevalkit" && tsvRE.MatchString(f.Name()):
				if !slices.Contains(r.Suites, tsvRE.FindStringSubmatch(f.Name())[1]) {
					foreign = append(foreign, rel)
				}
			case name == layout.DomainDir && domainRE.MatchString(f.Name()):
				if !slices.Contains(r.Families, domainRE.FindStringSubmatch(f.Name())[1]) {
					foreign = append(foreign, rel)
				}
			case pendRE.MatchString(f.Name()):
				if alone {
					debris = append(debris, rel)
				}
			case tempRE.MatchString(f.Name()):
				if m := tempRE.FindStringSubmatch(f.Name()); alone || m[1]+"-of-"+m[2] == ours {
					debris = append(debris, rel)
				}
			case isData(f.Name()):
				if why := r.foreignData(filepath.Join(dir, rel), name, f); why != "" {
					foreign = append(foreign, rel)
					otherData = true
				}
			}
		}
	}
	if otherData {
		// The card describes the other run's data: it goes with it.
		for _, name := range cardKeep {
			if st, err := os.Lstat(filepath.Join(dir, name)); err == nil && st.Mode().IsRegular() {
				foreign = append(foreign, name)
			}
		}
	}
	return foreign, debris, nil
}

// foreignData says why the data file at path, in suite directory suite,
// is not the run's, or "".
func (r Run) foreignData(path, suite string, f os.DirEntry) string {
	_, shards, _ := layout.ParseFileName(f.Name())
	switch {
	case !slices.Contains(r.Suites, suite):
		return "another suite"
	case shards != r.Shards:
		return "another shard count"
	case !f.Type().IsRegular():
		return "not a regular file"
	case r.FlagsOf == nil:
		return ""
	}
	key, shards, err := r.FlagsOf(path)
	switch {
	case err != nil:
		return "unreadable"
	case key != r.Key || shards != r.Shards:
		return "other flags"
	}
	return ""
}

// removeEmptyDirs removes the directories of removed files that are left
// empty.
func removeEmptyDirs(dir string, removed []string) {
	seen := map[string]bool{}
	for _, rel := range removed {
		d := filepath.Dir(rel)
		if d != "." && !seen[d] {
			seen[d] = true
			os.Remove(filepath.Join(dir, d)) // fails, as it should, when not empty
		}
	}
}
