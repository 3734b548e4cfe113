package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"reflect"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
)

// MaxScale is the largest scale column Dir accepts, as gen --scale does: a
// picture is at most formview.MaxWidth x formview.MaxHeight times MaxScale
// pixels, which bounds the memory a decoded picture takes.
const MaxScale = 4

// pictureSize returns the size in pixels of a form picture at scale, as the
// renderer makes it: each CSS size times the scale, rounded, where the
// product must be a whole number of pixels. ok is false for a scale out of
// (0, MaxScale] or one that gives a fraction of a pixel.
func pictureSize(scale float64) (w, h int, ok bool) {
	if !(scale > 0 && scale <= MaxScale) {
		return 0, 0, false
	}
	w, wholeW := render.Pixels(formview.Width, scale)
	h, wholeH := render.Pixels(formview.Height, scale)
	if !wholeW || !wholeH {
		return 0, 0, false
	}
	return w, h, true
}

// grownSize reports whether n pixels is a side a picture may have at
// scale: least pixels (the side of MiniWoB's picture, css CSS px), or more
// in steps of formview.GrowStep CSS px up to most CSS px.
func grownSize(n int64, least, css, most int, scale float64) bool {
	if n == int64(least) {
		return true
	}
	for c := css + formview.GrowStep; c <= most; c += formview.GrowStep {
		if n == int64(px(c, scale)) {
			return true
		}
	}
	return false
}

// px returns css CSS px in pixels at scale, rounded.
func px(css int, scale float64) int {
	n, _ := render.Pixels(css, scale)
	return n
}

// picture is one picture column of a row: its name, its place in what
// checkImages returns (0 for image, 1 for image_2) and its bytes.
type picture struct {
	col   string
	slot  int
	bytes []byte
}

// rowPictures returns the picture columns a row has, image first.
func rowPictures(row *dataset.Row) []picture {
	var out []picture
	if row.Image != nil && row.Image.Bytes != nil {
		out = append(out, picture{"image", 0, row.Image.Bytes})
	}
	if row.Image2 != nil && row.Image2.Bytes != nil {
		out = append(out, picture{"image_2", 1, row.Image2.Bytes})
	}
	return out
}

// shot is what checkImages found of one picture column.
type shot struct {
	// sized is whether the picture's PNG header declares image_width x
	// image_height, and that is the size of a form picture at the row's
	// scale: only then is it decoded.
	sized bool
	img   image.Image // the decoded picture; nil when absent, not sized or not decoding
}

// checkImages checks the picture columns: none, or every picture the suite
// needs, each a PNG of the recorded size, which must be the size of a form
// picture at the row's scale. Only a picture whose header declares that
// size is decoded, so a file declaring a huge picture costs nothing. It
// returns what it found of each picture, image first.
func checkImages(row *dataset.Row, st *suiteState, p *problems) [2]shot {
	var out [2]shot
	need := 1
	if st.known && st.su.Pictures == 2 {
		need = 2
	}
	has1 := row.Image != nil && row.Image.Bytes != nil
	has2 := row.Image2 != nil && row.Image2.Bytes != nil
	if !has1 && !has2 {
		if row.ImageWidth != 0 || row.ImageHeight != 0 {
			p.addf("image_width x image_height is %d x %d but the row has no image", row.ImageWidth, row.ImageHeight)
		}
		return out
	}
	switch {
	case need == 2 && has1 != has2:
		p.addf("only one of the two pictures is present (image %v, image_2 %v)", has1, has2)
	case need == 1 && has2:
		p.addf("image_2 is set, but %s has one picture", st.name)
	case need == 1 && !has1:
		p.addf("image is null but image_2 is set")
	}
	w, h, ok := pictureSize(row.Scale)
	switch {
	case !ok:
		p.addf("scale %g: want a number above 0 and at most %d that gives whole pixels", row.Scale, MaxScale)
	case !grownSize(row.ImageWidth, w, formview.Width, formview.MaxWidth, row.Scale) || !grownSize(row.ImageHeight, h, formview.Height, formview.MaxHeight, row.Scale):
		p.addf("image_width x image_height is %d x %d, but a form picture at scale %g is %d x %d, or larger in steps of %g pixels up to %d x %d",
			row.ImageWidth, row.ImageHeight, row.Scale, w, h, formview.GrowStep*row.Scale, px(formview.MaxWidth, row.Scale), px(formview.MaxHeight, row.Scale))
		ok = false
	}
	if has1 {
		out[0] = checkPNG("image", row.Image.Bytes, row.ImageWidth, row.ImageHeight, ok, p)
	}
	if has2 {
		out[1] = checkPNG("image_2", row.Image2.Bytes, row.ImageWidth, row.ImageHeight, ok, p)
	}
	return out
}

// checkPNG reads the header of the PNG b, compares the size it declares
// with w x h, and decodes it only when it matches and decode is true (w x h
// is the size the scale gives, so memory is bounded whatever b declares).
func checkPNG(col string, b []byte, w, h int64, decode bool, p *problems) shot {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		p.addf("%s does not decode as PNG: %v", col, err)
		return shot{}
	}
	if int64(cfg.Width) != w || int64(cfg.Height) != h {
		p.addf("%s is %d x %d pixels, but image_width x image_height is %d x %d", col, cfg.Width, cfg.Height, w, h)
		return shot{}
	}
	if !decode {
		return shot{}
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		p.addf("%s does not decode as PNG: %v", col, err)
		return shot{sized: true}
	}
	return shot{sized: true, img: img}
}

