package nearest_test

import (
	"fmt"

	"github.com/qtool-project/qtool/internal/nearest"
)

// A misspelt command among the known ones.
func ExampleNames() {
	fmt.Println(nearest.Names("cuont", []string{"bench", "check", "count", "solve"}))
	fmt.Println(nearest.Names("sol", []string{"bench", "check", "count", "solve"}))
	// Output:
	// [count]
	// [solve]
}
