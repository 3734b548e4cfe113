package verify

import (
	"encoding/binary"
	"fmt"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
)

// regularFile returns an error unless path is a regular file or a symbolic
// link to one (layout.Regular). It never opens path.
func regularFile(path string) error {
	if err := layout.Regular(path); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	return nil
}

// openFile opens the dataset file at path, checking again, just before it
// opens, that it is a regular file. When the file is not a dataset file,
// the error says why in one line: not Parquet (or truncated), or which
// column differs from the dataset schema.
func openFile(path string) (*dataset.Reader, error) {
	if err := regularFile(path); err != nil {
		return nil, err
	}
	if why := checkFrame(path); why != "" {
		return nil, fmt.Errorf("verify: %s: %s", path, why)
	}
	r, err := dataset.Open(path)
	if err == nil {
		return r, nil
	}
	if why := explainOpen(path); why != "" {
		return nil, fmt.Errorf("verify: %s: %s", path, why)
	}
	return nil, fmt.Errorf("verify: %w", err)
}

// checkFrame returns why the file at path cannot be Parquet, in one line,
// or "": it reads the magic number at both ends and the footer's length,
// which must fit in the file, and walks the footer and the page index (see
// checkThrift). The Parquet reader would otherwise allocate whatever
// lengths the file declares before finding them too long.
func checkFrame(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err.Error()
	}
	size := info.Size()
	notParquet := func(why string) string {
		return fmt.Sprintf("not a readable Parquet file (%d bytes; truncated, or not Parquet at all): %s", size, why)
	}
	const magic = "PAR1"
	if size < 12 {
		return notParquet("too short for a header and a footer")
	}
	var head [4]byte
	var tail [8]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return notParquet(err.Error())
	}
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return notParquet(err.Error())
	}
	switch footer := int64(binary.LittleEndian.Uint32(tail[:4])); {
	case string(head[:]) != magic:
		return notParquet(fmt.Sprintf("it starts with %q, not %q", head[:], magic))
	case string(tail[4:]) != magic:
		return notParquet(fmt.Sprintf("it ends with %q, not %q", tail[4:], magic))
	case footer+12 > size:
		return notParquet(fmt.Sprintf("its footer claims %d bytes", footer))
	case footer > maxFooterMemory:
		return fmt.Sprintf("its footer of %d MB is larger than the %d MB allowed", footer>>20, maxFooterMemory>>20)
	}
	b := make([]byte, binary.LittleEndian.Uint32(tail[:4]))
	if _, err := f.ReadAt(b, size-8-int64(len(b))); err != nil {
		return notParquet(err.Error())
	}
	var cost int64
	if why := checkThrift("its footer", b, &cost); why != "" {
		return notParquet(why)
	}
	// The footer is safe to decode now; the page index it points to is
	// read next.
	pf, err := parquet.OpenFile(f, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return notParquet(err.Error())
	}
	for i, rg := range pf.Metadata().RowGroups {
		for j, c := range rg.Columns {
			for _, ix := range [2]struct {
				name string
				off  int64
				n    int32
			}{{"column index", c.ColumnIndexOffset, c.ColumnIndexLength}, {"offset index", c.OffsetIndexOffset, c.OffsetIndexLength}} {
				if ix.n == 0 && ix.off == 0 {
					continue
				}
				what := fmt.Sprintf("the %s of row group %d, column %d", ix.name, i, j)
				if ix.off < 0 || ix.n < 0 || ix.off+int64(ix.n) > size {
					return notParquet(fmt.Sprintf("%s claims bytes %d to %d", what, ix.off, ix.off+int64(ix.n)))
				}
				b := make([]byte, ix.n)
				if _, err := f.ReadAt(b, ix.off); err != nil {
					return notParquet(err.Error())
				}
				if why := checkThrift(what, b, &cost); why != "" {
					return notParquet(why)
				}
			}
		}
	}
	return ""
}

// explainOpen returns why dataset.Open refused the regular file at path, in
// one line, or "" when it cannot tell. It reads the footer only.
func explainOpen(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return ""
	}
	pf, err := parquet.OpenFile(f, info.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return fmt.Sprintf("not a readable Parquet file (%d bytes; truncated, or not Parquet at all): %v", info.Size(), err)
	}
	if d := schemaDiff(pf.Schema(), parquet.SchemaOf(dataset.Row{}), ""); d != "" {
		return "not the dataset schema: " + d
	}
	return ""
}

// schemaDiff names the first column where the schema got differs from want:
// missing, unexpected, or of another type or repetition. path is the
// dotted name of the group compared, "" at the root.
func schemaDiff(got, want parquet.Node, path string) string {
	gf, wf := got.Fields(), want.Fields()
	byName := make(map[string]parquet.Field, len(gf))
	for _, f := range gf {
		byName[f.Name()] = f
	}
	wantNames := make(map[string]bool, len(wf))
	for i, w := range wf {
		wantNames[w.Name()] = true
		name := join(path, w.Name())
		g, ok := byName[w.Name()]
		if !ok {
			return fmt.Sprintf("column %q is missing (want %s)", name, describeNode(w))
		}
		if d := nodeDiff(g, w, name); d != "" {
			return d
		}
		if i >= len(gf) || gf[i].Name() != w.Name() {
			return fmt.Sprintf("column %q is out of place (column %d, want %d)", name, indexOf(gf, w.Name())+1, i+1)
		}
	}
	for _, g := range gf {
		if !wantNames[g.Name()] {
			return fmt.Sprintf("column %q (%s) is not in the dataset schema", join(path, g.Name()), describeNode(g))
		}
	}
	return ""
}

// nodeDiff compares one column of the file with the dataset's.
func nodeDiff(g, w parquet.Node, name string) string {
	switch {
	case g.Leaf() != w.Leaf(), repetition(g) != repetition(w):
		return fmt.Sprintf("column %q is %s, want %s", name, describeNode(g), describeNode(w))
	case g.Leaf():
		if !parquet.EqualTypes(g.Type(), w.Type()) {
			return fmt.Sprintf("column %q is %s, want %s", name, describeNode(g), describeNode(w))
		}
		return ""
	}
	if d := schemaDiff(g, w, name); d != "" {
		return d
	}
	if !parquet.EqualNodes(g, w) { // a logical type of the group, such as LIST
		return fmt.Sprintf("column %q is %s, want %s", name, describeNode(g), describeNode(w))
	}
	return ""
}

// describeNode is a short description of a column: "optional int64",
// "required group".
func describeNode(n parquet.Node) string {
	if !n.Leaf() {
		d := repetition(n) + " group"
		if lt := n.Type().LogicalType(); lt != nil {
			d += " (" + lt.String() + ")"
		}
		return d
	}
	d := repetition(n) + " " + strings.ToLower(n.Type().Kind().String())
	if lt := n.Type().LogicalType(); lt != nil {
		d += " (" + lt.String() + ")"
	}
	return d
}

func repetition(n parquet.Node) string {
	switch {
	case n.Repeated():
		return "repeated"
	case n.Optional():
		return "optional"
	}
	return "required"
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func indexOf(fs []parquet.Field, name string) int {
	for i, f := range fs {
		if f.Name() == name {
			return i
		}
	}
	return -1
}
