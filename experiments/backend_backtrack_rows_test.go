package experiments_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// TestBacktrackRows: backtrack-rows finds the same completions as backtrack
// on a board with queens given, in row order (its nodes are those of
// backtrack --order rows, not of the default most-constrained order), and
// the default experiment leaves it out as an alias.
func TestBacktrackRows(t *testing.T) {
	rows, err := backend.Lookup("backtrack-rows")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	if rows.Caps().AliasOf != "backtrack" {
		t.Errorf("AliasOf = %q", rows.Caps().AliasOf)
	}
	// 12×12, queens given on the first and the last row.
	b, err := encode.ParseBoardBytes([]byte("..Q.........\n"+strings.Repeat("............\n", 10)+".......Q....\n"), "two given")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := func(be backend.Backend, order string) backend.Outcome {
		req := backend.Request{Mode: backend.Count}
		if order != "" {
			req.Options = map[string]string{"order": order}
		}
		out, err := backend.SolveBoard(ctx, be, b, req)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	r, byRows, byDefault := run(rows, ""), run(plain, "rows"), run(plain, "")
	if r.Solutions == 0 || r.Solutions != byDefault.Solutions {
		t.Errorf("backtrack-rows counts %d, backtrack %d", r.Solutions, byDefault.Solutions)
	}
	if r.Nodes != byRows.Nodes || r.Nodes == byDefault.Nodes {
		t.Errorf("nodes: backtrack-rows %d, --order rows %d, default %d", r.Nodes, byRows.Nodes, byDefault.Nodes)
	}
}
