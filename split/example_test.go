package split_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/split"
)

// Two shards of n = 8 added up.
func ExampleMerge() {
	in := `{"n":8,"backend":"bitmask","board_hash":"sha256:1","solutions":40,"shard":0,"shards":2,"status":"ok"}
{"n":8,"backend":"bitmask","board_hash":"sha256:1","solutions":52,"shard":1,"shards":2,"status":"ok"}`
	recs, err := split.ReadAll(context.Background(), strings.NewReader(in), "shards.json", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := split.Merge(recs)
	fmt.Println(t.Solutions, err)
	// Output: 92 <nil>
}

func ExampleParse() {
	id, _ := split.Parse("constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef")
	fmt.Println(id.Method, id.N, id.Subproblems)
	// Output: constellations 16 29116
}
