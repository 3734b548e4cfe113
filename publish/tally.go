package publish

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Tally keeps, while a run writes its files, what the dataset card says of
// them: rows per family and horizon and per family and answer, pictures,
// the first question, and each file's size and SHA-256. [CardKept] then
// writes the card without reading the files again. The zero value is not
// ready: use [NewTally]. It is safe for concurrent use.
type Tally struct {
	dir   string
	mu    sync.Mutex
	files map[string]*keptFile // by path relative to dir, slash-separated
}

// keptFile is a file's tally and whether the file was completed.
type keptFile struct {
	t    *fileTally
	open bool // an open-ended suite: answers are not counted
	done bool // Written was called: the file is complete
}

// NewTally returns an empty tally of the files written under dir (the
// dataset directory the card is written in).
func NewTally(dir string) *Tally {
	return &Tally{dir: dir, files: map[string]*keptFile{}}
}

// rel returns path relative to the tally's directory, slash-separated, or
// "" when it is not under it.
func (k *Tally) rel(path string) string {
	r, err := filepath.Rel(k.dir, path)
	if err != nil || !filepath.IsLocal(r) {
		return ""
	}
	return filepath.ToSlash(r)
}

// Rows counts rows written to the file at path (under the tally's
// directory), in file order: rows[i] was made from qs[i]. Its signature
// is that of pipeline.Plan's Observe.
func (k *Tally) Rows(path string, qs []question.Question, rows []dataset.Row) {
	rel := k.rel(path)
	if rel == "" {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	f := k.file(rel)
	for i := range rows {
		r := &rows[i]
		sum := dataset.Summary{Family: r.Family, Horizon: r.Horizon, Answer: r.Answer, Question: r.Question, Choices: r.Choices, ImageWidth: r.ImageWidth}
		f.t.add(&sum, int64(len(qs[i].Meta.Pictures)), qs[i].Meta.Format, f.open)
	}
}

// file returns the counts of the file at rel, made empty the first time.
// The caller holds k.mu.
func (k *Tally) file(rel string) *keptFile {
	f := k.files[rel]
	if f == nil {
		f = &keptFile{t: newFileTally(rel)}
		// As scanSuite, which names the suite by its directory.
		name, _, _ := strings.Cut(rel, "/")
		if s, ok := suites.Lookup(name); ok {
			f.open = s.Open
		}
		k.files[rel] = f
	}
	return f
}

// Written records that the file at path is complete: its size and hex
// SHA-256 as written, and the seed, version and flags its metadata holds
// (the keys layout.SeedKey, layout.VersionKey and layout.FlagsKey of
// meta).
func (k *Tally) Written(path string, size int64, sha256 string, meta map[string]string) {
	rel := k.rel(path)
	if rel == "" {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	f := k.file(rel) // a file without rows has none yet
	f.t.size, f.t.sha256 = size, sha256
	f.t.seed, f.t.version, f.t.flags = meta[layout.SeedKey], meta[layout.VersionKey], meta[layout.FlagsKey]
	f.done = true
}

// lookup returns the tally of the file rel of dir if k holds a complete
// one of that directory that still has the file's size, else nil.
func (k *Tally) lookup(dir, rel string) *fileTally {
	if k == nil || filepath.Clean(dir) != filepath.Clean(k.dir) {
		return nil
	}
	k.mu.Lock()
	f := k.files[rel]
	k.mu.Unlock()
	if f == nil || !f.done {
		return nil
	}
	fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil || fi.Size() != f.t.size {
		return nil
	}
	return f.t
}

// CardKept is Card after a run that kept a Tally of the files it wrote:
// those files are not read again (a run of a million rows spends seconds
// reading and hashing them). Files the tally does not hold, or holds at
// another size, are read as Card reads them; the card is the same.
func CardKept(dir string, info Info, kept *Tally) error {
	stats, err := scanKept(dir, kept)
	if err != nil {
		return err
	}
	cj, err := croissantJSON(stats, info)
	if err != nil {
		return err
	}
	files := []outFile{
		{filepath.Join(dir, "README.md"), cardMarkdown(stats, info)},
		{filepath.Join(dir, "croissant.json"), cj},
	}
	for _, st := range stats {
		for _, v := range lmmsVariants(st) {
			files = append(files, outFile{filepath.Join(dir, lmmsDir, lmmsFile(st.name, v)), lmmsTask(st, v, info)})
		}
	}
	files = append(files, outFile{filepath.Join(dir, lmmsDir, "utils.py"), []byte(lmmsUtils)})
	for _, f := range files {
		if err := writeBytes(f.path, f.data); err != nil {
			return err
		}
	}
	return nil
}
