package verify

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A Parquet footer is a Thrift struct in the compact protocol, and so is
// each column's page index, which dataset.Open reads too. The Parquet
// reader decodes them trusting the lengths they declare: a list claiming
// 2^31 elements makes it allocate them all before reading one, which kills
// the process (a 19-byte file does). checkThrift walks such a struct first,
// without decoding it, and refuses one whose lengths run past its end, that
// nests too deep, or whose elements, though really there, would take too
// much memory once decoded.

// maxFooterDepth is how deep structs and containers may nest in a footer;
// Parquet's FileMetaData nests about 8 deep.
const maxFooterDepth = 32

// maxFooterMemory bounds the memory a footer may take once decoded, as the
// walk estimates it. A real footer of gen's takes about 6 kB a row group
// of 100 rows, estimated at 100 kB decoded: the bound allows some 500,000
// rows in one file.
const maxFooterMemory = 512 << 20

// Estimated memory of one decoded element, by kind: a struct of Parquet's
// metadata takes at most a few hundred bytes, a string or byte slice its
// header and bytes.
const (
	structCost = 512
	sliceCost  = 24
	scalarCost = 8
)

// Thrift compact protocol types.
const (
	tStop   = 0
	tTrue   = 1
	tFalse  = 2
	tByte   = 3
	tI16    = 4
	tI32    = 5
	tI64    = 6
	tDouble = 7
	tBinary = 8
	tList   = 9
	tSet    = 10
	tMap    = 11
	tStruct = 12
)

var errFooterEnd = errors.New("runs past its end")

// footerWalker walks a compact-protocol struct, adding up the memory its
// decoded form would take.
type footerWalker struct {
	b    []byte
	pos  int
	cost int64
}

// checkThrift returns why the Thrift struct b, called what in messages
// ("its footer"), is unsafe to decode, or "". It adds the memory the struct
// would take decoded to *cost, and refuses it when that passes
// maxFooterMemory.
func checkThrift(what string, b []byte, cost *int64) string {
	w := &footerWalker{b: b}
	if err := w.value(tStruct, 0); err != nil {
		return fmt.Sprintf("%s %v at byte %d of %d", what, err, w.pos, len(b))
	}
	*cost += w.cost
	if *cost > maxFooterMemory {
		return fmt.Sprintf("%s would take about %d MB to read, more than the %d MB allowed", what, *cost>>20, maxFooterMemory>>20)
	}
	return ""
}

func (w *footerWalker) byte() (byte, error) {
	if w.pos >= len(w.b) {
		return 0, errFooterEnd
	}
	c := w.b[w.pos]
	w.pos++
	return c, nil
}

func (w *footerWalker) uvarint() (uint64, error) {
	v, n := binary.Uvarint(w.b[w.pos:])
	if n <= 0 {
		return 0, errFooterEnd
	}
	w.pos += n
	return v, nil
}

// length reads a length or count whose items take at least min bytes each,
// and checks they fit in what is left.
func (w *footerWalker) length(min int) (int, error) {
	n, err := w.uvarint()
	if err != nil {
		return 0, err
	}
	if n > uint64((len(w.b)-w.pos)/min) {
		return 0, fmt.Errorf("declares %d items in %d bytes", n, len(w.b)-w.pos)
	}
	return int(n), nil
}

func (w *footerWalker) skip(n int) error {
	if n > len(w.b)-w.pos {
		return errFooterEnd
	}
	w.pos += n
	return nil
}

// value walks one value of type t at nesting depth.
func (w *footerWalker) value(t byte, depth int) error {
	if depth > maxFooterDepth {
		return fmt.Errorf("nests deeper than %d", maxFooterDepth)
	}
	switch t {
	case tTrue, tFalse:
		// In a container, a boolean takes a byte; as a field, none (its
		// value is its type), which field() handles.
		return w.skip(1)
	case tByte:
		return w.skip(1)
	case tI16, tI32, tI64:
		_, err := w.uvarint()
		return err
	case tDouble:
		return w.skip(8)
	case tBinary:
		n, err := w.length(1)
		if err != nil {
			return err
		}
		w.cost += sliceCost + int64(n)
		return w.skip(n)
	case tList, tSet:
		h, err := w.byte()
		if err != nil {
			return err
		}
		n, et := int(h>>4), h&0x0f
		if n == 15 {
			if n, err = w.length(1); err != nil {
				return err
			}
		} else if n > len(w.b)-w.pos {
			return errFooterEnd
		}
		w.cost += sliceCost + int64(n)*elemCost(et)
		for range n {
			if err := w.value(et, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tMap:
		n, err := w.length(2)
		if err != nil || n == 0 {
			return err
		}
		kv, err := w.byte()
		if err != nil {
			return err
		}
		w.cost += int64(n) * (elemCost(kv>>4) + elemCost(kv&0x0f))
		for range n {
			if err := w.value(kv>>4, depth+1); err != nil {
				return err
			}
			if err := w.value(kv&0x0f, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tStruct:
		return w.fields(depth)
	}
	return fmt.Errorf("has a value of unknown type %d", t)
}

// fields walks the fields of a struct up to its stop byte.
func (w *footerWalker) fields(depth int) error {
	for {
		h, err := w.byte()
		if err != nil {
			return err
		}
		t := h & 0x0f
		if t == tStop {
			return nil
		}
		if h>>4 == 0 { // the field id follows in full
			if _, err := w.uvarint(); err != nil {
				return err
			}
		}
		if t == tTrue || t == tFalse {
			continue
		}
		if err := w.value(t, depth+1); err != nil {
			return err
		}
	}
}

// elemCost is the estimated memory of one decoded container element of type
// t.
func elemCost(t byte) int64 {
	switch t {
	case tStruct:
		return structCost
	case tBinary, tList, tSet, tMap:
		return sliceCost
	}
	return scalarCost
}
