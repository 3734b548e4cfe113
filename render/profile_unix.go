//go:build unix

package render

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// processGone reports whether no process has the id pid. A process of
// another user still counts: signal 0 then fails with EPERM, not ESRCH.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// ownedByUs reports whether the file belongs to the effective user of this
// process. In a shared temporary directory with the sticky bit, such as
// /tmp, only the owner can remove a directory.
func ownedByUs(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}
