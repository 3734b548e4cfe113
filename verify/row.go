package verify

import (
	"encoding/json"
	"slices"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// problems collects what is wrong with one row: a rowcheck.Problems under
// a name of this package, so that its checks add to it with addf and hand
// it to a suite's check as it is (see shared).
type problems rowcheck.Problems

func (p *problems) addf(format string, args ...any) { p.shared().Addf(format, args...) }

// shared returns p as the suites' checks take it.
func (p *problems) shared() *rowcheck.Problems { return (*rowcheck.Problems)(p) }

// checked is what check decoded of a row and found well formed, which the
// re-rendering (rerender.go) takes from it rather than decode or validate
// the row again.
type checked struct {
	pics [2]shot // image and image_2, as checkImages found them
	// meta is the decoded metadata as the pictures draw it (with a look,
	// variant.Show's form and states); nil when it does not decode, or
	// its look does not fit it.
	meta   *question.Meta
	bar    string // the instruction bar's text: the task column, or as the look words it
	formOK bool   // the metadata's form is valid
	// The boxes column, once decoded (see boxesColumn).
	boxesRead bool
	boxes     boxesColumn
	boxesErr  error
}

// check returns every problem of row, which comes next in suite st, and how
// many of its pictures it probed. It keeps in c what it decoded of the row.
func (st *suiteState) check(row *dataset.Row, c *checked) (probs problems, probed int) {
	*c = checked{}
	defer func() {
		if v := recover(); v != nil {
			probs.addf("the row could not be checked: %v", v)
		}
	}()
	st.left-- // before anything can end the check
	st.checkIdentity(row, &probs)
	c.pics = checkImages(row, st, &probs)
	var m question.Meta
	if err := json.Unmarshal([]byte(row.Metadata), &m); err != nil {
		probs.addf("metadata does not decode: %v", err)
		return probs, 0
	}
	v := validate(&m)
	c.formOK = v.form == nil
	checkMeta(row, st, &m, v, &probs)
	st.domains.checkPDDL(row, st.name, &m, &probs)
	c.meta, c.bar = st.checkVariant(row, &m, v.picturesOK(), &probs)
	if c.meta != nil {
		probed = checkPictures(row, c.meta, c, v.picturesOK(), st.textWidths, &probs)
	}
	st.checkGroup(row, &m, &probs)
	return probs, probed
}

// validity is whether a row's metadata form and pictured states are well
// formed, worked out once for checkMeta, checkPictures and the
// re-rendering.
type validity struct {
	form     error   // the form's Validate error
	pictures []error // each pictured state's statesim.Validate error; nil when the form is invalid
}

func validate(m *question.Meta) validity {
	v := validity{form: m.Form.Validate()}
	if v.form == nil {
		// Labels and texts as the picture draws them: visible, distinct.
		v.form = m.Form.CheckLabels()
	}
	if v.form != nil {
		return v
	}
	v.pictures = make([]error, len(m.Pictures))
	for k, s := range m.Pictures {
		v.pictures[k] = statesim.Validate(&m.Form, s)
	}
	return v
}

// picturesOK reports whether the form and every pictured state are valid.
func (v validity) picturesOK() bool {
	return v.form == nil && !slices.ContainsFunc(v.pictures, func(err error) bool { return err != nil })
}
