package job

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
)

// RunKey identifies a run's content for outdir: the generator version and
// the content flags (Run.ContentFlags).
func RunKey(version, flags string) string { return "formplan " + version + " " + flags }

// FileKey reads the run key and shard count the data file at path was
// written with.
func FileKey(path string) (string, int, error) {
	r, err := dataset.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer r.Close()
	return KeyOf(r, path)
}

// KeyOf returns the run key and shard count of the data file r, opened
// from path.
func KeyOf(r *dataset.Reader, path string) (string, int, error) {
	flags, _ := r.Metadata(layout.FlagsKey)
	v, _ := r.Metadata(layout.VersionKey)
	shard, _ := r.Metadata(layout.ShardKey)
	_, n, _ := strings.Cut(shard, "/")
	shards, err := strconv.Atoi(n)
	if err != nil {
		return "", 0, fmt.Errorf("%s: no shard count in its metadata", path)
	}
	return RunKey(v, flags), shards, nil
}
