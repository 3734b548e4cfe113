package layout

import (
	"fmt"
	"io/fs"
	"os"
)

// Regular returns an error unless path is a regular file or a symbolic
// link to one, naming what it is instead: "PATH is not a regular file (a
// named pipe)". It never opens path, since opening a named pipe blocks
// until a writer comes, beyond the reach of a context; a reader checks
// again with it just before it opens a file Scan found.
func Regular(path string) error {
	info, err := os.Lstat(path)
	if err != nil {
		return err
	}
	how := ""
	if info.Mode()&fs.ModeSymlink != 0 {
		how = "a symbolic link to "
		if info, err = os.Stat(path); err != nil {
			return fmt.Errorf("%s is not a regular file (a symbolic link that does not resolve: %v)", path, err)
		}
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s%s)", path, how, fileKind(info.Mode()))
	}
	return nil
}

// fileKind names the kind of file a mode is, for error messages.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "mode " + m.String()
}
