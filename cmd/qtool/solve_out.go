package main

import (
	"os"
	"path/filepath"
)

// outFile is an output file written under a temporary name in the same
// directory and renamed into place by commit: until then the old file, if
// any, is untouched, and a failed command leaves no half-written file.
type outFile struct {
	f    *os.File
	path string
	done bool
}

// createOut starts the output of path. The directory must exist and path
// must not be a directory.
func createOut(path string) (*outFile, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, &os.PathError{Op: "create", Path: path, Err: errIsDir}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, unwrapPath(err)
	}
	return &outFile{f: f, path: path}, nil
}

// commit closes the temporary file and renames it to the output's name.
func (o *outFile) commit() error {
	if err := o.f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(o.f.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(o.f.Name(), o.path); err != nil {
		return err
	}
	o.done = true
	return nil
}

// discard removes the temporary file unless commit renamed it.
func (o *outFile) discard() {
	if o.done {
		return
	}
	o.f.Close()
	os.Remove(o.f.Name())
}

type isDirError struct{}

func (isDirError) Error() string { return "is a directory" }

var errIsDir error = isDirError{}
