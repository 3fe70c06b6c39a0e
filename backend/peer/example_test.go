package peer_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/backend/peer"
	"github.com/qtool-project/qtool/encode"
)

// A program of one's own as a backend, in the board protocol: here cat,
// which hands the board back as it came, empty; the harness's verifier
// catches it.
func ExampleNewExec() {
	b, err := peer.NewExec("cat", "board", "cat")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = backend.Solve(context.Background(), b, encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}}, backend.Request{Mode: backend.Find, Limit: 1})
	fmt.Println(errors.Is(err, backend.ErrWrongAnswer))
	// Output:
	// true
}
