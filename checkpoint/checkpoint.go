// Package checkpoint reads and writes the progress files of long counts:
// which subproblems of a deterministic split are done and what each
// counted, so that a count stopped by Ctrl-C, SIGTERM, a time limit or a
// crash resumes where it was and ends with the same total.
//
// # Format
//
// A checkpoint is a text file of lines ending in "\n":
//
//	qtool-checkpoint 1
//	split constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef
//	shard 3/16
//	todo 1820
//	part 3 5120 640 98304
//	part 19 0 0 12
//	…
//	end 2 crc32=1a2b3c4d
//
// The first line names the format and its version. "split" is the identity
// of the split (count.ConstellationPlan.Identity: method/version, n, depth,
// the number of subproblems and a hash of their list); "shard i/m" the
// slice counted; "todo" the number of subproblems in that slice. Each
// "part ID SOLUTIONS UNIQUE NODES" is one finished subproblem: its id in
// the split, its share of all solutions and of the fundamental ones, and
// the queens its search placed. "end K crc32=X" closes the file: K is the
// number of part lines and X the CRC-32 (IEEE, 8 hex digits) of every byte
// before the end line. A file without its end line, with another count or
// checksum, or whose split or shard is not the one being resumed, is
// refused.
//
// Write replaces the file atomically (a temporary file in the same folder,
// synced, then renamed over it), so that a crash leaves either the old
// checkpoint or the new one, never half of one.
package checkpoint

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/qtool-project/qtool/internal/safeout"
)

// Magic is the first line of a checkpoint file.
const Magic = "qtool-checkpoint 1"

// maxLine bounds a line: the split identity is the longest, well below.
const maxLine = 4096

// Part is one finished subproblem.
type Part struct {
	ID        int
	Solutions uint64
	Unique    uint64
	Nodes     uint64
}

// State is the content of a checkpoint.
type State struct {
	// Split is the identity of the split the ids refer to.
	Split string
	// Shard and Shards name the slice counted (0 ≤ Shard < Shards).
	Shard, Shards int
	// Todo is the number of subproblems in the slice.
	Todo int
	// Parts are the finished subproblems, in increasing ID.
	Parts []Part
}

// Encode writes s in the format of the package.
func (s *State) Encode(w io.Writer) error {
	if strings.ContainsAny(s.Split, "\n\r") || s.Split == "" {
		return fmt.Errorf("checkpoint: bad split identity %q", s.Split)
	}
	parts := append([]Part(nil), s.Parts...)
	sort.Slice(parts, func(i, j int) bool { return parts[i].ID < parts[j].ID })
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nsplit %s\nshard %d/%d\ntodo %d\n", Magic, s.Split, s.Shard, s.Shards, s.Todo)
	for _, p := range parts {
		fmt.Fprintf(&b, "part %d %d %d %d\n", p.ID, p.Solutions, p.Unique, p.Nodes)
	}
	fmt.Fprintf(&b, "end %d crc32=%08x\n", len(parts), crc32.ChecksumIEEE(b.Bytes()))
	_, err := w.Write(b.Bytes())
	return err
}

// MaxTotal bounds the sum of the parts' solutions (and of their unique
// ones) that Decode accepts: 2⁶², far above any count a machine can
// finish (Q(27) ≈ 2^57.7, OEIS A000170), so that a forged or damaged part
// cannot make a resumed total wrap around 2⁶⁴.
const MaxTotal = 1 << 62

