package checkpoint_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/checkpoint"
)

// A count records its finished subproblems, then a later run reads them
// back and checks that they are of its split and shard.
func Example() {
	dir, _ := os.MkdirTemp("", "ckpt")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "n12.ckpt")
	split := "domains/1 n=12 depth=3 subproblems=268 hash=b8d3362bd9ccbea3"
	s := &checkpoint.State{Split: split, Shard: 0, Shards: 1, Todo: 268,
		Parts: []checkpoint.Part{{ID: 0, Solutions: 64, Unique: 8, Nodes: 900}}}
	if err := checkpoint.Write(path, s); err != nil {
		fmt.Println(err)
		return
	}
	back, err := checkpoint.Read(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(back.Parts), back.Parts[0].Solutions, back.Check(split, 0, 1, 268))
	fmt.Println(back.Check(split, 1, 2, 134))
	// Output:
	// 1 64 <nil>
	// checkpoint is of shard 0/1, not 1/2
}
