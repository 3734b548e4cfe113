package verify

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"hash/crc32"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/formplan/formplan/dataset"
)

// maxAlloc bounds what checking a hostile dataset may allocate in all, so
// that no moment holds more.
const maxAlloc = 200 << 20

// allocated runs f and returns how many bytes it allocated in all.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// pngChunk appends a PNG chunk with its length and CRC.
func pngChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// pngHeader returns a PNG whose header declares a w x h 8-bit grey picture
// and whose data is idat.
func pngHeader(w, h uint32, idat []byte) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // depth 8, grey, deflate, no filter, no interlace
	b = pngChunk(b, "IHDR", ihdr)
	b = pngChunk(b, "IDAT", idat)
	return pngChunk(b, "IEND", nil)
}

// hugeDeclared is a PNG of about 100 bytes declaring 100000 x 100000
// pixels: decoding it would take 10 GB.
func hugeDeclared() []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 64))
	zw.Close()
	return pngHeader(100000, 100000, z.Bytes())
}

// hugeComplete returns a complete, valid 20000 x 20000 grey PNG, all black:
// 400 MB of pixels that compress to well under a megabyte. It is made once.
var hugeComplete = sync.OnceValue(func() []byte {
	const side = 20000
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+side) // filter byte and pixels, all zero
	for range side {
		zw.Write(row)
	}
	zw.Close()
	return pngHeader(side, side, z.Bytes())
})

// TestHostilePictures puts pictures built to exhaust memory into a row of
// a copy of the clean dataset: each must give its row one clear problem
// and nothing else, and the whole check must allocate little.
func TestHostilePictures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20000 x 20000 PNG")
	}
	huge := hugeComplete()
	t.Logf("the 20000 x 20000 PNG is %d bytes, the 100000 x 100000 one %d", len(huge), len(hugeDeclared()))
	tests := []struct {
		name  string
		png   []byte
		w, h  int64
		scale float64
		want  string // the row's whole reason
	}{
		{"100000 x 100000 declared", hugeDeclared(), 160, 210, 1,
			"image is 100000 x 100000 pixels, but image_width x image_height is 160 x 210"},
		{"100000 x 100000 declared and recorded", hugeDeclared(), 100000, 100000, 1,
			"image_width x image_height is 100000 x 100000, but a form picture at scale 1 is 160 x 210, or larger in steps of 10 pixels up to 480 x 420"},
		{"20000 x 20000 complete", huge, 160, 210, 1,
			"image is 20000 x 20000 pixels, but image_width x image_height is 160 x 210"},
		{"20000 x 20000 complete and recorded", huge, 20000, 20000, 1,
			"image_width x image_height is 20000 x 20000, but a form picture at scale 1 is 160 x 210, or larger in steps of 10 pixels up to 480 x 420"},
		{"20000 x 20000 at scale 125", huge, 20000, 20000, 125,
			"scale 125: want a number above 0 and at most 4 that gives whole pixels"},
		{"truncated PNG", hugeDeclared()[:20], 160, 210, 1,
			"image does not decode as PNG: unexpected EOF"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			var id string
			rewrite(t, dir, "edge_case", func(t *testing.T, rows []dataset.Row) []dataset.Row {
				r := &rows[5]
				r.Image = &dataset.Image{Bytes: tc.png}
				r.ImageWidth, r.ImageHeight, r.Scale = tc.w, tc.h, tc.scale
				id = r.ID
				return rows
			})
			var rep Report
			var err error
			n := allocated(func() { rep, err = Dir(context.Background(), dir) })
			t.Logf("allocated %.1f MB in all", float64(n)/(1<<20))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Failed != 1 || rep.Failures[0].ID != id || rep.Failures[0].Reason != tc.want {
				t.Fatalf("%d failing rows, want row %s alone with %q: %+v", rep.Failed, id, tc.want, rep.Failures)
			}
			if n > maxAlloc {
				t.Errorf("allocated %d MB, want at most %d", n>>20, maxAlloc>>20)
			}
		})
	}
}

