package experiments_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

func TestReadReference(t *testing.T) {
	ref := rnReference(t)
	if ref.Len() != 27 {
		t.Errorf("unexpected size: got %d want 27", ref.Len())
	}
	for n, want := range map[int]uint64{1: 1, 2: 0, 8: 92, 12: 14200, 27: 234907967154122528} {
		if got, ok := ref.Count(n); !ok || got != want {
			t.Errorf("unexpected count for n=%d: got %d (%v) want %d", n, got, ok, want)
		}
	}
	if _, ok := ref.Count(28); ok {
		t.Errorf("n=28 is not in the table")
	}
	if s := ref.String(); s != "nqueens-counts.tsv (27 counts, n=1..27)" {
		t.Errorf("unexpected description %q", s)
	}
	var none *experiments.Reference
	if _, ok := none.Count(8); ok || !strings.HasPrefix(none.String(), "none") {
		t.Errorf("a nil reference knows nothing")
	}
	for _, c := range []struct{ in, want string }{
		{"", "experiments: r.tsv: no counts"},
		{"# only a comment\n", "experiments: r.tsv: no counts"},
		{"8\n", `experiments: r.tsv:1: want n and a count, got "8"`},
		{"8 92\n\tx 1\n", `experiments: r.tsv:2:2: n must be a positive integer, got "x"`},
		{"8 92\n0 1\n", `experiments: r.tsv:2:1: n must be a positive integer, got "0"`},
		{"8  -92\n", `experiments: r.tsv:1:4: count must be a non-negative integer below 2^64, got "-92"`},
		{"8 92\n8 93\n", "experiments: r.tsv:2:3: n=8 counted twice: 92 and 93"},
	} {
		_, err := experiments.ReadReference(strings.NewReader(c.in), "r.tsv")
		if err == nil || err.Error() != c.want {
			t.Errorf("ReadReference(%q): got %v want %q", c.in, err, c.want)
		}
	}
}

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"4-12", []int{4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{"8", []int{8}},
		{"1000,10000,100000", []int{1000, 10000, 100000}},
		{" 10 , 4-6,5", []int{4, 5, 6, 10}},
	} {
		got, err := experiments.ParseRange(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseRange(%q): got %v, %v want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "experiments: empty range of n"},
		{"12-4", `experiments: range "12-4" in "12-4" runs backwards`},
		{"0-4", `experiments: n "0" in "0-4": want an integer from 1 to 16777216`},
		{"4-", `experiments: n "" in "4-": want an integer from 1 to 16777216`},
		{"a", `experiments: n "a" in "a": want an integer from 1 to 16777216`},
		{"1-100000", `experiments: "1-100000" lists more than 65536 values of n`},
	} {
		_, err := experiments.ParseRange(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseRange(%q): got %v want %q", c.in, err, c.want)
		}
	}
}

func TestLoadBoards(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.txt", "# a queen in a1\nQ...\n....\n....\n....\n")
	write("a.txt", "n 5\n- 2 - - -\n")
	write("c.txt", "n 5\n-\t2 - - -\n") // the same board as a.txt
	write(".hidden", "not a board")
	ps, err := experiments.LoadBoards(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"a.txt", "b.txt", "c.txt"}) {
		t.Fatalf("unexpected boards %q", names)
	}
	if ps[1].Board.N != 4 || ps[1].Board.Queen(0) != 0 || ps[1].Board.Given() != 1 {
		t.Errorf("unexpected board b.txt: %+v", ps[1].Board)
	}
	ka, kb, kc := ps[0].Key(), ps[1].Key(), ps[2].Key()
	if ka.Hash == "" || ka.Hash == kb.Hash || ka.Hash != kc.Hash || !strings.HasPrefix(ka.Hash, "sha256:") || len(ka.Hash) != len("sha256:")+12 {
		t.Errorf("unexpected digests %q %q %q", ka.Hash, kb.Hash, kc.Hash)
	}
	if k := experiments.EmptyBoards([]int{8})[0].Key(); k.Hash != "" || k.Board != "" || k.N != 8 {
		t.Errorf("the empty board has no digest: %+v", k)
	}

	write("d.txt", "QQ..\n....\n....\n....\n")
	if _, err := experiments.LoadBoards(dir); err == nil || !strings.Contains(err.Error(), "d.txt") {
		t.Errorf("an invalid board must be named: got %v", err)
	}
	if _, err := experiments.LoadBoards(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no board files") {
		t.Errorf("an empty directory: got %v", err)
	}
	if _, err := experiments.LoadBoards(filepath.Join(dir, "nope")); err == nil || !strings.HasPrefix(err.Error(), "experiments: boards: ") {
		t.Errorf("a missing directory: got %v", err)
	}
}