// Write replaces the file at path with s atomically. A symbolic link is
// followed (the link stays); a path that names a FIFO, a device or a
// directory is refused. The temporary files that killed runs left beside
// path are removed first (safeout.CleanStale, once per path).
func Write(path string, s *State) error {
	target, err := regularTarget(path)
	if err != nil {
		return fmt.Errorf("checkpoint: cannot write %s: %w", path, err)
	}
	if _, done := cleaned.LoadOrStore(target, true); !done {
		safeout.CleanStale(target)
	}
	f, err := safeout.TempFile(target)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("checkpoint: cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	bw := bufio.NewWriter(f)
	err = s.Encode(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("checkpoint: cannot write %s: %w", path, err)
	}
	return nil
}

// ErrNotExist is returned by Read for a file that does not exist.
var ErrNotExist = errors.New("checkpoint: no such file")

// Read reads and checks the checkpoint at path. Errors name the file and
// the line.
func Read(path string) (*State, error) {
	// A FIFO would block open(2) until a writer comes, deaf to signals:
	// only a regular file is opened.
	if _, err := regularTarget(path); err != nil {
		return nil, fmt.Errorf("checkpoint: %s: %w", path, err)
	}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrNotExist, path)
		}
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	return Decode(f, path)
}

// Decode reads a checkpoint from r; name is used in errors.
func Decode(r io.Reader, name string) (*State, error) {
	d := &decoder{br: bufio.NewReaderSize(r, maxLine+2), crc: crc32.NewIEEE(), name: name, s: &State{}, seen: map[int]bool{}}
	for {
		raw, err := d.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			d.line++
			return nil, d.bad("line longer than %d bytes", maxLine)
		}
		if err == io.EOF {
			if len(raw) > 0 {
				d.line++
				return nil, d.bad("truncated: the last line has no end of line (the file was cut while written?)")
			}
			return nil, fmt.Errorf("checkpoint: %s: truncated: no end line after %d lines (the file was cut while written?)", name, d.line)
		}
		if err != nil {
			return nil, fmt.Errorf("checkpoint: %s: %w", name, err)
		}
		d.line++
		end, err := d.decodeLine(string(raw[:len(raw)-1]))
		if err != nil {
			return nil, err
		}
		if end {
			return d.s, nil
		}
		d.crc.Write(raw)
	}
}

// decoder is one run of Decode: the input, the line read, the state
// decoded so far, the running CRC of the lines before the end line, and
// the subproblems met with the sums of their counts.
type decoder struct {
	br         *bufio.Reader
	crc        hash.Hash32
	name       string
	line       int
	s          *State
	seen       map[int]bool
	sum, nodes uint64
}

func (d *decoder) bad(format string, args ...any) error {
	return fmt.Errorf("checkpoint: %s:%d: %s", d.name, d.line, fmt.Sprintf(format, args...))
}

// decodeLine decodes one line (without its end of line); end is true
// after the end line, which must end the file.
func (d *decoder) decodeLine(text string) (end bool, err error) {
	fields := strings.Fields(text)
	s := d.s
	switch {
	case d.line == 1:
		if text != Magic {
			return false, d.bad("not a qtool checkpoint (want first line %q)", Magic)
		}
	case d.line == 2:
		id, ok := strings.CutPrefix(text, "split ")
		if !ok || id == "" {
			return false, d.bad(`want "split IDENTITY"`)
		}
		s.Split = id
	case d.line == 3:
		return false, d.shard(fields)
	case d.line == 4:
		if len(fields) != 2 || fields[0] != "todo" {
			return false, d.bad(`want "todo N"`)
		}
		t, err := strconv.Atoi(fields[1])
		if err != nil || t < 0 {
			return false, d.bad("bad todo %q", fields[1])
		}
		s.Todo = t
	case len(fields) > 0 && fields[0] == "part":
		return false, d.part(text, fields)
	case len(fields) > 0 && fields[0] == "end":
		want := fmt.Sprintf("end %d crc32=%08x", len(s.Parts), d.crc.Sum32())
		if text != want {
			return false, d.bad("end line %q does not match the content (want %q): the file is damaged", text, want)
		}
		if _, err := d.br.ReadByte(); err != io.EOF {
			return false, d.bad("data after the end line")
		}
		return true, nil
	default:
		return false, d.bad("unexpected line %q", text)
	}
	return false, nil
}

