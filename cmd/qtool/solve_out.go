package main

import (
	"context"
	"fmt"
	"io"

	"github.com/qtool-project/qtool/internal/safeout"
)

// outFile is a command's output file (see internal/safeout): a new path
// or a regular file is written under a temporary name and renamed into
// place by commit, a device or FIFO is written in place, a directory is
// refused; until commit an existing file is untouched.
type outFile struct {
	f    io.Writer
	file *safeout.File
}

// createOut starts the output of path.
func createOut(path string) (*outFile, error) {
	return createOutContext(context.Background(), path)
}

// createOutContext starts the output of path; a FIFO without a reader is
// waited for until ctx is done.
func createOutContext(ctx context.Context, path string) (*outFile, error) {
	f, err := safeout.CreateContext(ctx, path)
	if err != nil {
		return nil, unwrapPath(err)
	}
	return &outFile{f: f, file: f}, nil
}

// commit ends the output and puts it in place.
func (o *outFile) commit() error { return unwrapPath(o.file.Commit()) }

// commitIf commits the output of a run that produced something; one that
// produced nothing (a time limit or a signal before its first result)
// leaves an existing file as it was and says so on stderr.
func (o *outFile) commitIf(produced bool, stderr io.Writer) error {
	if produced || !o.file.Replaces() {
		return o.commit()
	}
	o.file.Keep()
	fmt.Fprintf(stderr, "qtool: --out %s: nothing found before the run ended; the file was left as it was\n", o.file.Name())
	return nil
}

// discard removes the temporary file unless commit renamed it.
func (o *outFile) discard() { o.file.Discard() }

// writeAtomic writes a file through write (see internal/safeout): readers
// see the old file or the whole new one, never a part, and a device,
// FIFO or link is not replaced.
func writeAtomic(path string, write func(w io.Writer) error) error {
	if err := safeout.WriteFile(path, write); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}
