package dataset

// Keys of the file metadata ([Options.Metadata]) under which gen records,
// beside [MetadataKey], how a file's pictures were made, for verify and the
// dataset card to read back.
const (
	// ChromiumKey holds the browser that rendered the pictures, as
	// render.Renderer.Version gives it: "HeadlessChrome/156.0.8078.79".
	ChromiumKey = "formplan.chromium"
	// FontsKey holds the font package the pictures are set in, as
	// render.FontVersion gives it: "fonts-liberation 1:2.1.5-3", or "".
	FontsKey = "formplan.fonts"
	// ScaleKey holds the device scale factor of the pictures, as
	// strconv.FormatFloat(scale, 'g', -1, 64) writes it.
	ScaleKey = "formplan.scale"
)
