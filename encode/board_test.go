package encode_test

import (
	"errors"
	"github.com/qtool-project/qtool/internal/oracle"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

func TestBruteMatchesReference(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 7; n++ {
		if got := uint64(len(oracle.Completions(encode.Empty(n)))); got != ref[n][0] {
			t.Errorf("unexpected count for n=%d: got %d want %d", n, got, ref[n][0])
		}
	}
}

func TestVerify(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 7; n++ {
		sols := oracle.Completions(encode.Empty(n))
		for _, p := range sols {
			if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
				t.Errorf("n=%d: Verify rejects solution %v: %v", n, p, err)
			}
		}
		// Verify accepts exactly the solutions among all n^n assignments.
		if n <= 6 {
			ok := uint64(0)
			p := make(encode.Placement, n)
			var rec func(r int)
			rec = func(r int) {
				if r == n {
					if encode.Verify(encode.Empty(n).Problem(), p) == nil {
						ok++
					}
					return
				}
				for c := 0; c < n; c++ {
					p[r] = c
					rec(r + 1)
				}
			}
			rec(0)
			if ok != ref[n][0] {
				t.Errorf("n=%d: Verify accepts %d assignments, want %d", n, ok, ref[n][0])
			}
		}
	}
	b := encode.Board{N: 8, Queens: []int{0, -1, -1, -1, -1, -1, -1, -1}}
	good := encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	if err := encode.Verify(b.Problem(), good); err != nil {
		t.Errorf("Verify rejects a completion: %v", err)
	}
	b.Queens[0] = 1
	if err := encode.Verify(b.Problem(), good); err == nil || !strings.Contains(err.Error(), "given queen") {
		t.Errorf("Verify accepts a placement that moves a given queen: %v", err)
	}
	for _, bad := range []encode.Placement{{0, 4, 7, 5, 2, 6, 1}, {0, 4, 7, 5, 2, 6, 1, 8}, {0, 4, 7, 5, 2, 6, 1, -1}, {0, 4, 7, 5, 2, 6, 3, 1}, {0, 0, 7, 5, 2, 6, 1, 3}} {
		if encode.Verify(encode.Empty(8).Problem(), bad) == nil {
			t.Errorf("Verify accepts %v", bad)
		}
	}
	if encode.Verify(encode.Board{}.Problem(), encode.Placement(nil)) == nil {
		t.Error("Verify accepts n = 0")
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		b    encode.Board
		want string // substring of the error, "" when valid
	}{
		{encode.Board{N: 4, Queens: []int{1, 3, -1, -1}}, ""},
		{encode.Board{N: 1}, ""},
		{encode.Board{N: 0}, "n must be at least 1"},
		{encode.Board{N: -3}, "n must be at least 1"},
		{encode.Board{N: 4, Queens: []int{0, 1, -1, -1}}, "(0,0) a1 and (1,1) b2 share a diagonal"},
		{encode.Board{N: 4, Queens: []int{3, 2, -1, -1}}, "(0,3) d1 and (1,2) c2 share a diagonal"},
		{encode.Board{N: 4, Queens: []int{2, -1, 2, -1}}, "share column 2"},
		{encode.Board{N: 4, Queens: []int{4}}, "column 4 out of range"},
		{encode.Board{N: 4, Queens: []int{-2}}, "column -2 out of range"},
		{encode.Board{N: 2, Queens: []int{0, -1, 1}}, "has 3 rows"},
	}
	for _, c := range cases {
		err := c.b.Validate()
		if c.want == "" {
			if err != nil {
				t.Errorf("%+v: unexpected error %v", c.b, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got error %v, want one containing %q", c.b, err, c.want)
		}
		if err != nil && !errors.Is(err, encode.ErrInvalidBoard) {
			t.Errorf("%+v: error %v does not wrap ErrInvalidBoard", c.b, err)
		}
	}
}

func TestSymmetries(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 8; n++ {
		sols := oracle.Completions(encode.Empty(n))
		set := map[string]bool{}
		for _, p := range sols {
			set[p.String()] = true
		}
		classes := map[string]int{}
		for _, p := range sols {
			for _, s := range encode.Symmetries {
				q := s.Apply(p)
				if !set[q.String()] {
					t.Errorf("n=%d: %v maps solution %v to %v, not a solution", n, s, p, q)
				}
			}
			c, size := encode.Canonical(p)
			if prev, ok := classes[c.String()]; ok && prev != size {
				t.Errorf("n=%d: class %v has sizes %d and %d", n, c, prev, size)
			}
			classes[c.String()] = size
		}
		if uint64(len(classes)) != ref[n][1] {
			t.Errorf("unexpected fundamental count for n=%d: got %d want %d", n, len(classes), ref[n][1])
		}
		total := 0
		for _, size := range classes {
			total += size
		}
		if uint64(total) != ref[n][0] {
			t.Errorf("n=%d: class sizes add up to %d, want %d", n, total, ref[n][0])
		}
	}
	// The group: composition is closed and every element has an inverse.
	p := encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	for _, a := range encode.Symmetries {
		found := false
		for _, b := range encode.Symmetries {
			if b.Apply(a.Apply(p)).String() == p.String() {
				found = true
			}
		}
		if !found {
			t.Errorf("%v has no inverse", a)
		}
	}
	if got := encode.Rot90.Apply(encode.Rot90.Apply(p)).String(); got != encode.Rot180.Apply(p).String() {
		t.Errorf("rot90 twice = %s, rot180 = %s", got, encode.Rot180.Apply(p))
	}
}
