package dataset

import "github.com/parquet-go/parquet-go"

// blobColumns are the columns whose values are large and whose minimum and
// maximum mean nothing: no statistics are written for their pages and no
// bounds for them in the column index. Untruncated statistics would be
// copied into every page header, which bloats files and makes page headers
// too large for some readers.
var blobColumns = [][]string{
	{"image", "bytes"},
	{"image_2", "bytes"},
	{"prompt_instruct"},
	{"prompt_cot"},
	{"caption"},
	{"history"},
	{"plans_text", "list", "element"},
	{"plans_pddl", "list", "element"},
	{"problem_pddl"},
	{"metadata"},
	{"boxes"},
}

// groupRows is the rows per row group opts asks for: RowGroupRows, or
// DefaultRowGroupRows when it is zero.
func (opts Options) groupRows() int {
	if opts.RowGroupRows == 0 {
		return DefaultRowGroupRows
	}
	return opts.RowGroupRows
}

// writerOptions are the options of parquet-go's writer for a file of
// groupRows rows per row group with the extra metadata meta. The bytes of
// a file are those parquet-go writes with them.
func writerOptions(groupRows int, meta map[string]string) ([]parquet.WriterOption, error) {
	codec, err := sharedZstd()
	if err != nil {
		return nil, err
	}
	options := []parquet.WriterOption{
		parquet.MaxRowsPerRowGroup(int64(groupRows)),
		// Images carry the "uncompressed" tag on Row; the rest is zstd.
		parquet.Compression(codec),
		// parquet-go would use DELTA_LENGTH_BYTE_ARRAY, which some
		// readers cannot decode.
		parquet.DefaultEncodingFor(parquet.ByteArray, &parquet.Plain),
		// Version 1 data pages, as pyarrow writes by default.
		parquet.DataPageVersion(1),
		parquet.KeyValueMetadata(MetadataKey, huggingFaceMetadata()),
	}
	for _, col := range blobColumns {
		options = append(options,
			parquet.SkipPageStatistics(col...),
			parquet.SkipPageBounds(col...))
	}
	for k, v := range meta {
		// parquet-go sorts the keys, so map order does not leak out.
		options = append(options, parquet.KeyValueMetadata(k, v))
	}
	return options, nil
}
