// Package preview writes an HTML gallery of a generated dataset, so that a
// person can look over its questions: for each suite, a card per question
// with its picture(s), family, horizon, task, question text and options, the
// correct option marked and every distractor's error label shown.
//
// The gallery is one self-contained file. Pictures are embedded as data:
// URIs, so the page works offline and wherever the file is moved.
//
//	path, err := preview.Write(ctx, "out", preview.Options{})
//	// path is out/preview/index.html
package preview

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"image"
	_ "image/png" // DecodeConfig of the PNG pictures
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
)

// DefaultPerSuite is the number of questions shown per suite when
// Options.PerSuite is 0.
const DefaultPerSuite = 12

// NoImage is the text shown in place of the pictures of a row that has none.
const NoImage = "no image (generated with --no-images)"

// Options configures Write. The zero value gives the defaults listed with
// each field.
type Options struct {
	// PerSuite is the most questions shown per suite; 0 means
	// DefaultPerSuite. They are spread over the suite's families and, within
	// a family, over its horizons, taking the first rows of each.
	PerSuite int
	// Out is the HTML file to write; "" means <dir>/preview/index.html.
	Out string
}

//go:embed preview.html.tmpl
var pageSource string

// page is the gallery template.
var page = template.Must(template.New("preview").Parse(pageSource))

// ErrLink is wrapped by Write's error when a symbolic link stands where
// the gallery would be written inside the dataset's folder.
var ErrLink = errors.New("is a symbolic link")

// Write reads the suites of the dataset in dir (as layout.Scan finds
// them), picks up to opt.PerSuite questions of each and writes the gallery
// to one HTML file. It returns the file's path. The file is written to a temporary name first and renamed,
// so a failed run leaves no partial gallery behind.
//
// A symbolic link where the default file or its folder goes is refused,
// wrapping ErrLink.
//
// Cancelling ctx stops it between batches of rows, writing nothing.
func Write(ctx context.Context, dir string, opt Options) (path string, err error) {
	if opt.PerSuite < 0 {
		return "", fmt.Errorf("preview: %d questions per suite: use 1 or more, or 0 for %d", opt.PerSuite, DefaultPerSuite)
	}
	if opt.PerSuite == 0 {
		opt.PerSuite = DefaultPerSuite
	}
	path = opt.Out
	if path == "" {
		path = filepath.Join(dir, "preview", "index.html")
		// Inside the dataset's folder: never write through a link there.
		for _, p := range []string{filepath.Dir(path), path} {
			if st, err := os.Lstat(p); err == nil && st.Mode()&os.ModeSymlink != 0 {
				return "", fmt.Errorf("preview: %s %w where the gallery goes: remove it, or give --out", p, ErrLink)
			}
		}
	}
	found, err := findSuites(dir)
	if err != nil {
		return "", err
	}
	data := galleryData{Dir: dir, PerSuite: opt.PerSuite, NoImage: NoImage}
	for i := range found {
		if err := ctx.Err(); err != nil {
			return "", context.Cause(ctx)
		}
		s, err := readSuite(ctx, &found[i], opt.PerSuite)
		if err != nil {
			return "", err
		}
		data.Suites = append(data.Suites, s)
		data.Cards += len(s.Cards)
	}
	if err := ctx.Err(); err != nil {
		return "", context.Cause(ctx)
	}
	var buf bytes.Buffer
	if err := page.Execute(&buf, data); err != nil {
		return "", fmt.Errorf("preview: %w", err)
	}
	if err := writeFile(path, buf.Bytes()); err != nil {
		return "", err
	}
	return path, nil
}

// findSuites returns the suites of dir and their files, as layout.Scan
// finds them: sorted by name, each suite's files in shard order.
func findSuites(dir string) ([]layout.Suite, error) {
	d, err := layout.Scan(dir)
	if err != nil {
		return nil, fmt.Errorf("preview: %w", err)
	}
	return d.Suites, nil
}

