package experiments

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"qtool/results"
)

// DefaultLogName is the log file a command writes when not told otherwise.
const DefaultLogName = "bench-log.jsonl"

// LogFile is an experiment's log on disk: JSON lines (results.Log), each
// record written with one write to a file opened for appending, so that a
// run interrupted at any point leaves every record measured before it.
type LogFile struct {
	f   *os.File
	log *results.Log
}

// OpenLog opens the log at path. Without resume it creates the file
// afresh (replacing an old one). With resume it reads the environments and
// records already there, drops a last line that a crash cut short, and
// appends after them; a missing file is then simply created. The records
// read are what Runner.Done wants.
func OpenLog(path string, resume bool) (*LogFile, []results.Env, []results.Record, error) {
	if !resume {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("experiments: log: %w", err)
		}
		return &LogFile{f: f, log: results.NewLog(f)}, nil, nil, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("experiments: log: %w", err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, nil, fmt.Errorf("experiments: log: %w", err)
	}
	envs, recs, err := results.ReadLog(bytes.NewReader(data), path)
	if err != nil {
		f.Close()
		return nil, nil, nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		// A write cut short: drop the partial line so that the next
		// record starts a line of its own.
		if err := f.Truncate(int64(bytes.LastIndexByte(data, '\n') + 1)); err != nil {
			f.Close()
			return nil, nil, nil, fmt.Errorf("experiments: log: %w", err)
		}
	}
	return &LogFile{f: f, log: results.NewLog(f)}, envs, recs, nil
}

// WriteEnv appends the header of a session.
func (l *LogFile) WriteEnv(e results.Env) error { return l.log.WriteEnv(e) }

// WriteRecord appends one record; it suits Runner.Log.
func (l *LogFile) WriteRecord(r results.Record) error { return l.log.WriteRecord(r) }

// Close closes the file.
func (l *LogFile) Close() error {
	if err := l.f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		return fmt.Errorf("experiments: log: %w", err)
	}
	return nil
}
