package render

import (
	"os/exec"
	"strings"
)

// FontVersion names the package of the fonts the pictures are set in,
// fonts-liberation, with its version as Debian's dpkg-query reports it
// ("fonts-liberation 1:2.1.5-3"), or "" when it cannot tell. gen records it
// in each file's metadata, so that verify knows the text's widths.
func FontVersion() string {
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Package} ${Version}", "fonts-liberation").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
