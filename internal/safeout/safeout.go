// Package safeout writes the output files of qtool's commands (--out,
// --plot, encode --out, place --out, gen) so that nothing is replaced by
// less and nothing that is not a file of ours is replaced at all.
//
// The rules, after the POSIX rename(2) guarantee (the new name refers to
// the old file or to the new one, never to neither) and the "write to a
// temporary file and rename" practice of editors and package managers:
//
//   - A new path or an existing regular file is written through a
//     temporary file in the same directory (".NAME.tmp-PID.HOST-RANDOM",
//     HOST a hash of the machine's name), synced
//     and renamed over it by Commit; until then the old file is untouched.
//     A symbolic link is followed: the file it names is replaced, the link
//     stays a link. A replaced file keeps its permission bits.
//   - A device or a FIFO (/dev/null, /dev/stdout even when it is a pipe, a
//     named pipe) is written in place, never replaced; a FIFO without a
//     reader is waited for under the context. A directory, a socket or a dangling link is
//     refused.
//   - Keep ends a run that produced nothing worth keeping (a time limit or
//     a signal before the first result): an existing file stays as it was.
//   - Create removes the temporary files that killed runs left beside the
//     same path: those whose process (the PID in the name) is gone, and
//     the older nameless-process ones (".NAME.tmp*" from before this
//     package) that have not been touched for an hour.
package safeout

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// File is an output being written; it is an io.Writer.
type File struct {
	path   string   // the path as given, for messages
	target string   // the file replaced at Commit (path with links followed)
	tmp    *os.File // the temporary file (regular or new target), or nil
	direct *os.File // the device or FIFO written in place, or nil
	stop   func() bool
	perm   fs.FileMode
	done   bool
}

// ErrIsDir is returned by Create for a path that names a directory.
var ErrIsDir = errors.New("safeout: is a directory")

// Create starts the output of path; see CreateContext.
func Create(path string) (*File, error) {
	return CreateContext(context.Background(), path)
}

// CreateContext starts the output of path. A FIFO without a reader is
// waited for until ctx is done. Errors are *os.PathError or name the path.
func CreateContext(ctx context.Context, path string) (*File, error) {
	if path == "" {
		return nil, errors.New("safeout: empty path")
	}
	target := path
	st, err := os.Lstat(path)
	if err == nil && st.Mode()&fs.ModeSymlink != 0 {
		t, terr := filepath.EvalSymlinks(path)
		switch {
		case terr == nil:
			target = t
			st, err = os.Stat(t)
		default:
			// /dev/stdout → /proc/self/fd/1 → "pipe:[INODE]": a link that
			// no path walk resolves but open(2) follows to a pipe (or
			// a socket, refused below). Such a file is written in
			// place through the link itself; anything else is a link
			// to a missing file.
			if lst, lerr := os.Stat(path); lerr == nil && !lst.Mode().IsRegular() && !lst.IsDir() {
				st, err = lst, nil
				break
			}
			return nil, &os.PathError{Op: "create", Path: path, Err: errors.New("a symbolic link to a missing file (not replaced)")}
		}
	}
	o := &File{path: path, target: target, perm: 0o644}
	switch {
	case err != nil && errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	case st.IsDir():
		return nil, &os.PathError{Op: "create", Path: path, Err: errors.New("is a directory")}
	case st.Mode().IsRegular():
		o.perm = st.Mode().Perm()
	case st.Mode()&fs.ModeSocket != 0:
		return nil, &os.PathError{Op: "create", Path: path, Err: errors.New("is a socket (not replaced)")}
	default: // a device or a FIFO: written in place
		f, err := openInPlace(ctx, target, st.Mode())
		if err != nil {
			return nil, err
		}
		o.direct = f
		// A FIFO whose reader stops reading must not hold the run past
		// its end: the write fails once ctx is done.
		o.stop = context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now()) })
		return o, nil
	}
	CleanStale(target)
	f, err := TempFile(target)
	if err != nil {
		// Named as the caller gave it: the temporary name is ours, not
		// the user's ("open dir/.x.pdf.tmp-123-456: permission denied").
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &os.PathError{Op: "create", Path: path, Err: err}
	}
	o.tmp = f
	return o, nil
}

// TempFile creates the temporary file that is to be renamed over target,
// beside it: ".NAME.tmp-PID.HOST-RANDOM" (see the package doc), the name
// CleanStale knows. It is for writers that do their own renaming (a
// checkpoint); the others use Create.
func TempFile(target string) (*os.File, error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	return os.CreateTemp(dir, tmpPrefix(base)+strconv.Itoa(os.Getpid())+"."+hostTag()+"-*")
}

// tmpPrefix is the start of every temporary name for base.
func tmpPrefix(base string) string { return "." + base + ".tmp-" }

// Name is the path the output goes to, as given to Create.
func (o *File) Name() string { return o.path }

// InPlace reports whether the output is a device or FIFO written directly.
func (o *File) InPlace() bool { return o.direct != nil }

