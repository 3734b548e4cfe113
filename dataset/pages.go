package dataset

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// CheckPages reads every page of every column of the file, which checks
// each page against the CRC-32 its header records (the [Writer] records
// one in every page). It returns the first page that is corrupt or cannot
// be read; a file whose footer is intact but whose page is damaged fails
// here while [Open] succeeds.
func (r *Reader) CheckPages() error {
	cols := r.pf.Schema().Columns()
	for gi, rg := range r.pf.RowGroups() {
		for ci, cc := range rg.ColumnChunks() {
			if err := readPages(cc.Pages()); err != nil {
				return fmt.Errorf("dataset: %s: row group %d, column %s: %w", r.path, gi, columnName(cols, ci), err)
			}
		}
	}
	return nil
}

func readPages(pages parquet.Pages) error {
	defer pages.Close()
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		parquet.Release(p)
	}
}

// columnName names leaf column ci by its path, such as image.bytes.
func columnName(cols [][]string, ci int) string {
	if ci < len(cols) {
		return strings.Join(cols[ci], ".")
	}
	return fmt.Sprint(ci)
}
