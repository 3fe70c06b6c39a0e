package progress_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/internal/progress"
)

// A bar reports a run's units as it goes and is erased when the run ends.
func ExampleBar() {
	var term bytes.Buffer
	bar := progress.New(&term, "counting")
	bar.Update(3, 4)
	fmt.Println(strings.Contains(term.String(), "counting"), strings.Contains(term.String(), "3/4"))
	bar.Done()
	// Output: true true
}
