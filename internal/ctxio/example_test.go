package ctxio_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/qtool-project/qtool/internal/ctxio"
)

// Reading a pipe that no one writes to ends at the time limit.
func ExampleReader() {
	pr, pw, err := os.Pipe()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer pw.Close()
	defer pr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err = io.ReadAll(ctxio.Reader(ctx, pr))
	fmt.Println(err)
	// Output: context deadline exceeded
}
