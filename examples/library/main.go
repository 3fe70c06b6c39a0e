// Command library is the README's "Use it as a library" example: count
// with dancing links, complete a board, run a small comparison and print
// its table.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/all" // registers every backend
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

func main() {
	ctx := context.Background()
	dlx, err := backend.Lookup("dlx")
	if err != nil {
		log.Fatal(err)
	}

	// Count the solutions of the 8-queens problem with dancing links.
	empty := encode.Problem{Instance: encode.Instance{Board: encode.Empty(8)}}
	out, err := backend.Solve(ctx, dlx, empty, backend.Request{Mode: backend.Count, Workers: experiments.DefaultWorkers})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("8-queens:", out.Solutions, "solutions")

	// Complete a board with two queens given; the verifier checks the answer.
	board, err := encode.ParseBoard(strings.NewReader("..Q.....\n........\n........\n........\n........\n........\n........\n.....Q..\n"), "board.txt")
	if err != nil {
		log.Fatal(err)
	}
	var completion encode.Placement
	req := backend.Request{Mode: backend.Find, Limit: 1, Visit: func(p encode.Placement) bool {
		completion = append(encode.Placement(nil), p...)
		return false
	}}
	if _, err := backend.Solve(ctx, dlx, encode.Problem{Instance: encode.Instance{Board: board}}, req); err != nil {
		log.Fatal(err)
	}
	fmt.Println("completion:", completion, "verified:", encode.Verify(board.Problem(), completion) == nil)

	// Compare two backends on n = 6..9 with qtool bench's defaults (3
	// repeats, 10 s a run, one worker, counts checked against the OEIS).
	backtrack, err := backend.Lookup("backtrack")
	if err != nil {
		log.Fatal(err)
	}
	spec := experiments.NewSpec(experiments.Grid{
		Task:     experiments.TaskCount,
		Backends: []backend.Backend{backtrack, dlx},
		Problems: experiments.EmptyBoards([]int{6, 7, 8, 9}),
	})
	recs, err := (&experiments.Runner{Spec: spec}).Run(ctx)
	if err != nil {
		log.Fatal(err)
	}
	rep := results.NewReport(nil, recs, "backtrack")
	rep.Layout.Columns = []results.Column{results.ColMedian, results.ColRatio}
	if err := rep.Write(os.Stdout, results.Text); err != nil {
		log.Fatal(err)
	}
	fmt.Println("mismatches:", rep.Count(results.Mismatch))
}
