package dataset

// Keys of the file metadata ([Options.Metadata]) under which gen records,
// beside [MetadataKey], the run a file comes from, which part of a suite
// it holds and how its pictures were made, for merge, verify and the
// dataset card to read back.
const (
	// SeedKey holds the run's seed, in decimal.
	SeedKey = "formplan.seed"
	// VersionKey holds the version of the generator that wrote the file.
	VersionKey = "formplan.version"
	// FlagsKey holds the content flags of the run's command line.
	FlagsKey = "formplan.flags"
	// SuiteKey holds the suite's name.
	SuiteKey = "formplan.suite"
	// ShardKey holds "K/N": the file is shard K of N ("0/1" for a whole run).
	ShardKey = "formplan.shard"
	// IndicesKey holds "LO-HI": the file's rows are the indices [LO, HI).
	IndicesKey = "formplan.indices"

	// ChromiumKey holds the browser that rendered the pictures, as
	// render.Renderer.Version gives it: "HeadlessChrome/156.0.8078.79".
	ChromiumKey = "formplan.chromium"
	// FontsKey holds the font package the pictures are set in, as
	// typeface.ID gives it ("Liberation Sans Regular, Version 2.1.5,
	// sha256:..."); files of older versions hold a package, "fonts-liberation
	// 1:2.1.5-3", or "".
	FontsKey = "formplan.fonts"
	// ScaleKey holds the device scale factor of the pictures, as
	// strconv.FormatFloat(scale, 'g', -1, 64) writes it.
	ScaleKey = "formplan.scale"
)
