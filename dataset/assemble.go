package dataset

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// assembler builds one Parquet file out of one-row-group files that
// parquet-go writes, the bytes parquet-go would write for the whole file
// at once. The pages of each row group go straight to the file; the page
// index and footer entry of each go to a [spill] on disk, with their
// offsets moved to where they are in the file; finish streams them back
// into the file's page index and footer. So memory stays the same however
// many row groups the file has, where parquet-go keeps the metadata of
// every row group until Close. A file of one row group, as gen's default
// runs write, is the group's own file: its first group is held back
// (heldGroup) and taken apart only when a second one comes.
//
// parquet-go writes, after the pages of all row groups, the column index
// of every column of every row group, then their offset indexes, then the
// footer (FileMetaData), its length and the magic.
type assembler struct {
	out    *hashWriter // the file, buffered
	spill  *spill
	newSp  func() (*spill, error) // makes the spill, at the first row group
	proto  thrift.CompactProtocol
	groups int       // row groups added, the held one among them
	first  heldGroup // the first row group, while it is the only one
	rows   int64
	colIdx int64               // bytes of the column indexes so far
	offIdx int64               // bytes of the offset indexes so far
	head   format.FileMetaData // the first row group's footer, less its row groups
	enc    bytes.Buffer        // scratch for encodings
}

// heldGroup is the first row group of a file, held back until a second
// one comes: a file of one row group is that group's own file, as
// parquet-go wrote it, so it needs no taking apart.
type heldGroup struct {
	base, end int64  // where its pages begin and end in the file
	tail      []byte // its page index and footer; nil when none is held
}

// addGroup takes apart the one-row-group file whose pages were just
// written to the file from offset base on (its magic dropped) and whose
// tail (page index and footer) is tail. The first row group is held back
// until a second one comes (see heldGroup).
func (a *assembler) addGroup(base int64, tail []byte) error {
	end := a.out.n
	if a.groups == 0 {
		a.first = heldGroup{base: base, end: end, tail: bytes.Clone(tail)}
		a.groups = 1
		return nil
	}
	if a.first.tail != nil {
		f := a.first
		a.first = heldGroup{}
		if err := a.take(0, f.base, f.end, f.tail); err != nil {
			return err
		}
	}
	if a.groups == parquet.MaxRowGroups {
		return parquet.ErrTooManyRowGroups
	}
	if err := a.take(a.groups, base, end, tail); err != nil {
		return err
	}
	a.groups++
	return nil
}

// take takes apart row group number ordinal, whose pages are in the file
// from base to end, and spills its page index and footer entry.
func (a *assembler) take(ordinal int, base, end int64, tail []byte) error {
	md, err := a.footer(tail)
	if err != nil {
		return err
	}
	if len(md.RowGroups) != 1 {
		return fmt.Errorf("row group file has %d row groups, not 1", len(md.RowGroups))
	}
	rg := &md.RowGroups[0]
	// Offsets in the row group's own file start after its magic at 4; its
	// tail starts where its pages end.
	delta := base - int64(len(magic))
	start := int64(len(magic)) + end - base
	cols := rg.Columns
	if len(cols) == 0 || cols[0].ColumnIndexOffset != start {
		return fmt.Errorf("row group file: page index not right after the pages")
	}

	// The column indexes hold no offsets: they go as written.
	ciEnd := start
	for i := range cols {
		c := &cols[i]
		if c.ColumnIndexOffset != ciEnd {
			return fmt.Errorf("row group file: column %d: column index not after the previous one", i)
		}
		ciEnd += int64(c.ColumnIndexLength)
		c.ColumnIndexOffset = a.colIdx + c.ColumnIndexOffset - start
	}
	colIdx, err := slice(tail, start, ciEnd, start)
	if err != nil {
		return err
	}

	// The offset indexes hold the offsets of the pages: moved by delta.
	a.enc.Reset()
	w := a.proto.NewWriter(&a.enc)
	e := thrift.NewEncoder(w)
	for i := range cols {
		c := &cols[i]
		b, err := slice(tail, c.OffsetIndexOffset, c.OffsetIndexOffset+int64(c.OffsetIndexLength), start)
		if err != nil {
			return err
		}
		var oi format.OffsetIndex
		if err := thrift.Unmarshal(&a.proto, b, &oi); err != nil {
			return fmt.Errorf("row group file: column %d: offset index: %w", i, err)
		}
		for k := range oi.PageLocations {
			oi.PageLocations[k].Offset += delta
		}
		at := a.enc.Len()
		if err := e.Encode(&oi); err != nil {
			return fmt.Errorf("column %d: offset index: %w", i, err)
		}
		c.OffsetIndexOffset = a.offIdx + int64(at)
		c.OffsetIndexLength = int32(a.enc.Len() - at)
	}
	mid := a.enc.Len() // the offset indexes, then the row group's entry

	if err := moveGroup(rg, delta); err != nil {
		return err
	}
	rg.Ordinal = int16(ordinal)
	if err := e.Encode(rg); err != nil {
		return fmt.Errorf("row group: %w", err)
	}

	if a.spill == nil {
		if a.spill, err = a.newSp(); err != nil {
			return err
		}
		a.head = *md
		a.head.RowGroups = nil
	}
	enc := a.enc.Bytes()
	if err := a.spill.add([numParts][]byte{colIdx, enc[:mid], enc[mid:]}); err != nil {
		return err
	}
	a.rows += rg.NumRows
	a.colIdx += int64(len(colIdx))
	a.offIdx += int64(mid)
	return nil
}

