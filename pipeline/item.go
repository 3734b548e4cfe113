package pipeline

import (
	"encoding/binary"
	"hash/crc32"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// Item identifies what a row puts before a model: its two prompts and its
// pictures. Two rows with the same prompts and pictures have the same
// Item. It is a checksum of them, so two rows that differ share an Item
// only by a coincidence, with odds of about 2^-64 a pair; the checksum
// does not depend on the process, so such a coincidence is the same in
// every run, and costs no more than a row drawn again that need not be.
type Item uint64

// ItemOf returns the Item of q: the CRC-32 (IEEE) and CRC-32C of the
// prompts and of what each picture shows, as formview draws it: the task
// in the bar, and every element in form order with its kind, label,
// layout, whether it is disabled, and its value. A slider shows its value
// printed and its handle at (value-min)/(max-min) of the track, so two
// sliders of other ranges at the same value and place look the same
// (0..10 and -10..10 both at 10); a text box is as wide as its form's
// longest text needs. What a picture does not show (ids, ordinals, the
// family's name, the text vocabulary but for its widest word) is left
// out. Each CRC tells apart any two views of one length that differ
// within 32 bits, as two prompts one letter apart do; the IEEE one is
// computed with carry-less multiplication and the other in hardware, so
// the checksums of a row's few kB take well under a microsecond.
func ItemOf(q *question.Question) Item {
	v := viewPool.Get().(*itemView)
	v.b = v.b[:0]
	v.str(q.PromptInstruct)
	v.str(q.PromptCoT)
	v.str(q.Task)
	f := &q.Meta.Form
	widest := formview.WidestText(f)
	v.num(int64(len(q.Meta.Pictures)))
	for _, s := range q.Meta.Pictures {
		v.picture(f, s, widest)
	}
	it := Item(crc32.ChecksumIEEE(v.b))<<32 | Item(crc32.Checksum(v.b, castagnoli))
	viewPool.Put(v)
	return it
}

// castagnoli is the table of CRC-32C, which amd64 and arm64 compute in
// hardware.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// itemView gathers the bytes an Item is the checksum of; every part is
// length-prefixed or of fixed size, so no two views run together alike.
type itemView struct{ b []byte }

// viewPool keeps the views' buffers, a few kB each, for the next row.
var viewPool = sync.Pool{New: func() any { return &itemView{b: make([]byte, 0, 8192)} }}

func (v *itemView) num(n int64) { v.b = binary.AppendVarint(v.b, n) }

func (v *itemView) str(s string) {
	v.num(int64(len(s)))
	v.b = append(v.b, s...)
}

func (v *itemView) flag(on bool) {
	if on {
		v.b = append(v.b, 1)
	} else {
		v.b = append(v.b, 0)
	}
}

// picture adds what state s of f looks like; widest is the width of f's
// longest text (formview.WidestText).
func (v *itemView) picture(f *forms.Form, s statesim.State, widest float64) {
	v.num(int64(len(f.Elements)))
	for i := range f.Elements {
		e := &f.Elements[i]
		v.num(int64(e.Kind))
		v.str(e.Label)
		v.flag(e.Layout == forms.LayoutRow)
		v.flag(f.SharesRow(i))
		v.flag(statesim.Enabled(f, s, i))
		switch e.Kind {
		case forms.Checkbox, forms.Radio:
			v.flag(s[i].N == 1)
		case forms.Slider:
			v.num(int64(s[i].N))
			num, den := position(e, s[i].N)
			v.num(num)
			v.num(den)
		case forms.TextBox:
			v.str(s[i].S)
			v.num(int64(formview.TextBoxWidth(widest, e.Layout)))
		}
	}
}

// position returns where slider e's handle stands at value n, as the
// fraction num/den of its track in lowest terms.
func position(e *forms.Element, n int) (num, den int64) {
	num, den = int64(n-e.Min), int64(e.Max-e.Min)
	a, b := max(num, -num), den
	for b != 0 {
		a, b = b, a%b
	}
	if a <= 0 || den <= 0 {
		return 0, 1
	}
	return num / a, den / a
}
