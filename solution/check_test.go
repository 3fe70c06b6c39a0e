package solution

import (
	"context"
	"strings"
	"testing"
)

// TestCheck: a legal partial board, a complete solution, an illegal
// board with its reason and its size, a parameter file with its excluded
// diagonals, and a file that is no board.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		file   string
		want   CheckRecord
		reason string // a part of the reason
		err    bool
	}{
		{"Q...\n....\n....\n....\n", CheckRecord{File: "b", N: 4, Queens: 1, Legal: true}, "", false},
		{".Q..\n...Q\nQ...\n..Q.\n", CheckRecord{File: "b", N: 4, Queens: 4, Legal: true, Complete: true}, "", false},
		{"Q...\n.Q..\n....\n....\n", CheckRecord{File: "b", N: 4, Queens: 2}, "b:2:2", false},
		{"letting n = 4\nletting init = [[0, 1]]\n", CheckRecord{File: "b", N: 4, Queens: 1, Legal: true}, "", false},
		{"letting n = 4\nletting init = [[0, 1],\n [1, 2]]\n", CheckRecord{File: "b"}, "b:3:2: queens at (0,1) b1 and (1,2) c2 share a diagonal", false},
		{"hello\n", CheckRecord{File: "b"}, "", true},
	} {
		rec, err := Check(strings.NewReader(c.file), "b")
		if c.err {
			if err == nil {
				t.Errorf("%q: no error, record %+v", c.file, rec)
			}
			continue
		}
		reason := rec.Reason
		rec.Reason = ""
		if err != nil || rec != c.want || !strings.Contains(reason, c.reason) || (c.reason == "") != (reason == "") {
			t.Errorf("%q: %+v (reason %q), %v; want %+v with %q", c.file, rec, reason, err, c.want, c.reason)
		}
	}
}

// TestVerify: a solution in list form, a list that is not one (with the
// reason), and a context already done.
func TestVerify(t *testing.T) {
	rec, err := Verify(context.Background(), strings.NewReader("1 3 0 2\n"), "q")
	if err != nil || rec != (VerifyRecord{File: "q", N: 4, Solution: true}) {
		t.Errorf("a solution: %+v, %v", rec, err)
	}
	rec, err = Verify(context.Background(), strings.NewReader("0 1 2 3\n"), "q")
	if err != nil || rec.Solution || rec.Reason == "" {
		t.Errorf("not a solution: %+v, %v", rec, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Verify(ctx, strings.NewReader("1 3 0 2\n"), "q"); err == nil {
		t.Error("a context already done: no error")
	}
}
