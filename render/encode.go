package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// The pictures are encoded by a small PNG writer instead of image/png.
// image/png tries five filters on every row, even at BestSpeed; for flat
// form pictures, rows without a filter compress better. The deflate coder
// on both sides is github.com/klauspost/compress's: its fastest level
// compresses these rows faster and smaller than the standard library's,
// and its inflater reads Chromium's screenshot faster. BenchmarkEncode, on
// a page of 64 MiniWoB forms: this writer (with the row decoder of
// cropPage) 0.39-0.44 ms and 7.1 kB a picture, against 0.61-0.70 ms and
// 7.3 kB with the standard library's deflate (in turns, same machine);
// image/png at BestSpeed 2.6 ms and 7.9 kB, at its default level 2.8 ms
// and 7.6 kB. The pixels are the same whichever coder: only the
// compressed bytes differ. The output is an 8-bit RGB PNG: screenshots
// are opaque.

// pngState is the reusable state of one encoding; a zlib writer alone
// allocates about a megabyte.
type pngState struct {
	zw   *zlib.Writer
	idat bytes.Buffer
	row  []byte
}

var pngStates = sync.Pool{New: func() any {
	s := &pngState{}
	s.zw, _ = zlib.NewWriterLevel(&s.idat, zlib.BestSpeed) // the level is valid
	return s
}}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// rgbEncoder encodes a picture of w x h pixels given row by row.
type rgbEncoder struct {
	s    *pngState
	w, h int
}

func newRGBEncoder(w, h int) *rgbEncoder {
	s := pngStates.Get().(*pngState)
	s.idat.Reset()
	s.zw.Reset(&s.idat)
	if cap(s.row) < 1+3*w {
		s.row = make([]byte, 1+3*w)
	}
	return &rgbEncoder{s: s, w: w, h: h}
}

// writeRow adds the next row: w pixels of bpp bytes each, RGB first. Any
// further bytes of a pixel, such as alpha, are dropped.
func (e *rgbEncoder) writeRow(pix []byte, bpp int) {
	row := e.s.row[:1+3*e.w]
	row[0] = 0 // filter type None
	if bpp == 3 {
		copy(row[1:], pix[:3*e.w])
	} else {
		for x, i, j := 0, 1, 0; x < e.w; x, i, j = x+1, i+3, j+bpp {
			row[i], row[i+1], row[i+2] = pix[j], pix[j+1], pix[j+2]
		}
	}
	e.s.zw.Write(row) // writes to a bytes.Buffer do not fail
}

// finish returns the PNG. The encoder must not be used afterwards.
func (e *rgbEncoder) finish() []byte {
	s := e.s
	e.s = nil
	defer pngStates.Put(s)
	s.zw.Close()
	out := bytes.NewBuffer(make([]byte, 0, len(pngSignature)+3*12+13+s.idat.Len()))
	out.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(e.w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(e.h))
	ihdr[8] = 8 // bit depth
	ihdr[9] = 2 // colour type RGB; compression, filter and interlace 0
	writeChunk(out, "IHDR", ihdr[:])
	writeChunk(out, "IDAT", s.idat.Bytes())
	writeChunk(out, "IEND", nil)
	return out.Bytes()
}

// writeChunk writes one PNG chunk.
func writeChunk(b *bytes.Buffer, typ string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	b.Write(hdr[:])
	b.Write(data)
	crc := crc32.Update(crc32.ChecksumIEEE(hdr[4:]), crc32.IEEETable, data)
	binary.BigEndian.PutUint32(hdr[:4], crc)
	b.Write(hdr[:4])
}

// EncodePNG encodes img as the renderer encodes its pictures: an 8-bit RGB
// PNG, alpha dropped. The same pixels give the same bytes as a Result's
// PNG, so a picture put together from parts of rendered ones is
// byte-identical to the rendering of the same pixels.
func EncodePNG(img *image.RGBA) []byte {
	b := img.Bounds()
	e := newRGBEncoder(b.Dx(), b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		e.writeRow(img.Pix[i:i+4*b.Dx()], 4)
	}
	return e.finish()
}

// DecodePNG decodes a picture the renderer made (a Result's PNG, or
// EncodePNG's) with the row reader that crops Chromium's screenshots:
// BenchmarkDecodePNG, a 320 x 420 form, 1.9 ms against image/png's 2.4 ms
// on a busy machine. The pixels come back opaque, as image/png gives them.
func DecodePNG(b []byte) (*image.RGBA, error) {
	rows, err := newRowReader(b)
	if err != nil {
		return nil, err
	}
	if rows.bpp != 3 {
		return nil, fmt.Errorf("a PNG of %d bytes a pixel: the renderer writes RGB", rows.bpp)
	}
	img := image.NewRGBA(image.Rect(0, 0, rows.width, rows.height))
	for y := range rows.height {
		row, err := rows.next()
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", y, err)
		}
		out := img.Pix[y*img.Stride : y*img.Stride+4*rows.width]
		for x, i := 0, 0; x < rows.width; x, i = x+1, i+3 {
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = row[i], row[i+1], row[i+2], 0xff
		}
	}
	return img, nil
}
