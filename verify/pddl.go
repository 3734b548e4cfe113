package verify

import (
	"fmt"
	"io"
	"os"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pddl"
	"github.com/formplan/formplan/pddl/interp"
	"github.com/formplan/formplan/question"
)

// maxDomainBytes bounds the size of a domain file read: the domains gen
// writes are a few kilobytes.
const maxDomainBytes = 1 << 20

// domains reads the PDDL domain of each family of a dataset from
// <dir>/pddl/<family>.domain.pddl once, for every row of the family.
type domains struct {
	dir    string
	family map[string]*domainFile
}

// domainFile is one domain file as read: its text and parse, or why it
// cannot be used.
type domainFile struct {
	text string
	d    *interp.Domain
	err  error
}

func newDomains(dir string) *domains { return &domains{dir: dir, family: map[string]*domainFile{}} }

// get returns the domain file of a family, reading and parsing it the
// first time.
func (ds *domains) get(family string) *domainFile {
	if df, ok := ds.family[family]; ok {
		return df
	}
	df := &domainFile{}
	ds.family[family] = df
	path := layout.DomainPath(ds.dir, family)
	raw, err := readDomain(path)
	switch {
	case err != nil:
		df.err = fmt.Errorf("its PDDL domain: %w", err)
	case len(raw) > maxDomainBytes:
		df.err = fmt.Errorf("its PDDL domain %s is larger than %d bytes", path, maxDomainBytes)
	default:
		df.text = string(raw)
		if df.d, err = interp.ParseDomain(df.text); err != nil {
			df.err = fmt.Errorf("its PDDL domain %s: %w", path, err)
		}
	}
	return df
}

// readDomain reads the domain file at path, which must be a regular file:
// at most maxDomainBytes+1 bytes of it, so a longer file shows as one.
func readDomain(path string) ([]byte, error) {
	if err := regularFile(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxDomainBytes+1))
}

// checkPDDL checks a row's PDDL: its family's domain file is the domain of
// the row's form, problem_pddl is the problem of its metadata, and, under
// pddl/interp, which knows nothing of forms, each plans_pddl entry is
// valid exactly when metadata.valid says, ends in its recorded final state
// and meets the goal exactly when the simulator's run does.
func (ds *domains) checkPDDL(row *dataset.Row, suite string, m *question.Meta, p *problems) {
	if row.ProblemPDDL == "" {
		p.addf("problem_pddl is empty")
		return
	}
	if row.Index != nil {
		want, err := pddl.Problem(m, pddl.ProblemName(suite, *row.Index))
		switch {
		case err != nil:
			p.addf("no PDDL problem can be written for the metadata: %v", err)
		case row.ProblemPDDL != want:
			p.addf("problem_pddl is not the PDDL problem of the metadata")
		}
	}
	df := ds.get(m.Form.Family)
	switch {
	case df.err != nil:
		p.addf("family %s: %v", m.Form.Family, df.err)
		return
	case df.text != pddl.DomainOf(&m.Form):
		p.addf("%s is not the PDDL domain of the row's form", layout.DomainPath(ds.dir, m.Form.Family))
		return
	}
	if _, err := pddl.CheckRow(df.d, row.ProblemPDDL, m, row.PlansPDDL); err != nil {
		p.addf("problem_pddl and plans_pddl under the PDDL interpreter: %v", err)
	}
}
