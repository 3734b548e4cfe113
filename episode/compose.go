package episode

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// composer puts pictures together from pictures Chromium painted, so that
// a state the browser never drew is shown without it when only boxes and
// radio buttons differ from states it drew.
//
// A layout is a page with its boxes' and radio buttons' checked marks left
// out, in one pose: everything else the picture shows is fixed in it. Its
// first picture is the base. Every control that toggles has a tile, its
// box grown to whole pixels and a pixel beyond, and the composer keeps the
// tiles painted pictures show, by the form, the control, its box, whether
// it is enabled, which element shows the focus ring, and its mark, so that
// layouts that differ only elsewhere share them (tileKey). A state of a
// layout whose every changed control's tile is known is the base with
// those tiles pasted in.
//
// That rests on what the browser does: a control's mark draws inside its
// tile, and nothing else draws differently for it. So every picture
// Chromium paints of a layout is checked against what the composer holds:
// the same boxes, the same pixels outside the tiles of the controls whose
// mark differs from the base's, and the same pixels as every tile already
// kept for a control in its state. A picture that breaks it turns
// composing off for good (Screens.Composed says why).
type composer struct {
	layouts *lru.Cache[string, *layout]
	tiles   *lru.Cache[string, []byte] // by tileKey
	off     atomic.Bool
	made    atomic.Int64
}

// layout is what a composer keeps of one layout.
type layout struct {
	mu      sync.Mutex
	off     bool // tiles overlap: never composed
	base    *image.RGBA
	pic     Picture // the base's boxes and size; its PNG is not used
	toggles []int   // indices of the form's boxes and radio buttons
	regions []image.Rectangle
	state   []bool   // the base's checked marks, by toggles
	tiles   []string // the key of each toggle's tile but its mark (tileKey)
}

// newComposer returns a composer of pictures at scale. It keeps the last
// 256 layouts at scale 1 (a base picture of 160 x 210 pixels is 134 KB)
// and the last 8,192 tiles (a box's is about 1 KB), fewer at larger
// scales: about 34 and 8 MB at any scale.
func newComposer(scale float64) *composer {
	c, err := lru.New[string, *layout](max(int(256/(scale*scale)), 8))
	if err != nil {
		panic("episode: layout cache: " + err.Error()) // the size is positive: cannot fail
	}
	t, err := lru.New[string, []byte](max(int(8192/(scale*scale)), 256))
	if err != nil {
		panic("episode: tile cache: " + err.Error()) // the size is positive: cannot fail
	}
	return &composer{layouts: c, tiles: t}
}

// tileKey is what a control's tile shows, but its mark: the form (its
// elements' ids, kinds and labels), the control, its box to the fraction
// of a pixel, whether it is enabled, and which element shows the focus
// ring (a box's ring reaches 3 px beyond it, into a close neighbour's
// tile). Layouts that differ elsewhere (a text typed, a slider moved)
// share the tile.
// form is formKey(f), which a layout's tiles share.
func tileKey(form string, f *forms.Form, s statesim.State, i int, box [4]float64, ring string) string {
	return form + fmt.Sprintf("%s %v %t %q ", f.Elements[i].ID, box, statesim.Enabled(f, s, i), ring)
}

// formKey is the form's part of tileKey: its elements' ids, kinds and
// labels.
func formKey(f *forms.Form) string {
	var b strings.Builder
	for _, el := range f.Elements {
		fmt.Fprintf(&b, "%s %d %q\n", el.ID, el.Kind, el.Label)
	}
	return b.String()
}

// layoutKey is the key of the layout of html, the page of a state, in
// pose: the page without its checked marks. The form template writes a
// box's or radio button's mark as the attribute right before the input's
// end, and a text cannot hold it: text escapes '>'.
func layoutKey(poseKey string) string { return strings.ReplaceAll(poseKey, " checked>", ">") }

// marks returns whether each of f's boxes and radio buttons is checked in
// s, and their indices.
func marks(f *forms.Form, s statesim.State) (toggles []int, on []bool) {
	for i, el := range f.Elements {
		if el.Kind == forms.Checkbox || el.Kind == forms.Radio {
			toggles = append(toggles, i)
			on = append(on, s[i].N == 1)
		}
	}
	return toggles, on
}

// compose returns the picture of state s of f in the layout key, when the
// composer holds every tile it needs.
func (c *composer) compose(key string, f *forms.Form, s statesim.State) (Picture, bool) {
	if c.off.Load() {
		return Picture{}, false
	}
	l, ok := c.layouts.Get(key)
	if !ok {
		return Picture{}, false
	}
	_, on := marks(f, s)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.off || len(on) != len(l.toggles) {
		return Picture{}, false
	}
	tiles := make([][]byte, len(on))
	for k := range on {
		if on[k] == l.state[k] {
			continue // as in the base
		}
		t, ok := c.tiles.Get(l.tiles[k] + mark(on[k]))
		if !ok {
			return Picture{}, false
		}
		tiles[k] = t
	}
	img := &image.RGBA{Pix: slices.Clone(l.base.Pix), Stride: l.base.Stride, Rect: l.base.Rect}
	for k, r := range l.regions {
		if tiles[k] != nil {
			paste(img, r, tiles[k])
		}
	}
	pic := l.pic
	pic.PNG = render.EncodePNG(img)
	c.made.Add(1)
	return pic, true
}

