package plural_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/qtool-project/qtool/internal/plural"
)

func TestOf(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{plural.Of(0, "queen"), "0 queens"},
		{plural.Of(1, "queen"), "1 queen"},
		{plural.Of(2, "blocked square"), "2 blocked squares"},
		{plural.Of(-1, "row"), "-1 rows"},
		{plural.Of(uint64(math.MaxUint64), "solution"), "18446744073709551615 solutions"},
		{plural.Of(int64(math.MinInt64), "node"), "-9223372036854775808 nodes"},
		{plural.Irregular(1, "match", "matches"), "1 match"},
		{plural.Irregular(7, "match", "matches"), "7 matches"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func ExampleOf() {
	fmt.Println(plural.Of(1, "queen"), "and", plural.Of(3, "excluded diagonal"))
	// Output: 1 queen and 3 excluded diagonals
}