// shard decodes the line "shard i/m".
func (d *decoder) shard(fields []string) error {
	if len(fields) != 2 || fields[0] != "shard" {
		return d.bad(`want "shard i/m"`)
	}
	is, ms, ok := strings.Cut(fields[1], "/")
	i, err1 := strconv.Atoi(is)
	m, err2 := strconv.Atoi(ms)
	if !ok || err1 != nil || err2 != nil || m < 1 || i < 0 || i >= m {
		return d.bad("bad shard %q: want i/m with 0 ≤ i < m", fields[1])
	}
	d.s.Shard, d.s.Shards = i, m
	return nil
}

// part decodes a line "part ID SOLUTIONS UNIQUE NODES", refusing a part
// met twice, one past the shard's subproblems, and sums that overflow.
func (d *decoder) part(text string, fields []string) error {
	if len(fields) != 5 {
		return d.bad(`want "part ID SOLUTIONS UNIQUE NODES"`)
	}
	var p Part
	var errs [4]error
	p.ID, errs[0] = strconv.Atoi(fields[1])
	p.Solutions, errs[1] = strconv.ParseUint(fields[2], 10, 64)
	p.Unique, errs[2] = strconv.ParseUint(fields[3], 10, 64)
	p.Nodes, errs[3] = strconv.ParseUint(fields[4], 10, 64)
	if err := errors.Join(errs[:]...); err != nil || p.ID < 0 {
		return d.bad("bad part line %q", text)
	}
	if p.Unique > p.Solutions {
		return d.bad("part %d: %d unique solutions of %d: more than all of them", p.ID, p.Unique, p.Solutions)
	}
	if d.sum += p.Solutions; p.Solutions > MaxTotal || d.sum > MaxTotal {
		return d.bad("part %d: the parts' solutions add up to more than 2^62 (the file is damaged or forged)", p.ID)
	}
	if d.nodes += p.Nodes; d.nodes < p.Nodes {
		return d.bad("part %d: the parts' nodes add up to more than 2^64 (the file is damaged or forged)", p.ID)
	}
	if d.seen[p.ID] {
		return d.bad("subproblem %d recorded twice", p.ID)
	}
	d.seen[p.ID] = true
	if len(d.s.Parts) >= d.s.Todo {
		return d.bad("more parts than the %d subproblems of the shard", d.s.Todo)
	}
	d.s.Parts = append(d.s.Parts, p)
	return nil
}

// Check reports whether s is a checkpoint of the given split and shard,
// with a message that says what differs.
func (s *State) Check(split string, shard, shards, todo int) error {
	if s.Split != split {
		return fmt.Errorf("checkpoint is of another split: %q, not %q (another n, method or version)", s.Split, split)
	}
	if s.Shard != shard || s.Shards != shards {
		return fmt.Errorf("checkpoint is of shard %d/%d, not %d/%d", s.Shard, s.Shards, shard, shards)
	}
	if s.Todo != todo {
		return fmt.Errorf("checkpoint counts %d subproblems in its shard, not %d", s.Todo, todo)
	}
	return nil
}

// regularTarget returns the file that path names, links followed: a
// regular file or nothing yet. Anything else is an error.
func regularTarget(path string) (string, error) {
	st, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", err
	}
	target := path
	if st.Mode()&os.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			// A link to a file not made yet: Write makes the file it
			// names (one level), Read says there is no such file.
			to, rerr := os.Readlink(path)
			if rerr != nil {
				return "", rerr
			}
			if !filepath.IsAbs(to) {
				to = filepath.Join(filepath.Dir(path), to)
			}
			return to, nil
		}
		if st, err = os.Stat(target); err != nil {
			return "", err
		}
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s, not a regular file: a checkpoint is a file that qtool replaces", safeout.Kind(st.Mode()))
	}
	return target, nil
}

var cleaned sync.Map // the targets whose stale temporary files are gone