// learn takes in pic, which Chromium painted of state s of f in the layout
// key: the base of a new layout, or a check of the layout and tiles of the
// controls in their states. It returns an error when pic breaks what
// composing rests on; composing is then off.
func (c *composer) learn(key string, f *forms.Form, s statesim.State, ring string, pic Picture) error {
	if c.off.Load() {
		return nil
	}
	img, err := render.DecodePNG(pic.PNG)
	if err != nil {
		return c.fail(fmt.Errorf("decode a painted picture: %w", err))
	}
	toggles, on := marks(f, s)
	l, ok := c.layouts.Get(key)
	if !ok {
		l = newLayout(img, pic, f, s, ring, toggles, on)
		c.layouts.Add(key, l)
		return c.keep(l, img, on, f)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.off {
		return nil
	}
	if !slices.Equal(toggles, l.toggles) || img.Rect != l.base.Rect || !slices.Equal(pic.Boxes, l.pic.Boxes) {
		return c.fail(fmt.Errorf("a painted picture of one layout moved its boxes"))
	}
	var differ []image.Rectangle
	for k := range on {
		if on[k] != l.state[k] {
			differ = append(differ, l.regions[k])
		}
	}
	if p, ok := outsideDiff(img, l.base, differ); !ok {
		return c.fail(fmt.Errorf("a painted picture differs from its layout's base at %v, outside the tiles of the controls that changed", p))
	}
	return c.keep(l, img, on, f)
}

// keep takes in the tiles of img, a picture of layout l whose controls are
// checked as on says: it is an error when one differs from the tile of the
// same control in the same state kept before.
func (c *composer) keep(l *layout, img *image.RGBA, on []bool, f *forms.Form) error {
	if l.off {
		return nil
	}
	for k, r := range l.regions {
		tile := cut(img, r)
		key := l.tiles[k] + mark(on[k])
		if have, ok := c.tiles.Get(key); ok {
			if !bytes.Equal(have, tile) {
				return c.fail(fmt.Errorf("a painted picture draws control %s differently in the same state", f.Elements[l.toggles[k]].ID))
			}
			continue
		}
		c.tiles.Add(key, tile)
	}
	return nil
}

// mark is the end of a tile's key: the control's mark.
func mark(on bool) string {
	if on {
		return "checked"
	}
	return "unchecked"
}

// fail turns composing off and returns err.
func (c *composer) fail(err error) error {
	c.off.Store(true)
	return fmt.Errorf("episode: composing pictures is off: %w", err)
}

// newLayout starts the layout of a painted picture img (pic) of state s
// of f, with the focus ring on element ring ("" for none), whose boxes and
// radio buttons, f's elements toggles, are checked as on says.
func newLayout(img *image.RGBA, pic Picture, f *forms.Form, s statesim.State, ring string, toggles []int, on []bool) *layout {
	pic.PNG = nil
	l := &layout{base: img, pic: pic, toggles: toggles, state: on}
	form := formKey(f)
	for _, i := range toggles {
		r, box, ok := tileRect(pic, f.Elements[i].ID, img.Rect)
		if !ok {
			l.off = true
			return l
		}
		for _, q := range l.regions {
			if q.Overlaps(r) {
				l.off = true
				return l
			}
		}
		l.regions = append(l.regions, r)
		l.tiles = append(l.tiles, tileKey(form, f, s, i, box, ring))
	}
	return l
}

// tileRect is the tile of element id of a picture: its box, out to whole
// pixels and a pixel beyond, within bounds.
func tileRect(pic Picture, id string, bounds image.Rectangle) (image.Rectangle, [4]float64, bool) {
	k := slices.IndexFunc(pic.Boxes, func(b formview.Box) bool { return b.ID == id })
	if k < 0 {
		return image.Rectangle{}, [4]float64{}, false
	}
	b := pic.Boxes[k].Pixels
	if b[2] <= 0 || b[3] <= 0 {
		return image.Rectangle{}, b, false
	}
	r := image.Rect(int(b[0])-1, int(b[1])-1, int(b[0]+b[2])+2, int(b[1]+b[3])+2).Intersect(bounds)
	return r, b, !r.Empty()
}

// cut copies the pixels of img in r.
func cut(img *image.RGBA, r image.Rectangle) []byte {
	out := make([]byte, 0, 4*r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		out = append(out, img.Pix[i:i+4*r.Dx()]...)
	}
	return out
}

// paste writes tile, cut from r, back into img.
func paste(img *image.RGBA, r image.Rectangle, tile []byte) {
	w := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		copy(img.Pix[i:i+w], tile[(y-r.Min.Y)*w:])
	}
}

// outsideDiff reports whether a and b, of one size, hold the same pixels
// everywhere outside the rectangles in, and if not, a pixel where they
// differ.
func outsideDiff(a, b *image.RGBA, in []image.Rectangle) (image.Point, bool) {
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(a.Rect.Min.X, y):][:4*a.Rect.Dx()]
		rb := b.Pix[b.PixOffset(b.Rect.Min.X, y):][:4*b.Rect.Dx()]
		if bytes.Equal(ra, rb) {
			continue
		}
		for x := range a.Rect.Dx() {
			if bytes.Equal(ra[4*x:4*x+4], rb[4*x:4*x+4]) {
				continue
			}
			p := image.Pt(a.Rect.Min.X+x, y)
			if !slices.ContainsFunc(in, p.In) {
				return p, false
			}
		}
	}
	return image.Point{}, true
}
