package score

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/suites"
)

// Question is what scoring needs of one dataset row.
type Question struct {
	ID          string
	Index       int64 // within the suite
	Suite       string
	Family      string
	Horizon     int
	Answer      string // a letter, or Yes or No
	Options     Options
	Labels      []string // per option: "correct" or what is wrong with it
	ImageNeeded bool
	GroupID     string
	// VariantGroup is the id of the first row of the question's variant
	// group (gen --variants), or "".
	VariantGroup string
	Order        string // temporal_order: earlier_first or later_first
	Format       string // temporal_order: mcq or free
	Protocol     string // "" or paper
	// Scoring is how its suite judges a reply (ByLetter for a suite the
	// registry does not know).
	Scoring suites.Scoring
	// Pos is the question's place in its Dataset's Order.
	Pos int
	// Paired says another row of the dataset shares GroupID: the same
	// item asked another way (--protocol paper asks temporal_order both
	// ways round).
	Paired bool
	// Open is set for the rows of an open-ended suite, whose replies are
	// plans or actions judged by the simulator.
	Open *OpenRow
	// PairID links a planning row and its perception probes (gen
	// --probes): on both, the planning row's own id; "" elsewhere.
	PairID string
}

// Dataset is the questions of a dataset directory, by id, in file order.
type Dataset struct {
	ByID  map[string]*Question
	Order []*Question
	// BySuite holds each suite's questions by index, as the harnesses that
	// number rows within a suite name them.
	BySuite map[string]map[int64]*Question
}

// Load reads the questions of every data file of dir (layout.Scan), without
// pictures or prompts.
func Load(dir string) (*Dataset, error) {
	files, err := layout.Scan(dir)
	if err != nil {
		return nil, fmt.Errorf("score: %w", err)
	}
	d := NewDataset()
	for _, f := range files.Files() {
		if err := d.read(f.Path); err != nil {
			return nil, err
		}
	}
	d.Pair()
	return d, nil
}

// NewDataset returns a Dataset without questions, for AddRow to fill and
// Pair to finish: a caller that reads the whole rows anyway (gen serve
// --dataset) builds it from them, reading each file once.
func NewDataset() *Dataset {
	return &Dataset{ByID: map[string]*Question{}, BySuite: map[string]map[int64]*Question{}}
}

// AddRow adds the question of row, a whole row of the data file at path,
// as Load would read it: after the questions before it, its open-ended
// click boxes included.
func (d *Dataset) AddRow(path string, row *dataset.Row) error {
	s := dataset.Summary{ID: row.ID, Index: row.Index, Suite: row.Suite, Family: row.Family, Horizon: row.Horizon,
		Question: row.Question, Choices: row.Choices, Answer: row.Answer, ImageWidth: row.ImageWidth, Metadata: row.Metadata,
		ImageNeeded: row.ImageNeeded, GroupID: row.GroupID, VariantGroup: row.VariantGroup, OptionLabels: row.OptionLabels}
	s.PairID = row.PairID
	q, err := d.add(path, &s)
	if err != nil || q.Open == nil {
		return err
	}
	if err := q.Open.setBoxes(row.Boxes); err != nil {
		return fmt.Errorf("score: %s: row %s: %w", path, row.ID, err)
	}
	return nil
}

// Pair sets each question's Paired, once every question is in.
func (d *Dataset) Pair() {
	groups := map[string]int{}
	for _, q := range d.Order {
		if q.GroupID != "" {
			groups[q.GroupID]++
		}
	}
	for _, q := range d.Order {
		q.Paired = groups[q.GroupID] > 1
	}
}

func (d *Dataset) read(path string) error {
	r, err := dataset.Open(path)
	if err != nil {
		return fmt.Errorf("score: %w", err)
	}
	defer r.Close()
	batch := make([]dataset.Summary, 256)
	open := false // whether the file holds open-ended rows, whose click points need the boxes
	for {
		n, err := r.ReadSummaries(batch)
		for i := range batch[:n] {
			q, qerr := d.add(path, &batch[i])
			if qerr != nil {
				return qerr
			}
			open = open || q.Open != nil
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("score: %w", err)
		}
	}
	if !open {
		return nil
	}
	return d.readBoxes(path)
}

// add adds the question of the row s of the file at path, after those
// before it.
func (d *Dataset) add(path string, s *dataset.Summary) (*Question, error) {
	q, err := fromSummary(s)
	if err != nil {
		return nil, fmt.Errorf("score: %s: row %s: %w", path, s.ID, err)
	}
	if _, dup := d.ByID[q.ID]; dup {
		return nil, fmt.Errorf("score: %s: id %s appears twice in the dataset", path, q.ID)
	}
	idx := d.BySuite[q.Suite]
	if idx == nil {
		idx = map[int64]*Question{}
		d.BySuite[q.Suite] = idx
	}
	if _, dup := idx[q.Index]; dup {
		return nil, fmt.Errorf("score: %s: index %d appears twice in suite %s", path, q.Index, q.Suite)
	}
	d.ByID[q.ID] = q
	q.Pos = len(d.Order)
	d.Order = append(d.Order, q)
	idx[q.Index] = q
	return q, nil
}

// readBoxes records, for the open-ended rows of the file at path, the
// boxes of their screenshots: a second pass over the boxes column alone,
// which the other suites never read.
func (d *Dataset) readBoxes(path string) error {
	r, err := dataset.Open(path)
	if err != nil {
		return fmt.Errorf("score: %w", err)
	}
	defer r.Close()
	batch := make([]dataset.RowBoxes, 256)
	for {
		n, err := r.ReadBoxes(batch)
		for _, b := range batch[:n] {
			if q := d.ByID[b.ID]; q != nil && q.Open != nil {
				if berr := q.Open.setBoxes(b.Boxes); berr != nil {
					return fmt.Errorf("score: %s: row %s: %w", path, b.ID, berr)
				}
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("score: %w", err)
		}
	}
}

// fromSummary converts a row summary.
func fromSummary(s *dataset.Summary) (*Question, error) {
	var m struct {
		Order    string `json:"order"`
		Format   string `json:"format"`
		Protocol string `json:"protocol"`
	}
	if err := json.Unmarshal([]byte(s.Metadata), &m); err != nil {
		return nil, fmt.Errorf("metadata: %w", err)
	}
	q := &Question{ID: s.ID, Suite: s.Suite, Family: s.Family, Answer: s.Answer, GroupID: s.GroupID, VariantGroup: s.VariantGroup,
		Labels: s.OptionLabels, Order: m.Order, Format: m.Format, Protocol: m.Protocol}
	q.PairID = s.PairID
	if s.Index != nil {
		q.Index = *s.Index
	}
	if s.Horizon != nil {
		q.Horizon = int(*s.Horizon)
	}
	if s.ImageNeeded != nil {
		q.ImageNeeded = *s.ImageNeeded
	}
	su, known := suites.Lookup(s.Suite)
	q.Scoring = su.Scoring
	q.Options = Options{Choices: s.Choices, YesNo: su.Scoring == suites.ByYesNo}
	if known && su.Open {
		o, err := openRow(s.Metadata, su.Scoring)
		if err != nil {
			return nil, err
		}
		q.Open = o
	}
	return q, nil
}
