package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"image/png"
	"io"

	"github.com/klauspost/compress/flate"
)

// cropPage cuts the screenshot of page p into the pictures of its cells,
// in cell order, each sizes[i] CSS px from its cell's top left corner (at
// most the cell's size). It decodes the screenshot one row at a time and hands
// each row to the encoders of the cells it crosses, so that the page is
// never held as a whole image.
func cropPage(shot []byte, p *pageLayout, sizes []size, scale float64) ([][]byte, error) {
	w, h := px(p.width, scale), px(p.height, scale)
	rows, err := newRowReader(shot)
	if errors.Is(err, errUnsupportedPNG) {
		rows, err = newImageRowReader(shot)
	}
	if err != nil {
		return nil, fmt.Errorf("decode screenshot: %w", err)
	}
	if rows.width != w || rows.height != h {
		return nil, fmt.Errorf("screenshot is %d x %d pixels, want %d x %d", rows.width, rows.height, w, h)
	}

	type active struct {
		cell    int
		x0, x1  int // byte offsets in a row
		lastRow int
		encoder *rgbEncoder
	}
	out := make([][]byte, len(p.cells))
	// Cells are laid out in rows from the top, so they start in order of y.
	var live []*active
	next := 0
	for y := 0; y < h; y++ {
		for next < len(p.cells) && px(int64(p.cells[next].y), scale) == y {
			c := p.cells[next]
			x0, x1 := px(int64(c.x), scale), px(int64(c.x+sizes[next].w), scale)
			bottom := px(int64(c.y+sizes[next].h), scale)
			live = append(live, &active{
				cell:    next,
				x0:      x0 * rows.bpp,
				x1:      x1 * rows.bpp,
				lastRow: bottom - 1,
				encoder: newRGBEncoder(x1-x0, bottom-y),
			})
			next++
		}
		row, err := rows.next()
		if err != nil {
			return nil, fmt.Errorf("decode screenshot: row %d: %w", y, err)
		}
		kept := live[:0]
		for _, a := range live {
			a.encoder.writeRow(row[a.x0:a.x1], rows.bpp)
			if y == a.lastRow {
				out[a.cell] = a.encoder.finish()
				continue
			}
			kept = append(kept, a)
		}
		live = kept
	}
	if next != len(p.cells) || len(live) != 0 {
		return nil, errors.New("cells outside the screenshot")
	}
	return out, nil
}

// px converts CSS px to device pixels. Job sizes are checked to give whole
// pixels (Pixels), so rounding only removes floating-point error.
func px(css int64, scale float64) int {
	n, _ := Pixels(int(css), scale)
	return n
}

// errUnsupportedPNG is the error of newRowReader for a PNG it leaves to
// image/png.
var errUnsupportedPNG = errors.New("unsupported PNG")

// rowReader gives the rows of a PNG image in order, as bpp bytes a pixel,
// RGB first.
type rowReader struct {
	width, height, bpp int
	next               func() ([]byte, error)
}

// newRowReader reads an 8-bit, non-interlaced RGB or RGBA PNG, which is
// what Chromium's screenshots are. Other PNGs give errUnsupportedPNG.
func newRowReader(b []byte) (*rowReader, error) {
	if !bytes.HasPrefix(b, pngSignature) {
		return nil, errors.New("not a PNG")
	}
	b = b[len(pngSignature):]
	var (
		idat []io.Reader
		r    = &rowReader{}
	)
	for len(b) > 0 {
		if len(b) < 12 {
			return nil, io.ErrUnexpectedEOF
		}
		n := int(binary.BigEndian.Uint32(b))
		if n < 0 || len(b) < 12+n {
			return nil, io.ErrUnexpectedEOF
		}
		typ, data := string(b[4:8]), b[8:8+n]
		if crc32.ChecksumIEEE(b[4:8+n]) != binary.BigEndian.Uint32(b[8+n:]) {
			return nil, fmt.Errorf("bad checksum in %s chunk", typ)
		}
		switch typ {
		case "IHDR":
			if n != 13 {
				return nil, errors.New("bad IHDR chunk")
			}
			r.width = int(binary.BigEndian.Uint32(data))
			r.height = int(binary.BigEndian.Uint32(data[4:]))
			switch {
			case data[8] != 8 || data[12] != 0: // bit depth, interlace
				return nil, errUnsupportedPNG
			case data[9] == 2: // RGB
				r.bpp = 3
			case data[9] == 6: // RGBA
				r.bpp = 4
			default:
				return nil, errUnsupportedPNG
			}
		case "IDAT":
			idat = append(idat, bytes.NewReader(data))
		}
		b = b[12+n:]
	}
	if r.bpp == 0 || len(idat) == 0 {
		return nil, errors.New("no image data")
	}
	// Skip the two-byte zlib header and inflate the raw stream: the
	// checksums of the chunks already guard the data, and the zlib reader
	// would spend a tenth of the decoding time on an Adler-32 sum.
	var zhdr [2]byte
	z := io.MultiReader(idat...)
	if _, err := io.ReadFull(z, zhdr[:]); err != nil {
		return nil, err
	}
	if zhdr[0]&0x0f != 8 || zhdr[1]&0x20 != 0 || (uint(zhdr[0])<<8|uint(zhdr[1]))%31 != 0 {
		return nil, errors.New("bad zlib header")
	}
	zr := flate.NewReader(z)
	stride := 1 + r.width*r.bpp
	cur, prev := make([]byte, stride), make([]byte, stride)
	r.next = func() ([]byte, error) {
		cur, prev = prev, cur
		if _, err := io.ReadFull(zr, cur); err != nil {
			return nil, err
		}
		if err := unfilter(cur[0], cur[1:], prev[1:], r.bpp); err != nil {
			return nil, err
		}
		return cur[1:], nil
	}
	return r, nil
}

// unfilter undoes the PNG filter ft of a row, given the previous row.
func unfilter(ft byte, cur, prev []byte, bpp int) error {
	switch ft {
	case 0: // None
	case 1: // Sub
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case 2: // Up
		addBytes(cur, prev)
	case 3: // Average
		for i := range bpp {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += uint8((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case 4: // Paeth
		for i := range bpp {
			cur[i] += prev[i]
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += paeth(cur[i-bpp], prev[i], prev[i-bpp])
		}
	default:
		return fmt.Errorf("bad filter type %d", ft)
	}
	return nil
}

// addBytes adds prev to cur byte by byte, modulo 256, eight bytes at a
// time.
func addBytes(cur, prev []byte) {
	const hi = 0x8080808080808080
	i := 0
	for ; i+8 <= len(cur); i += 8 {
		a := binary.LittleEndian.Uint64(cur[i:])
		b := binary.LittleEndian.Uint64(prev[i:])
		binary.LittleEndian.PutUint64(cur[i:], ((a&^hi)+(b&^hi))^((a^b)&hi))
	}
	for ; i < len(cur); i++ {
		cur[i] += prev[i]
	}
}

// paeth is the Paeth predictor of PNG.
func paeth(a, b, c uint8) uint8 {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// newImageRowReader decodes any PNG with image/png and gives its rows.
func newImageRowReader(b []byte) (*rowReader, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	bounds := rgba.Bounds()
	y := bounds.Min.Y
	return &rowReader{
		width:  bounds.Dx(),
		height: bounds.Dy(),
		bpp:    4,
		next: func() ([]byte, error) {
			if y >= bounds.Max.Y {
				return nil, io.ErrUnexpectedEOF
			}
			row := rgba.Pix[rgba.PixOffset(bounds.Min.X, y):]
			y++
			return row, nil
		},
	}, nil
}
