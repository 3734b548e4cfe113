//go:build linux

// Package opencount counts, for tests, how many times the files of a
// directory tree are opened, with Linux's inotify: a test shows that a
// file is read once by counting the opens the kernel saw, with no hook in
// the code under test.
package opencount

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Watcher counts the opens of the files of a tree, each folder of which
// was there when Watch was called.
type Watcher struct {
	fd   int
	dirs map[int]string // watch descriptor to folder
}

// Watch starts counting the opens of the files under root.
func Watch(root string) (*Watcher, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("opencount: inotify: %w", err)
	}
	w := &Watcher{fd: fd, dirs: map[int]string{}}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		// Closes are watched too, though not counted: the kernel merges an
		// event into the one queued just before it when they are the same,
		// so two opens in a row would count as one.
		wd, err := unix.InotifyAddWatch(fd, path, unix.IN_OPEN|unix.IN_CLOSE)
		if err != nil {
			return fmt.Errorf("opencount: watch %s: %w", path, err)
		}
		w.dirs[wd] = path
		return nil
	})
	if err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// Opens returns how many times each file (by path) was opened since Watch
// or the last call of Opens. The kernel queues an event as a file is
// opened, so every open that returned before the call is counted; a file
// opened again while it is still open counts once (the kernel merges the
// two events).
func (w *Watcher) Opens() (map[string]int, error) {
	got := map[string]int{}
	buf := make([]byte, 64<<10)
	for {
		n, err := unix.Read(w.fd, buf)
		if errors.Is(err, unix.EAGAIN) {
			return got, nil
		}
		if err != nil {
			return nil, fmt.Errorf("opencount: read: %w", err)
		}
		for at := 0; at+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[at]))
			name := buf[at+unix.SizeofInotifyEvent : at+unix.SizeofInotifyEvent+int(ev.Len)]
			at += unix.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&unix.IN_OPEN == 0 || ev.Mask&unix.IN_ISDIR != 0 || ev.Len == 0 {
				continue // a close, or a folder listed
			}
			if i := indexNUL(name); i >= 0 {
				name = name[:i]
			}
			got[filepath.Join(w.dirs[int(ev.Wd)], string(name))]++
		}
	}
}

// Close stops counting.
func (w *Watcher) Close() error { return unix.Close(w.fd) }

// indexNUL returns the index of the first NUL of b, or -1.
func indexNUL(b []byte) int {
	for i, c := range b {
		if c == 0 {
			return i
		}
	}
	return -1
}
