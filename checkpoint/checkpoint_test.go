package checkpoint_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/checkpoint"
)

func sample() *checkpoint.State {
	return &checkpoint.State{
		Split: "constellations/1 n=12 depth=0 subproblems=730 hash=1a5d262a513539f8",
		Shard: 3, Shards: 7, Todo: 104,
		Parts: []checkpoint.Part{{ID: 10, Solutions: 32, Unique: 4, Nodes: 1408}, {ID: 3, Solutions: 16, Unique: 2, Nodes: 1789}},
	}
}

func encode(t *testing.T, s *checkpoint.State) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRoundTrip: what Write writes, Read reads back (parts sorted by id),
// and Check accepts it for its own split and shard only.
func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	s := sample()
	if err := checkpoint.Write(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := checkpoint.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Split != s.Split || got.Shard != 3 || got.Shards != 7 || got.Todo != 104 || len(got.Parts) != 2 ||
		got.Parts[0] != (checkpoint.Part{ID: 3, Solutions: 16, Unique: 2, Nodes: 1789}) || got.Parts[1].ID != 10 {
		t.Fatalf("read back %+v", got)
	}
	if err := got.Check(s.Split, 3, 7, 104); err != nil {
		t.Error(err)
	}
	for _, tc := range []struct {
		split         string
		shard, shards int
		todo          int
		want          string
	}{
		{"constellations/1 n=13 depth=0 subproblems=9 hash=0", 3, 7, 104, "another split"},
		{s.Split, 2, 7, 104, "shard 3/7, not 2/7"},
		{s.Split, 3, 8, 104, "shard 3/7, not 3/8"},
		{s.Split, 3, 7, 105, "104 subproblems"},
	} {
		if err := got.Check(tc.split, tc.shard, tc.shards, tc.todo); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%q, %d/%d, %d) = %v, want %q", tc.split, tc.shard, tc.shards, tc.todo, err, tc.want)
		}
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("%d files in the folder after Write, want 1", len(entries))
	}
}

// TestTruncated: every proper prefix of a checkpoint is refused, with a
// message that says it is truncated or damaged.
func TestTruncated(t *testing.T) {
	data := encode(t, sample())
	for i := 0; i < len(data); i++ {
		_, err := checkpoint.Decode(bytes.NewReader(data[:i]), "c.ckpt")
		if err == nil {
			t.Fatalf("prefix of %d of %d bytes accepted", i, len(data))
		}
		if msg := err.Error(); !strings.Contains(msg, "c.ckpt") {
			t.Fatalf("prefix %d: error %q does not name the file", i, msg)
		}
	}
	if _, err := checkpoint.Decode(bytes.NewReader(data), "c.ckpt"); err != nil {
		t.Fatal(err)
	}
}

// TestDamaged: a changed digit, a duplicate or foreign line, or data after
// the end are refused.
func TestDamaged(t *testing.T) {
	good := string(encode(t, sample()))
	for _, tc := range []struct{ name, text, want string }{
		{"digit", strings.Replace(good, "part 3 16", "part 3 17", 1), "damaged"},
		{"magic", strings.Replace(good, "qtool-checkpoint 1", "qtool-checkpoint 2", 1), "not a qtool checkpoint"},
		{"after end", good + "part 5 1 1 1\n", "after the end"},
		{"duplicate", strings.Replace(good, "part 10 ", "part 3 ", 1), "twice"},
		{"bad shard", strings.Replace(good, "shard 3/7", "shard 7/7", 1), "bad shard"},
		{"bad part", strings.Replace(good, "part 3 16 2 1789", "part 3 x 2 1789", 1), "bad part"},
		{"unknown", strings.Replace(good, "todo 104\n", "todo 104\nwhat 1\n", 1), "unexpected line"},
		{"too many", strings.Replace(good, "todo 104", "todo 1", 1), "more parts"},
		{"empty", "", "truncated"},
		{"long line", good[:20] + strings.Repeat("x", 5000) + "\n", "longer than"},
	} {
		_, err := checkpoint.Decode(strings.NewReader(tc.text), "c.ckpt")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestReadMissing: a missing file is ErrNotExist, so that a first run with
// --resume can start afresh.
func TestReadMissing(t *testing.T) {
	_, err := checkpoint.Read(filepath.Join(t.TempDir(), "none"))
	if !errors.Is(err, checkpoint.ErrNotExist) {
		t.Fatalf("Read of a missing file: %v", err)
	}
}

// FuzzDecode: Decode never panics, and what it accepts encodes back to the
// same bytes.
func FuzzDecode(f *testing.F) {
	var b bytes.Buffer
	sample().Encode(&b)
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := checkpoint.Decode(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := s.Encode(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("accepted %q, encodes to %q", data, out.Bytes())
		}
	})
}
