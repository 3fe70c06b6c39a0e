package search_test

import (
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// The explicit construction for eight queens, in the notation of the seed
// document: file letter = column, rank = row + 1.
func ExampleConstruct() {
	p, err := search.Construct(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := p.Algebraic()
	fmt.Println(s)
	fmt.Println(encode.Verify(encode.Empty(8).Problem(), p))

	_, err = search.Construct(3)
	fmt.Println(err)
	// Output:
	// a2, b4, c6, d8, e3, f1, g7, h5
	// <nil>
	// search: construct: no solution exists for n = 3: two queens on a 3×3 board always attack each other
}

// A million queens without any search.
func ExampleConstruct_million() {
	p, _ := search.Construct(1_000_000)
	fmt.Println(len(p), encode.Verify(encode.Empty(len(p)).Problem(), p))
	// Output:
	// 1000000 <nil>
}