// readSuite reads every row of a suite, keeping only the first rows of each
// family and horizon, and returns the suite's section of the gallery.
func readSuite(ctx context.Context, suite *layout.Suite, perSuite int) (suiteData, error) {
	var p picker
	p.limit = perSuite
	batch := make([]dataset.Row, 64)
	for _, f := range suite.Files {
		r, err := dataset.Open(f.Path)
		if err != nil {
			return suiteData{}, fmt.Errorf("preview: %w", err)
		}
		for {
			if ctx.Err() != nil {
				r.Close()
				return suiteData{}, context.Cause(ctx)
			}
			n, err := r.Read(batch)
			for k := range batch[:n] {
				p.add(batch[k])
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				r.Close()
				return suiteData{}, fmt.Errorf("preview: %w", err)
			}
		}
		if err := r.Close(); err != nil {
			return suiteData{}, fmt.Errorf("preview: %w", err)
		}
	}
	s := suiteData{Name: suite.Name, Total: p.seen, Families: p.familyNames()}
	for _, pr := range p.pick() {
		s.Cards = append(s.Cards, newCard(pr.row, pr.pos))
	}
	return s, nil
}

// posRow is a row and its position in the suite's files.
type posRow struct {
	row dataset.Row
	pos int
}

// family holds the first rows of one family, by horizon.
type family struct {
	name     string
	horizons []int64            // in order of first appearance
	rows     map[int64][]posRow // the first rows of each horizon, at most limit
}

// picker keeps the first rows of each family and horizon of a suite, in
// order of first appearance, and picks a spread of them.
type picker struct {
	limit    int
	seen     int
	families []*family
}

// add offers the next row of the suite.
func (p *picker) add(r dataset.Row) {
	pos := p.seen
	p.seen++
	i := slices.IndexFunc(p.families, func(f *family) bool { return f.name == r.Family })
	if i < 0 {
		i = len(p.families)
		p.families = append(p.families, &family{name: r.Family, rows: map[int64][]posRow{}})
	}
	f := p.families[i]
	var h int64
	if r.Horizon != nil {
		h = *r.Horizon
	}
	rows, ok := f.rows[h]
	if !ok {
		f.horizons = append(f.horizons, h)
	}
	if len(rows) < p.limit {
		f.rows[h] = append(rows, posRow{r, pos})
	}
}

// familyNames returns the families in order of first appearance.
func (p *picker) familyNames() []string {
	var names []string
	for _, f := range p.families {
		names = append(names, f.name)
	}
	return names
}