// ErrReaderGone is returned (wrapping the system's EPIPE) by Write to a
// pipe or FIFO whose reader has closed it — `qtool … --out /dev/stdout |
// head` — so that a command can end quietly, as a program killed by
// SIGPIPE does, instead of reporting a failure.
var ErrReaderGone = errors.New("safeout: the reader closed the pipe")

// Write writes to the temporary file or, in place, to the device.
func (o *File) Write(p []byte) (int, error) {
	if o.direct != nil {
		n, err := o.direct.Write(p)
		if errors.Is(err, syscall.EPIPE) {
			err = fmt.Errorf("%w: %w", ErrReaderGone, err)
		}
		return n, err
	}
	return o.tmp.Write(p)
}

// Commit ends the output: the temporary file is synced and renamed over
// the target (or the device closed). After an error nothing is replaced.
func (o *File) Commit() error {
	if o.done {
		return errors.New("safeout: output already ended")
	}
	o.done = true
	if o.direct != nil {
		o.stop()
		return o.direct.Close()
	}
	name := o.tmp.Name()
	err := o.tmp.Chmod(o.perm)
	if err == nil {
		err = o.tmp.Sync()
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Something may have taken the name meanwhile: replace only a
		// regular file or nothing.
		if st, serr := os.Lstat(o.target); serr == nil && !st.Mode().IsRegular() {
			err = &os.PathError{Op: "rename", Path: o.path, Err: fmt.Errorf("became %s while written (not replaced)", Kind(st.Mode()))}
		}
	}
	if err == nil {
		err = os.Rename(name, o.target)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// Replaces reports whether Commit would replace an existing file (a
// device or FIFO is written in place, not replaced).
func (o *File) Replaces() bool {
	if o.direct != nil {
		return false
	}
	st, err := os.Stat(o.target)
	return err == nil && st.Mode().IsRegular()
}

// Keep ends an output that produced nothing: an existing file is left as
// it was and the temporary file removed. It reports whether a file
// existed (and so was kept). In place, the device is just closed.
func (o *File) Keep() (existed bool) {
	if o.done {
		return false
	}
	o.Discard()
	if o.direct != nil {
		return false
	}
	_, err := os.Stat(o.target)
	return err == nil
}

// Discard ends the output without replacing anything; it does nothing
// after Commit or Keep, so that it can be deferred.
func (o *File) Discard() {
	if o.done {
		return
	}
	o.done = true
	if o.direct != nil {
		o.stop()
		o.direct.Close()
		return
	}
	o.tmp.Close()
	os.Remove(o.tmp.Name())
}

// WriteFile writes path through write and commits it; on an error from
// write nothing is replaced. The error names the path.
func WriteFile(path string, write func(w io.Writer) error) error {
	o, err := Create(path)
	if err != nil {
		return err
	}
	defer o.Discard()
	if err := write(o); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := o.Commit(); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}

// hostTag names this machine in temporary names: eight hex digits of the
// FNV-1a hash of its host name (no '-' or '.', whatever the name).
var hostTag = sync.OnceValue(func() string {
	name, _ := os.Hostname()
	h := fnv.New32a()
	h.Write([]byte(name))
	return fmt.Sprintf("%08x", h.Sum32())
})

// legacyAge is how long a temporary file without a process id must have
// been left untouched before CleanStale removes it.
const legacyAge = time.Hour

// CleanStale removes the temporary files left beside path by runs that
// were killed before they could remove them (see the package doc). It
// returns the names it removed.
func CleanStale(path string) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	old := "." + base + ".tmp"
	var removed []string
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, old)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if !stale(rest, filepath.Join(dir, name)) {
			continue
		}
		if os.Remove(filepath.Join(dir, name)) == nil {
			removed = append(removed, name)
		}
	}
	return removed
}

// stale decides on a temporary file whose name ends in rest after
// ".NAME.tmp": "-PID.HOST-RANDOM" is stale when HOST is this machine and
// PID is gone there, never when HOST is another machine (a directory
// shared by the nodes of a cluster: its writer may be alive, and only it
// can tell); "-PID-RANDOM" (before the host was named) when PID is gone;
// anything else (older names) when untouched for legacyAge.
func stale(rest, full string) bool {
	if r, ok := strings.CutPrefix(rest, "-"); ok {
		if id, _, ok := strings.Cut(r, "-"); ok {
			pidStr, host, named := strings.Cut(id, ".")
			if pid, err := strconv.Atoi(pidStr); err == nil && pid > 0 {
				if named && host != hostTag() {
					return false
				}
				return !alive(pid)
			}
		}
	}
	st, err := os.Stat(full)
	return err == nil && time.Since(st.ModTime()) > legacyAge
}

// Kind names, with its article, the kind of a file that is not a regular
// one: "a directory", "a named pipe", "a symbolic link" (the mode's type
// letters, d---------, say nothing to a user). Every refusal of a
// non-regular file in qtool words it so.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
