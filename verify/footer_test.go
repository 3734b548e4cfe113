package verify

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"
)

// uvarint encodes v as a varint.
func uvarint(v uint64) []byte { return binary.AppendUvarint(nil, v) }

func TestCheckFooter(t *testing.T) {
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	field := func(id, typ byte) []byte { return []byte{id<<4 | typ} }
	stop := []byte{0}
	deep := cat(bytes.Repeat(cat(field(1, tStruct)), 40), bytes.Repeat(stop, 41))
	manyEmpty := cat(field(2, tList), []byte{0xf0 | tStruct}, uvarint(2<<20), bytes.Repeat(stop, 2<<20), stop)
	tests := []struct {
		name string
		b    []byte
		want string // "" for a footer that passes
	}{
		{"empty struct", stop, ""},
		{"scalars", cat(field(1, tI32), uvarint(2), field(1, tI64), uvarint(300), field(1, tTrue), field(1, tDouble), make([]byte, 8), stop), ""},
		{"string", cat(field(1, tBinary), uvarint(3), []byte("abc"), stop), ""},
		{"list of structs", cat(field(2, tList), []byte{3<<4 | tStruct}, stop, stop, stop, stop), ""},
		{"long field id", cat([]byte{tI32}, uvarint(200), uvarint(1), stop), ""},
		{"map", cat(field(1, tMap), uvarint(1), []byte{tBinary<<4 | tI32}, uvarint(1), []byte("k"), uvarint(5), stop), ""},
		{"list of 2^31 structs", cat(field(2, tList), []byte{0xf0 | tStruct}, uvarint(1<<31-1)), "declares 2147483647 items in 0 bytes"},
		{"short list", cat(field(2, tList), []byte{5<<4 | tStruct}, stop, stop), "runs past its end"},
		{"string of 2 GB", cat(field(1, tBinary), uvarint(1<<31), []byte("abc"), stop), "declares 2147483648 items in 4 bytes"},
		{"map of 2^40", cat(field(1, tMap), uvarint(1<<40), []byte{0x55}), "declares 1099511627776 items"},
		{"no stop", cat(field(1, tI32), uvarint(2)), "runs past its end"},
		{"bad varint", cat(field(1, tI64), bytes.Repeat([]byte{0xff}, 11)), "runs past its end"},
		{"unknown type", cat(field(1, 13), stop), "unknown type 13"},
		{"nested 40 deep", deep, "nests deeper than 32"},
		{"two million empty structs", manyEmpty, "its footer would take about 1024 MB to read"},
	}
	for _, tc := range tests {
		var cost int64
		got := checkThrift("its footer", tc.b, &cost)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: checkFooter = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestCheckFooterReal checks that the footers of real files pass.
func TestCheckFooterReal(t *testing.T) {
	for _, dir := range []string{clean, pictureSetIfChromium(t)} {
		if dir == "" {
			continue
		}
		for _, s := range []string{"edge_case", "temporal_order"} {
			path := suiteFile(t, dir, s)
			if why := checkFrame(path); why != "" {
				t.Errorf("%s: %s", path, why)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			n := binary.LittleEndian.Uint32(b[len(b)-8:])
			w := &footerWalker{b: b[len(b)-8-int(n) : len(b)-8]}
			if err := w.value(tStruct, 0); err != nil || w.pos != int(n) {
				t.Errorf("%s: the walk stops at byte %d of %d: %v", path, w.pos, n, err)
			}
			t.Logf("%s: footer of %d bytes, estimated at %d kB decoded", path, n, w.cost>>10)
		}
	}
}

// pictureSetIfChromium returns the picture dataset at scale 1, or "" without
// Chromium.
func pictureSetIfChromium(t *testing.T) string {
	if _, err := findChromium(); err != nil {
		return ""
	}
	return pictureSet(t, 1, "")
}
