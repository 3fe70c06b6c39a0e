package experiments

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/qtool-project/qtool/internal/flock"
	"io"
	"os"

	"github.com/qtool-project/qtool/results"
)

// DefaultLogName is the log file a command writes when not told otherwise.
const DefaultLogName = "bench-log.jsonl"

// ErrLogInUse is returned by OpenLog when another process holds the log.
var ErrLogInUse = errors.New("experiments: log in use")

// LogFile is an experiment's log on disk: JSON lines (results.Log), each
// record written with one write to a file opened for appending, so that a
// run interrupted at any point leaves every record measured before it. The
// file is locked (flock) while it is open: two runs never write one log at
// once.
type LogFile struct {
	f    *os.File
	log  *results.Log
	dups int
}

// Duplicates is the number of records that OpenLog dropped because a later
// record of the log measured the same run again.
func (l *LogFile) Duplicates() int { return l.dups }

// OpenLog opens the log at path for appending, creating it if missing, and
// takes its lock; a log that another run holds is refused with an error
// wrapping ErrLogInUse. Nothing already in the log is ever removed but a
// last line that a crash cut short (one without its newline that does not
// parse); a last record that lacks only its newline gets it.
//
// With resume it also returns the environments and records already there,
// for Runner.Done, without the records measured twice (results.Dedupe:
// the later is kept; Duplicates says how many were dropped). Without resume the old
// content stays in the file and a new session is appended after it.
func OpenLog(path string, resume bool) (l *LogFile, envs []results.Env, recs []results.Record, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("experiments: log: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	if err := flock.Try(f); err != nil {
		if errors.Is(err, flock.ErrLocked) {
			return nil, nil, nil, fmt.Errorf("%w: %s is being written by another run; wait for it or choose another --log", ErrLogInUse, path)
		}
		return nil, nil, nil, fmt.Errorf("experiments: log: %s: %w", path, err)
	}
	if resume {
		if envs, recs, err = results.ReadLog(f, path); err != nil {
			return nil, nil, nil, err
		}
		var dups int
		recs, dups = results.Dedupe(recs)
		defer func() {
			if l != nil {
				l.dups = dups
			}
		}()
	}
	if err := mendLastLine(f, path); err != nil {
		return nil, nil, nil, err
	}
	return &LogFile{f: f, log: results.NewLog(f)}, envs, recs, nil
}

// mendLastLine makes the log end with a newline, so that the next record
// starts a line of its own: a last line that parses gets its newline; one
// that does not (a write cut short) is cut off.
func mendLastLine(f *os.File, path string) error {
	start, state, err := lastLine(f, path)
	switch {
	case err != nil:
		return err
	case state == lastWhole:
		if _, err := f.Write([]byte("\n")); err != nil {
			return fmt.Errorf("experiments: log: %w", err)
		}
	case state == lastCut:
		if err := f.Truncate(start); err != nil {
			return fmt.Errorf("experiments: log: %w", err)
		}
	}
	return nil
}

// The states of a log's last line (lastLine).
const (
	lastEnded = iota // the log is empty or ends with a newline
	lastWhole        // a last line without its newline that parses
	lastCut          // a last line without its newline that does not: a write cut short
)

// lastLine tells how the log f ends and, for a last line without its
// newline, the offset where that line starts: the one rule by which
// OpenLog mends a log and CheckTaskLogs refuses one.
func lastLine(f *os.File, path string) (start int64, state int, err error) {
	st, err := f.Stat()
	if err != nil {
		return 0, 0, fmt.Errorf("experiments: log: %w", err)
	}
	size := st.Size()
	if size == 0 {
		return 0, lastEnded, nil
	}
	// Find the start of the last line, reading back from the end.
	const chunk = 64 << 10
	var tail []byte
	start = size
	for start > 0 {
		k := min(chunk, start)
		buf := make([]byte, k)
		if _, err := f.ReadAt(buf, start-k); err != nil && err != io.EOF {
			return 0, 0, fmt.Errorf("experiments: log: %w", err)
		}
		if len(tail) == 0 && buf[k-1] == '\n' {
			return size, lastEnded, nil
		}
		tail = append(buf, tail...)
		start -= k
		if i := bytes.LastIndexByte(tail, '\n'); i >= 0 {
			start += int64(i + 1)
			tail = tail[i+1:]
			break
		}
		if int64(len(tail)) > results.MaxLogLine {
			return 0, 0, fmt.Errorf("experiments: log: %s: last line longer than %d bytes: not a log", path, results.MaxLogLine)
		}
	}
	if envs, recs, err := results.ReadLog(bytes.NewReader(tail), path); err == nil && len(envs)+len(recs) > 0 {
		return start, lastWhole, nil
	}
	return start, lastCut, nil
}

// WriteEnv appends the header of a session.
func (l *LogFile) WriteEnv(e results.Env) error { return l.log.WriteEnv(e) }

// WriteRecord appends one record; it suits Runner.Log.
func (l *LogFile) WriteRecord(r results.Record) error { return l.log.WriteRecord(r) }

// Close closes the file, which releases its lock.
func (l *LogFile) Close() error {
	if err := l.f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		return fmt.Errorf("experiments: log: %w", err)
	}
	return nil
}
