package layout

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
)

// Glob is the pattern of a suite's data file names, as a dataset card's
// data_files give them to Hugging Face datasets: "<suite>/" + Glob.
const Glob = "test-*.parquet"

// FileName returns the name of the file of shard k of shards of a suite:
// test-0000K-of-0000N.parquet. Shards 0 means 1.
func FileName(k, shards int) string {
	return fmt.Sprintf("test-%05d-of-%05d.parquet", k, max(shards, 1))
}

// FilePath returns where shard k of shards of a suite goes, in the layout
// Hugging Face datasets reads as one split: <out>/<suite>/FileName(k, shards).
func FilePath(out, suite string, k, shards int) string {
	return filepath.Join(out, suite, FileName(k, shards))
}

// ParseFileName returns the shard k of shards that the data file at path
// holds, as FileName names it, and whether its base name is such a name at
// all. It checks only the name's form: k may be out of range.
func ParseFileName(path string) (k, shards int, ok bool) {
	m := fileRE.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0, 0, false
	}
	k, _ = strconv.Atoi(m[1])
	shards, _ = strconv.Atoi(m[2])
	return k, shards, true
}

// fileRE matches the name of a data file, as FileName writes it.
var fileRE = regexp.MustCompile(`^test-(\d{5})-of-(\d{5})\.parquet$`)

// DomainDir is the folder of a dataset directory that holds the PDDL
// domain of every family of the run.
const DomainDir = "pddl"

// DomainPath returns where the PDDL domain of a family goes:
// <out>/pddl/<family>.domain.pddl.
func DomainPath(out, family string) string {
	return filepath.Join(out, DomainDir, family+".domain.pddl")
}
