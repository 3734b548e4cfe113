package publish

import _ "embed"

// lmmsUtils is utils.py beside the lmms-eval task files (lmms_utils.py):
// what the tasks name with !function. extract and extract_strict are
// score.Extract and score.ExtractStrict line for
// line, so that lmms-eval's accuracy is gen score's; a test runs both on
// the same replies.
//
//go:embed lmms_utils.py
var lmmsUtils string
