package safeout_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/internal/safeout"
)

// A run that found nothing leaves the old file as it was.
func Example() {
	dir, _ := os.MkdirTemp("", "safeout")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "solutions.txt")
	safeout.WriteFile(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "0 2 4 1 3\n")
		return err
	})
	o, _ := safeout.Create(path)
	io.WriteString(o, "# incomplete: timed out after 0 solution(s)\n")
	fmt.Println("kept:", o.Keep())
	b, _ := os.ReadFile(path)
	fmt.Print(string(b))
	// Output:
	// kept: true
	// 0 2 4 1 3
}
