package ranges

import (
	"fmt"
	"testing"
)

func ExampleFormat() {
	fmt.Println(Format([]int{9, 0, 1, 2, 3, 7, 10}))
	fmt.Println(Join(Runs([]int{0, 2, 3, 4, 9}), ",", 0, 5))
	// Output:
	// 0-3, 7, 9-10
	// 0,2-4,9
}

func TestFormat(t *testing.T) {
	var many []int
	for i := 0; i < 50; i++ {
		many = append(many, 3*i)
	}
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{7}, "7"},
		{[]int{3, 3}, "3, 3"},
		{[]int{5, 4, 3}, "3-5"},
		{[]int{-2, -1, 0, 2}, "-2-0, 2"},
		{many, "0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, … (50 in all)"},
	} {
		if got := Format(c.in); got != c.want {
			t.Errorf("Format(%v) = %q, want %q", c.in, got, c.want)
		}
	}
	in := []int{2, 1}
	Format(in)
	if in[0] != 2 {
		t.Errorf("Format changed its argument: %v", in)
	}
}
