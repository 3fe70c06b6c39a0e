package flock_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/internal/flock"
)

// Keep a second writer off a file: the lock lives as long as f is open.
func Example() {
	dir, _ := os.MkdirTemp("", "flock")
	defer os.RemoveAll(dir)
	f, _ := os.Create(filepath.Join(dir, "run.lock"))
	defer f.Close()
	fmt.Println(flock.Try(f))
	// Output: <nil>
}