// TestHostileFiles replaces a shard of a copy of the clean dataset with a
// file that is not a dataset file: Dir must stop with one line naming the
// file and saying what is wrong, allocating little.
func TestHostileFiles(t *testing.T) {
	good, err := os.ReadFile(suiteFile(t, clean, "edge_case"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
		want  string
	}{
		{"truncated to half", func(t *testing.T, path string) {
			writeBytes(t, path, good[:len(good)/2])
		}, "not a readable Parquet file"},
		{"footer cut", func(t *testing.T, path string) {
			writeBytes(t, path, good[:len(good)-1])
		}, "truncated"},
		{"magic only", func(t *testing.T, path string) {
			writeBytes(t, path, []byte("PAR1"))
		}, "not a readable Parquet file (4 bytes"},
		{"empty", func(t *testing.T, path string) {
			writeBytes(t, path, nil)
		}, "not a readable Parquet file (0 bytes"},
		{"not Parquet", func(t *testing.T, path string) {
			writeBytes(t, path, []byte("id,suite\n1,edge_case\n"))
		}, "not a readable Parquet file"},
		{"footer length huge", func(t *testing.T, path string) {
			b := bytes.Clone(good)
			binary.LittleEndian.PutUint32(b[len(b)-8:], 0x7fffffff)
			writeBytes(t, path, b)
		}, "its footer claims 2147483647 bytes"},
		{"footer length lies", func(t *testing.T, path string) {
			// A footer that is not Thrift, whose first list claims 2^31
			// elements.
			b := []byte("PAR1\x29\xfc\xff\xff\xff\xff\x07")
			b = binary.LittleEndian.AppendUint32(b, 7)
			writeBytes(t, path, append(b, "PAR1"...))
		}, "not a readable Parquet file"},
		{"page index lies", func(t *testing.T, path string) {
			// The first column index becomes a list of 2^31 - 1 booleans:
			// 2 GB once decoded.
			b := bytes.Clone(good)
			pf, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)), parquet.SkipPageIndex(true))
			if err != nil {
				t.Fatal(err)
			}
			c := pf.Metadata().RowGroups[0].Columns[0]
			lie := []byte{1<<4 | tList, 0xf0 | tTrue, 0xff, 0xff, 0xff, 0xff, 0x07}
			copy(b[c.ColumnIndexOffset:c.ColumnIndexOffset+int64(c.ColumnIndexLength)], lie)
			writeBytes(t, path, b)
		}, "the column index of row group 0, column 0 declares 2147483647 items"},
		{"wrong type", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				if f.Name == "Scale" {
					f.Type, f.Tag = reflect.TypeFor[int64](), `parquet:"scale,optional"`
				}
				return f, true
			})
		}, `not the dataset schema: column "scale" is optional int64 (INT(64,true)), want optional double`},
		{"column renamed", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				if f.Name == "Boxes" {
					f.Tag = `parquet:"boxen,optional"`
				}
				return f, true
			})
		}, `column "boxes" is missing`},
		{"column dropped", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) { return f, f.Name != "ImageNeeded" })
		}, `column "image_needed" is missing (want optional boolean)`},
		{"column added", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) { return f, true },
				reflect.StructField{Name: "Extra", Type: reflect.TypeFor[int64](), Tag: `parquet:"extra,optional"`})
		}, `column "extra" (optional int64 (INT(64,true))) is not in the dataset schema`},
		{"columns swapped", func(t *testing.T, path string) {
			rt := reflect.TypeFor[dataset.Row]()
			id, _ := rt.FieldByName("ID")
			suite, _ := rt.FieldByName("Suite")
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				switch f.Name {
				case "ID":
					return suite, true
				case "Suite":
					return id, true
				}
				return f, true
			})
		}, `column "id" is out of place (column 2, want 1)`},
		{"required", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				if f.Name == "ID" {
					f.Tag = `parquet:"id"`
				}
				return f, true
			})
		}, `column "id" is required byte_array (STRING), want optional byte_array (STRING)`},
		{"list flattened", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				if f.Name == "Choices" {
					f.Type, f.Tag = reflect.TypeFor[string](), `parquet:"choices,optional"`
				}
				return f, true
			})
		}, `column "choices" is optional byte_array (STRING), want optional group (LIST)`},
		{"nested", func(t *testing.T, path string) {
			writeSchema(t, path, func(f reflect.StructField) (reflect.StructField, bool) {
				if f.Name == "Image" {
					f.Type = reflect.TypeFor[*struct {
						Bytes string  `parquet:"bytes,optional"`
						Path  *string `parquet:"path,optional"`
					}]()
				}
				return f, true
			})
		}, `column "image.bytes" is optional byte_array (STRING), want optional byte_array`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			path := suiteFile(t, dir, "edge_case")
			tc.write(t, path)
			var err error
			n := allocated(func() { _, err = Dir(context.Background(), dir) })
			t.Logf("%v (allocated %.1f MB in all)", err, float64(n)/(1<<20))
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %s and containing %q", err, path, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error of several lines: %q", err)
			}
			if n > maxAlloc {
				t.Errorf("allocated %d MB, want at most %d", n>>20, maxAlloc>>20)
			}
		})
	}
}

// TestCorruptPages zeroes the middle of a shard of a copy of the clean
// dataset, leaving its footer whole: Dir must not panic or run away with
// memory, whatever the damage gives (an error, or failing rows).
func TestCorruptPages(t *testing.T) {
	good, err := os.ReadFile(suiteFile(t, clean, "edge_case"))
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []float64{0.1, 0.3, 0.5, 0.7} {
		dir := copyTree(t, clean)
		b := bytes.Clone(good)
		start := int(at * float64(len(b)))
		for i := start; i < start+64 && i < len(b)-8; i++ {
			b[i] ^= 0xff
		}
		writeBytes(t, suiteFile(t, dir, "edge_case"), b)
		var rep Report
		n := allocated(func() { rep, err = Dir(context.Background(), dir) })
		t.Logf("bytes %d to %d flipped: %d failing rows, error %v (allocated %.1f MB)", start, start+64, rep.Failed, err, float64(n)/(1<<20))
		if err == nil && rep.OK() {
			t.Errorf("bytes %d to %d flipped: no error and no failing row", start, start+64)
		}
		if n > maxAlloc {
			t.Errorf("allocated %d MB, want at most %d", n>>20, maxAlloc>>20)
		}
	}
}

func writeBytes(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeSchema writes an empty Parquet file at path whose schema is that of
// dataset.Row with each field as edit returns it, or left out when edit
// returns false, and the extra fields after.
func writeSchema(t *testing.T, path string, edit func(reflect.StructField) (reflect.StructField, bool), extra ...reflect.StructField) {
	t.Helper()
	rt := reflect.TypeFor[dataset.Row]()
	var fields []reflect.StructField
	for i := range rt.NumField() {
		if f, ok := edit(rt.Field(i)); ok {
			fields = append(fields, f)
		}
	}
	fields = append(fields, extra...)
	schema := parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Elem().Interface())
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewWriter(f, schema)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