// moveGroup moves the offsets of the pages of rg by delta.
func moveGroup(rg *format.RowGroup, delta int64) error {
	rg.FileOffset += delta
	for i := range rg.Columns {
		c := &rg.Columns[i]
		m := &c.MetaData
		if m.BloomFilterOffset != 0 {
			return fmt.Errorf("column %d: bloom filters are not supported", i)
		}
		m.DataPageOffset += delta
		for _, off := range []*int64{&c.FileOffset, &m.DictionaryPageOffset, &m.IndexPageOffset} {
			if *off != 0 { // else unset
				*off += delta
			}
		}
	}
	return nil
}

// footer decodes the footer of a one-row-group file from its tail.
func (a *assembler) footer(tail []byte) (*format.FileMetaData, error) {
	n := len(tail)
	if n < 8 || string(tail[n-len(magic):]) != magic {
		return nil, fmt.Errorf("row group file: no footer")
	}
	size := int(binary.LittleEndian.Uint32(tail[n-8:]))
	if size > n-8 {
		return nil, fmt.Errorf("row group file: footer of %d bytes in a tail of %d", size, n)
	}
	md := new(format.FileMetaData)
	if err := thrift.Unmarshal(&a.proto, tail[n-8-size:n-8], md); err != nil {
		return nil, fmt.Errorf("row group file: footer: %w", err)
	}
	return md, nil
}

// slice returns the bytes [from, to) of a file of which b holds the bytes
// from offset at on.
func slice(b []byte, from, to, at int64) ([]byte, error) {
	if from < at || to < from || to-at > int64(len(b)) {
		return nil, fmt.Errorf("row group file: bytes [%d, %d) out of its tail [%d, %d)", from, to, at, at+int64(len(b)))
	}
	return b[from-at : to-at], nil
}

// finish writes the page index and the footer of the file, after the
// pages of the last row group. The assembler must hold a row group. A
// file of one row group ends with that group's own tail: its pages begin
// right after the file's magic, where they began in the group's file.
func (a *assembler) finish() error {
	if f := a.first; f.tail != nil {
		if f.base != int64(len(magic)) || f.end != a.out.n {
			return fmt.Errorf("row group file: pages at [%d, %d) of a file of %d bytes, want them first and last", f.base, f.end, a.out.n)
		}
		_, err := a.out.Write(f.tail)
		return err
	}
	dataEnd := a.out.n
	for _, part := range []int{partColumnIndex, partOffsetIndex} {
		err := a.spill.each(part, func(r *io.LimitedReader) error {
			_, err := io.Copy(a.out, r)
			return err
		})
		if err != nil {
			return fmt.Errorf("page index: %w", err)
		}
	}

	prefix, suffix, err := a.footerEnds()
	if err != nil {
		return err
	}
	start := a.out.n
	w := a.proto.NewWriter(a.out)
	if _, err := a.out.Write(prefix); err != nil {
		return err
	}
	if err := w.WriteList(thrift.List{Size: int32(a.groups), Type: thrift.STRUCT}); err != nil {
		return err
	}
	e := thrift.NewEncoder(w)
	var b []byte
	err = a.spill.each(partRowGroup, func(r *io.LimitedReader) error {
		if int64(cap(b)) < r.N {
			b = make([]byte, r.N)
		}
		b = b[:r.N]
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("spill: %w", noEOF(err))
		}
		var rg format.RowGroup
		if err := thrift.Unmarshal(&a.proto, b, &rg); err != nil {
			return fmt.Errorf("spill: row group: %w", err)
		}
		for i := range rg.Columns {
			c := &rg.Columns[i]
			c.ColumnIndexOffset += dataEnd
			c.OffsetIndexOffset += dataEnd + a.colIdx
		}
		return e.Encode(&rg)
	})
	if err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	if _, err := a.out.Write(suffix); err != nil {
		return err
	}
	var end [8]byte
	binary.LittleEndian.PutUint32(end[:4], uint32(a.out.n-start))
	copy(end[4:], magic)
	_, err = a.out.Write(end[:])
	return err
}

// footerEnds returns the encoding of the file's FileMetaData around its
// list of row groups: what comes before the list's header and what comes
// after its elements. It encodes the footer with no row group and with an
// empty one, and checks that they differ by that row group alone.
func (a *assembler) footerEnds() (prefix, suffix []byte, err error) {
	md := a.head
	md.NumRows = a.rows
	md.RowGroups = []format.RowGroup{}
	none, err := thrift.Marshal(&a.proto, &md)
	if err != nil {
		return nil, nil, fmt.Errorf("footer: %w", err)
	}
	md.RowGroups = []format.RowGroup{{}}
	one, err := thrift.Marshal(&a.proto, &md)
	if err != nil {
		return nil, nil, fmt.Errorf("footer: %w", err)
	}
	empty, err := thrift.Marshal(&a.proto, &md.RowGroups[0])
	if err != nil {
		return nil, nil, fmt.Errorf("footer: %w", err)
	}
	// The list header of n < 15 structs is the byte n<<4 | STRUCT.
	p := 0
	for p < len(none) && p < len(one) && none[p] == one[p] {
		p++
	}
	prefix, suffix = none[:p], none[min(p+1, len(none)):]
	want := bytes.Join([][]byte{prefix, {1<<4 | byte(thrift.STRUCT)}, empty, suffix}, nil)
	if p == len(none) || none[p] != byte(thrift.STRUCT) || !bytes.Equal(one, want) {
		return nil, nil, fmt.Errorf("footer: cannot find the list of row groups in its encoding")
	}
	return prefix, suffix, nil
}