// pick returns up to limit rows in file order: round robin over the
// families and, within each family, round robin over its horizons.
func (p *picker) pick() []posRow {
	queues := make([][]posRow, len(p.families))
	for k, f := range p.families {
		queues[k] = f.spread(p.limit)
	}
	var out []posRow
	for round := 0; len(out) < p.limit; round++ {
		took := false
		for _, q := range queues {
			if round < len(q) && len(out) < p.limit {
				out = append(out, q[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	slices.SortFunc(out, func(a, b posRow) int { return cmp.Compare(a.pos, b.pos) })
	return out
}

// spread returns up to limit of the family's rows, round robin over its
// horizons.
func (f *family) spread(limit int) []posRow {
	var out []posRow
	for round := 0; len(out) < limit; round++ {
		took := false
		for _, h := range f.horizons {
			if rows := f.rows[h]; round < len(rows) && len(out) < limit {
				out = append(out, rows[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// writeFile writes b to path through a hidden temporary file in the same
// directory (internal/atomicfile), renamed into place once complete.
func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("preview: %w", err)
	}
	if err := atomicfile.WriteFile(path, b); err != nil {
		return fmt.Errorf("preview: %w", err)
	}
	return nil
}

// galleryData is what the template gets.
type galleryData struct {
	Dir      string
	PerSuite int
	Cards    int
	NoImage  string
	Suites   []suiteData
}

// suiteData is one suite's section.
type suiteData struct {
	Name     string
	Total    int      // rows in the suite
	Families []string // in order of first appearance
	Cards    []card
}

// card is one question.
type card struct {
	Index     int64 // the row's index column, or its position
	ID        string
	Family    string
	Horizon   string // "" when null
	Task      string
	Question  string
	YesNo     bool   // the answer is Yes or No rather than a letter
	Open      bool   // an open-ended question: no options, the answer a gold reply
	Answer    string // the answer column
	Options   []option
	Pictures  []picture
	Caption   string
	History   string
	ImageNeed string // "yes", "no" or ""
}

// option is one choice of a card.
type option struct {
	Letter  string // "" for Yes/No questions
	Text    string
	Correct bool
	Label   string // the error label of a distractor; "" for the correct one
}

// picture is one embedded image.
type picture struct {
	Title         string
	Src           template.URL // data: URI; "" when Problem is set
	Width, Height int          // display size in CSS px; 0 when unknown
	Problem       string       // why the bytes cannot be shown, or ""
}

// displayZoom enlarges the pictures over their CSS size so that the small
// MiniWoB forms are easy to read.
const displayZoom = 1.5

// newCard turns a row at position pos of its suite into a card.
func newCard(r dataset.Row, pos int) card {
	c := card{
		Index:    int64(pos),
		ID:       r.ID,
		Family:   r.Family,
		Task:     r.Task,
		Question: r.Question,
		Answer:   r.Answer,
		YesNo:    r.Answer == "Yes" || r.Answer == "No",
		Open:     r.Choices == nil,
	}
	if r.Index != nil {
		c.Index = *r.Index
	}
	if r.Horizon != nil {
		c.Horizon = fmt.Sprint(*r.Horizon)
	}
	if r.Caption != nil {
		c.Caption = *r.Caption
	}
	if r.History != nil {
		c.History = *r.History
	}
	if r.ImageNeeded != nil {
		c.ImageNeed = map[bool]string{true: "yes", false: "no"}[*r.ImageNeeded]
	}
	correct := -1
	if r.AnswerIdx != nil {
		correct = int(*r.AnswerIdx)
	} else if i := strings.Index(question.Letters, r.Answer); len(r.Answer) == 1 && i >= 0 {
		correct = i
	}
	for i, text := range r.Choices {
		o := option{Text: text, Correct: i == correct}
		if !c.YesNo && i < len(question.Letters) {
			o.Letter = question.Letters[i : i+1]
		}
		if i < len(r.OptionLabels) && r.OptionLabels[i] != "correct" {
			o.Label = r.OptionLabels[i]
		}
		c.Options = append(c.Options, o)
	}
	scale := r.Scale
	if scale <= 0 {
		scale = 1
	}
	for k, img := range []*dataset.Image{r.Image, r.Image2} {
		if img == nil || len(img.Bytes) == 0 {
			continue
		}
		p := newPicture(img.Bytes, scale)
		p.Title = fmt.Sprintf("Picture %d", k+1)
		c.Pictures = append(c.Pictures, p)
	}
	return c
}

// newPicture embeds an encoded image as a data: URI. Bytes that are not
// an image give a picture with Problem set and no Src.
func newPicture(b []byte, scale float64) picture {
	mime := http.DetectContentType(b)
	if !strings.HasPrefix(mime, "image/") {
		return picture{Problem: fmt.Sprintf("not an image: %d bytes of %s", len(b), mime)}
	}
	p := picture{
		// The URI is built here from base64 text, which holds nothing
		// to escape; html/template would otherwise reject data: URIs.
		Src: template.URL("data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(b)),
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(b)); err == nil {
		p.Width = int(float64(cfg.Width) / scale * displayZoom)
		p.Height = int(float64(cfg.Height) / scale * displayZoom)
	}
	return p
}
