// Package publish writes what sits beside the data: the dataset card,
// Croissant metadata, harness task files and a VLMEvalKit TSV.
//
// Every file is derived from the Parquet files of a dataset directory laid
// out as <dir>/<suite>/test-NNNNN-of-NNNNN.parquet, and from nothing else
// but the [Info] given: no clock, no absolute path, no map order. Exporting
// the same data twice, into any directory, gives byte-identical files.
//
// [Card] writes
//
//	<dir>/README.md               Hugging Face dataset card (YAML header + body)
//	<dir>/croissant.json          Croissant 1.1 JSON-LD metadata
//	<dir>/lmms-eval/<suite><variant>.yaml  an lmms-eval task per suite and variant
//	<dir>/lmms-eval/utils.py               prompts, pictures and scoring for them
//
// and [VLMEvalKit] writes <dir>/vlmevalkit/formplan_<suite>.tsv and
// <dir>/vlmevalkit/config.json.
//
// Paths inside these files are relative to <dir>: the lmms-eval tasks and
// the load_dataset snippets of the card expect to be run from <dir>.
//
// Each file is first written under a temporary name in its final directory
// and then renamed, so a reader never sees half a file.
package publish