func TestDefaultSpec(t *testing.T) {
	s := experiments.DefaultSpec()
	if s.Repeats != 3 || s.Timeout != 10*time.Second || s.Seed != 1 {
		t.Errorf("unexpected settings %+v", s)
	}
	var counting, enumerating, finding []string
	for _, name := range backend.Names() {
		b, _ := backend.Lookup(name)
		c := b.Caps()
		if c.AliasOf != "" {
			if _, err := backend.Lookup(c.AliasOf); err != nil {
				t.Errorf("%s is an alias of %q, which is not registered", name, c.AliasOf)
			}
			continue // measured once, under its own name
		}
		if c.External {
			continue // outside programs run only when named
		}
		if c.Count && c.Enumerates {
			enumerating = append(enumerating, name)
		} else if c.Count {
			counting = append(counting, name)
		} else if c.Find {
			finding = append(finding, name)
		}
	}
	// A counter that reports its method (the join) is not one that
	// enumerates: it is measured on the main experiment's full range.
	if !slices.Contains(counting, "join") || !slices.Contains(enumerating, "sat-pairwise") {
		t.Errorf("counting %v, enumerating %v: want join among the first, sat-pairwise among the second", counting, enumerating)
	}
	want := 0
	for _, bs := range [][]string{counting, enumerating, finding} {
		if len(bs) > 0 {
			want++
		}
	}
	if len(s.Grids) != want {
		t.Fatalf("unexpected grids: got %d want %d", len(s.Grids), want)
	}
	for _, g := range s.Grids {
		var names []string
		for _, b := range g.Backends {
			names = append(names, b.Name())
		}
		var ns []int
		for _, p := range g.Problems {
			ns = append(ns, p.Board.N)
		}
		switch g.Task {
		case experiments.TaskCount:
			okPlain := slices.Equal(names, counting) && slices.Equal(ns, []int{4, 5, 6, 7, 8, 9, 10, 11})
			okEnum := slices.Equal(names, enumerating) && slices.Equal(ns, []int{4, 5, 6, 7, 8, 9})
			if !okPlain && !okEnum {
				t.Errorf("count grid: %v on %v", names, ns)
			}
		case experiments.TaskFirst:
			if !slices.Equal(names, finding) || !slices.Equal(ns, []int{1000, 10000, 100000}) {
				t.Errorf("first grid: %v on %v", names, ns)
			}
		default:
			t.Errorf("unexpected task %v", g.Task)
		}
	}
	if err := s.Validate(); len(s.Grids) > 0 && err != nil {
		t.Error(err)
	}
}

