// Package dataset writes and reads the Parquet files of a benchmark: one
// [Row] per question about a screenshot of a web form, in a layout that
// Hugging Face datasets, lmms-eval, VLMEvalKit and DuckDB load as is.
//
// A file is written with a [Writer] and read back with a [Reader]:
//
//	w, err := dataset.Create("out/plan/test-00000-of-00001.parquet", dataset.Options{})
//	if err != nil { ... }
//	err = w.Write(rows...)   // any number of calls; memory stays bounded
//	err = w.Close()          // the file appears only if everything succeeded
//	rows, err := dataset.ReadRows("out/plan/test-00000-of-00001.parquet")
//
// Every column, struct child and list element of the file is OPTIONAL and
// the file carries the "huggingface" key-value metadata describing its
// features (see [Features]); without both, Hugging Face datasets would load
// image columns as plain dicts.
package dataset

// Row is one question about a form screenshot, stored as one Parquet row.
//
// Every column is nullable. A field whose zero value is a legal answer is a
// pointer, so that nil alone is written as null: 0, false and "" behind a
// pointer are stored as such. A non-pointer scalar field is written as null
// when it holds its zero value ("" or 0), so those fields must be set.
//
// The list fields (Choices, OptionLabels, PlansText, PlansPDDL) are null
// when nil and an empty list when empty but non-nil. Their elements must not
// be empty strings, which Parquet would store as null: [Writer.Write]
// rejects such rows.
type Row struct {
	// ID uniquely identifies the question within its suite.
	ID string `parquet:"id,optional"`
	// Suite names the benchmark suite (and the dataset config) of the row.
	Suite string `parquet:"suite,optional"`
	// Family names the form family the screenshot was drawn from.
	Family string `parquet:"family,optional"`
	// Horizon is the number of steps the question looks ahead (0 is legal).
	Horizon *int64 `parquet:"horizon,optional"`
	// Task names the question type.
	Task string `parquet:"task,optional"`
	// Question is the question text, without the options.
	Question string `parquet:"question,optional"`
	// Choices lists the option texts in order; nil for open questions.
	Choices []string `parquet:"choices,optional,list" parquet-element:",optional"`

	// A to H repeat the option texts one per column (VLMEvalKit layout);
	// options past the last one are nil.
	A *string `parquet:"A,optional"`
	// B is the second option text, or nil.
	B *string `parquet:"B,optional"`
	// C is the third option text, or nil.
	C *string `parquet:"C,optional"`
	// D is the fourth option text, or nil.
	D *string `parquet:"D,optional"`
	// E is the fifth option text, or nil.
	E *string `parquet:"E,optional"`
	// F is the sixth option text, or nil.
	F *string `parquet:"F,optional"`
	// G is the seventh option text, or nil.
	G *string `parquet:"G,optional"`
	// H is the eighth option text, or nil.
	H *string `parquet:"H,optional"`

	// Answer is the correct option letter, or exactly "Yes" or "No".
	Answer string `parquet:"answer,optional"`
	// AnswerIdx is the zero-based index of the correct option (0 is legal).
	AnswerIdx *int64 `parquet:"answer_idx,optional"`

	// Image is the screenshot the question is about.
	Image *Image `parquet:"image,optional"`
	// Image2 is a second screenshot, or nil when the question has one.
	Image2 *Image `parquet:"image_2,optional"`
	// ImageWidth is the width of Image in pixels.
	ImageWidth int64 `parquet:"image_width,optional"`
	// ImageHeight is the height of Image in pixels.
	ImageHeight int64 `parquet:"image_height,optional"`

	// PromptInstruct is the full prompt asking for the answer only.
	PromptInstruct string `parquet:"prompt_instruct,optional"`
	// PromptCoT is the full prompt asking for reasoning before the answer.
	PromptCoT string `parquet:"prompt_cot,optional"`
	// Caption is a text description of the screenshot ("" is legal).
	Caption *string `parquet:"caption,optional"`
	// History describes the steps already taken ("" is legal).
	History *string `parquet:"history,optional"`

	// OptionLabels says, per option, what is wrong with it, or "correct".
	OptionLabels []string `parquet:"option_labels,optional,list" parquet-element:",optional"`
	// PlansText holds the plans behind the options, in words.
	PlansText []string `parquet:"plans_text,optional,list" parquet-element:",optional"`
	// PlansPDDL holds the same plans in PDDL.
	PlansPDDL []string `parquet:"plans_pddl,optional,list" parquet-element:",optional"`
	// ProblemPDDL is the PDDL problem of the row, from the pictured start,
	// for its family's domain.
	ProblemPDDL string `parquet:"problem_pddl,optional"`
	// ImageNeeded tells whether the question cannot be answered from the
	// text alone (false is legal).
	ImageNeeded *bool `parquet:"image_needed,optional"`

	// Metadata is a JSON object with anything else about the row.
	Metadata string `parquet:"metadata,optional"`
	// Boxes is a JSON document of the element boxes of the screenshot and
	// the click point of each step.
	Boxes string `parquet:"boxes,optional"`
	// Scale is the device pixel ratio of the screenshot.
	Scale float64 `parquet:"scale,optional"`
	// Seed is the random seed the row was generated from (0 is legal).
	Seed *int64 `parquet:"seed,optional"`
	// Index is the row's unique integer index in its file (0 is legal).
	Index *int64 `parquet:"index,optional"`
	// GroupID is the id of the first row of the row's group: rows asked
	// about the same item share it (temporal_order under the paper
	// protocol, four rows a group); any other row is a group of its own
	// and holds its own id.
	GroupID string `parquet:"group_id,optional"`
	// PairID links a planning row and the perception probes asked about
	// its picture (gen --probes): the planning row's id on the row and on
	// each of its probes; null elsewhere.
	PairID string `parquet:"pair_id,optional"`
	// VariantGroup links the rows that ask one item under looks that
	// change no answer (gen --variants): the id of the group's first row;
	// null elsewhere.
	VariantGroup string `parquet:"variant_group,optional"`
	// GeneratorVersion identifies the program version that made the row.
	GeneratorVersion string `parquet:"generator_version,optional"`
}

// Image is a Hugging Face Image value: the encoded image and an optional
// file name. Bytes is stored uncompressed, as PNG data does not compress
// further; nil Bytes is stored as null and empty Bytes as empty.
type Image struct {
	// Bytes is the encoded image, normally PNG.
	Bytes []byte `parquet:"bytes,optional,uncompressed"`
	// Path is a file name for the image, or nil.
	Path *string `parquet:"path,optional"`
}