// boxesColumn is the JSON of the boxes column, as generate writes it.
type boxesColumn struct {
	Pictures [][]formview.Box  `json:"pictures"`
	Steps    [][]formview.Step `json:"steps"`
}

// boxesColumn returns the row's boxes column decoded, decoding it the first
// time only: checkBoxes and the re-rendering both read it.
func (c *checked) boxesColumn(row *dataset.Row) (*boxesColumn, error) {
	if !c.boxesRead {
		c.boxesRead = true
		c.boxesErr = json.Unmarshal([]byte(row.Boxes), &c.boxes)
	}
	return &c.boxes, c.boxesErr
}

// checkBoxes checks the boxes column of a row with pictures, as c decodes
// it, against its metadata and picture size: per picture, one box per
// element in form order with its id, kind and name, inside the picture, one
// below the other, with norm the pixels divided by the picture size; per
// plan, the steps formview.Steps gives on the first picture's boxes. It
// returns the boxes of each picture, or nil for a picture whose boxes are
// unusable.
func checkBoxes(row *dataset.Row, m *question.Meta, c *checked, npics int, p *problems) [][]formview.Box {
	bc, err := c.boxesColumn(row)
	if err != nil {
		p.addf("boxes does not decode: %v", err)
		return nil
	}
	if len(bc.Pictures) != npics {
		p.addf("boxes has %d pictures, but the row has %d", len(bc.Pictures), npics)
		return nil
	}
	f := &m.Form
	W, H := float64(row.ImageWidth), float64(row.ImageHeight)
	out := make([][]formview.Box, npics)
	for k, bs := range bc.Pictures {
		if why := boxesProblem(m, bs, W, H); why != "" {
			p.addf("boxes of picture %d: %s", k+1, why)
			continue
		}
		out[k] = bs
	}
	if out[0] == nil {
		return out
	}
	if len(bc.Steps) != len(m.Plans) {
		p.addf("boxes has steps for %d plans, but the row has %d plans", len(bc.Steps), len(m.Plans))
		return out
	}
	for j, plan := range m.Plans {
		if want := formview.Steps(f, plan, out[0]); !reflect.DeepEqual(normSteps(bc.Steps[j]), normSteps(want)) {
			p.addf("boxes steps of plan %d are not its targets and click points on picture 1", j+1)
		}
	}
	return out
}

// normSteps makes nil and empty step lists compare equal.
func normSteps(s []formview.Step) []formview.Step {
	if len(s) == 0 {
		return nil
	}
	return s
}

// boxesProblem says what is wrong with the boxes of one W x H picture of
// a row's form, or "".
func boxesProblem(m *question.Meta, bs []formview.Box, W, H float64) string {
	f := &m.Form
	if len(bs) != len(f.Elements) {
		return fmt.Sprintf("%d boxes for %d elements", len(bs), len(f.Elements))
	}
	// Lines go down the picture: an element that starts a line starts
	// below every line before; one that follows in its group's row
	// starts right of the element before it, below the lines before.
	bottom, lineBottom, right := math.Inf(-1), math.Inf(-1), math.Inf(-1)
	for i, b := range bs {
		e := &f.Elements[i]
		if b.ID != e.ID || b.Kind != e.Kind.String() {
			return fmt.Sprintf("box %d is %s (%s), want %s (%s)", i+1, b.ID, b.Kind, e.ID, e.Kind)
		}
		if name := f.Name(f.RefOf(i)); b.Name != name {
			return fmt.Sprintf("box of %s names it %q, want %q", e.ID, b.Name, name)
		}
		x, y, w, h := b.Pixels[0], b.Pixels[1], b.Pixels[2], b.Pixels[3] // JSON has no NaN or infinity
		if !b.Inside(W, H) {
			return fmt.Sprintf("box of %s, %g x %g at (%g, %g), is not inside the %g x %g picture", e.ID, w, h, x, y, W, H)
		}
		if !f.SharesRow(i) {
			bottom = max(bottom, lineBottom)
			lineBottom, right = math.Inf(-1), math.Inf(-1)
		}
		if y < bottom-formview.BoxSlack {
			return fmt.Sprintf("box of %s starts at y %g, above the bottom %g of the line before", e.ID, y, bottom)
		}
		if x < right-formview.BoxSlack {
			return fmt.Sprintf("box of %s starts at x %g, left of the right edge %g of the box before it in its row", e.ID, x, right)
		}
		lineBottom, right = max(lineBottom, y+h), x+w
		norm := [4]float64{x / W, y / H, w / W, h / H}
		for c := range norm {
			if math.Abs(norm[c]-b.Norm[c]) > 1e-6 {
				return fmt.Sprintf("box of %s: norm %v is not its pixels over the picture size, %v", e.ID, b.Norm, norm)
			}
		}
	}
	return ""
}