func TestSpecValidate(t *testing.T) {
	ok := experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{rnHonest("a", nil)}, Problems: experiments.EmptyBoards([]int{4})}
	for _, c := range []struct {
		s    experiments.Spec
		want string
	}{
		{experiments.Spec{Repeats: 0, Grids: []experiments.Grid{ok}}, "experiments: repeats must be at least 1, got 0"},
		{experiments.Spec{Repeats: 1, Timeout: -1, Grids: []experiments.Grid{ok}}, "experiments: negative time limit -1ns"},
		{experiments.Spec{Repeats: 1}, "experiments: nothing to run: no grid"},
		{experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{Task: experiments.TaskFirst, Problems: ok.Problems}}}, "experiments: grid 1 (first): no backend"},
		{experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{Backends: ok.Backends, Problems: []experiments.Case{{Board: encode.Board{N: 0}}}}}}, "encode: n must be at least 1, got 0"},
	} {
		if err := c.s.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("got %v want %q", err, c.want)
		}
	}
	for _, name := range []string{"count", "first", "complete", "decide"} {
		if task, err := experiments.ParseTask(name); err != nil || task.String() != name {
			t.Errorf("ParseTask(%q): %v %v", name, task, err)
		}
	}
	if _, err := experiments.ParseTask("all"); err == nil || err.Error() != `experiments: unknown mode "all" (want count, first, complete or decide)` {
		t.Errorf("ParseTask(all): %v", err)
	}
}

func TestSpecEnv(t *testing.T) {
	s := experiments.Spec{Repeats: 3, Timeout: 10 * time.Second, Seed: 7, Reference: rnReference(t)}
	e := s.Env()
	if e.Seed != 7 || e.Settings["repeats"] != "3" || e.Settings["timeout"] != "10s" || !strings.HasPrefix(e.Settings["reference"], "nqueens-counts.tsv") {
		t.Errorf("unexpected env %+v", e)
	}
	if e.GoVersion == "" || e.Cores < 1 || e.Date.IsZero() {
		t.Errorf("unexpected env %+v", e)
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"4-12", "8", "1000,10000,100000", "4-8,10", "-", ",", "9-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ns, err := experiments.ParseRange(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "experiments: ") {
				t.Fatalf("error without the package prefix: %v", err)
			}
			return
		}
		if len(ns) == 0 || !slices.IsSorted(ns) || len(slices.Compact(slices.Clone(ns))) != len(ns) || ns[0] < 1 {
			t.Fatalf("ParseRange(%q) = %v", s, ns)
		}
	})
}

func FuzzReadReference(f *testing.F) {
	f.Add("# n\tall\tfundamental\n1\t1\t1\n8\t92\t12\n")
	f.Add("8 92\n8 93\n")
	f.Add("\n\n27\t234907967154122528\n")
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := experiments.ReadReference(strings.NewReader(s), "fuzz.tsv")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "experiments: fuzz.tsv") {
				t.Fatalf("error without file name: %v", err)
			}
			return
		}
		if ref.Len() == 0 {
			t.Fatalf("a table without counts was accepted")
		}
	})
}

// TestLoadReference: "" is the built-in table, "none" none, a path its
// file; a missing file is os.Open's error.
func TestLoadReference(t *testing.T) {
	if ref, err := experiments.LoadReference(""); err != nil || ref != experiments.BuiltinReference() {
		t.Errorf(`experiments.LoadReference("") = %v, %v; want the built-in table`, ref, err)
	}
	if ref, err := experiments.LoadReference("none"); err != nil || ref != nil {
		t.Errorf(`experiments.LoadReference("none") = %v, %v; want none`, ref, err)
	}
	path := filepath.Join(t.TempDir(), "counts.tsv")
	if err := os.WriteFile(path, []byte("# n count\n4 2\n5 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ref, err := experiments.LoadReference(path)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := ref.Count(5); !ok || c != 10 || ref.Len() != 2 || ref.Source != path {
		t.Errorf("experiments.LoadReference(%s): count(5) = %d, %t; %d counts from %s", path, c, ok, ref.Len(), ref.Source)
	}
	var pe *os.PathError
	if _, err := experiments.LoadReference(path + ".missing"); !errors.As(err, &pe) {
		t.Errorf("LoadReference of a missing file = %v, want an *os.PathError", err)
	}
}
