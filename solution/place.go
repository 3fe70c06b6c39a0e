package solution

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/qtool-project/qtool/internal/listcheck"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/internal/safeout"
	"github.com/qtool-project/qtool/search"
)

// PlaceMethods are the methods of Place.
var PlaceMethods = []string{"minconflicts", "construct"}

// PlaceNeeds returns what Place with method needs for n queens: the bytes
// of memory of the search and the largest n the method handles; ok is
// false for an unknown method.
func PlaceNeeds(method string, n int) (need uint64, most int, ok bool) {
	switch method {
	case "minconflicts":
		return search.MinConflictsBytes(n, 0), search.MinConflictsMaxN, true
	case "construct":
		return 4 * uint64(max(n, 0)), search.ConstructMaxN, true
	}
	return 0, 0, false
}

// PlaceOptions say what Place does: one solution of the empty N×N board
// by Method ("minconflicts" with Seed, or "construct"), written to Out in
// list form and, unless NoVerify, read back through the streaming
// verifier.
type PlaceOptions struct {
	N        int
	Method   string
	Seed     int64
	Out      string
	NoVerify bool
}

// Check refuses, before anything is allocated, the options that Place
// would not run: an unknown Method, an N below 1 or larger than the method
// handles, a size whose memory estimate exceeds what the machine has
// (internal/memlimit). Its errors name qtool place's options ("solution:
// place: -n must be at least 1, got 0").
func (o PlaceOptions) Check() error {
	need, most, ok := PlaceNeeds(o.Method, o.N)
	switch {
	case !ok:
		return fmt.Errorf("solution: place: --method %q: want minconflicts or construct", o.Method)
	case o.N < 1:
		return fmt.Errorf("solution: place: -n must be at least 1, got %d", o.N)
	case o.N > most:
		return fmt.Errorf("solution: place: -n %d is larger than %s handles (%d)", o.N, o.Method, most)
	}
	if err := memlimit.Check(fmt.Sprintf("place: n = %d with %s (%.2f bytes a queen)", o.N, o.Method, float64(need)/float64(o.N)), need); err != nil {
		return fmt.Errorf("solution: %w", err)
	}
	return nil
}

// PlaceRecord is what Place did, as qtool place --json prints it.
type PlaceRecord struct {
	N             int               `json:"n"`
	Method        string            `json:"method"`
	Seed          int64             `json:"seed,omitempty"`
	Out           string            `json:"out"`
	BytesEstimate uint64            `json:"bytes_estimate"`
	SearchSeconds float64           `json:"search_seconds"`
	WriteSeconds  float64           `json:"write_seconds"`
	VerifySeconds float64           `json:"verify_seconds,omitempty"`
	Verified      bool              `json:"verified"`
	Stats         map[string]uint64 `json:"stats,omitempty"`
}

// StepError is a step of Place that failed or was stopped by its
// context: "the search", "writing FILE", "verifying FILE (it is written,
// not verified)".
type StepError struct {
	Step string
	Err  error
}

func (e *StepError) Error() string { return "solution: " + e.Step + ": " + e.Err.Error() }

func (e *StepError) Unwrap() error { return e.Err }

// WrongError is a written file that the verifier refused: not a
// solution (Err), or a solution of Got queens, not N.
type WrongError struct {
	Out    string
	N, Got int
	Err    error
}

func (e *WrongError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("solution: %s is written but is no solution: %v", e.Out, e.Err)
	}
	return fmt.Sprintf("solution: %s holds %d queens, not %d", e.Out, e.Got, e.N)
}

// Place finds one solution of a huge board (up to about 10⁹ queens),
// writes it to o.Out (under a temporary name, renamed when complete; a
// device or FIFO is written in place) and checks it as it reads it back
// with the independent streaming verifier (internal/listcheck), after the
// search's memory is freed. A failed or stopped step is a *StepError, a
// written file that is no solution a *WrongError.
func Place(ctx context.Context, o PlaceOptions) (*PlaceRecord, error) {
	need, _, _ := PlaceNeeds(o.Method, o.N)
	rec := &PlaceRecord{N: o.N, Method: o.Method, Out: o.Out, BytesEstimate: need}
	start := time.Now()
	cols, err := rec.search(ctx, o)
	if err != nil {
		return nil, &StepError{"the search", err}
	}
	rec.SearchSeconds = time.Since(start).Seconds()

	start = time.Now()
	inPlace, err := writeColumnsFile(ctx, o.Out, cols)
	if err != nil {
		return nil, &StepError{"writing " + o.Out, err}
	}
	rec.WriteSeconds = time.Since(start).Seconds()
	readBack := func() (io.ReadCloser, error) { return os.Open(o.Out) }
	if inPlace {
		// A device or FIFO cannot be read back: the verifier reads the
		// same list form from memory.
		kept := cols
		readBack = func() (io.ReadCloser, error) {
			pr, pw := io.Pipe()
			go func() { pw.CloseWithError(Columns(ctx, pw, kept)) }()
			return pr, nil
		}
	}
	cols = nil
	runtime.GC()
	debug.FreeOSMemory() // the verifier's memory comes after the search's, not on top

	if !o.NoVerify {
		if err := rec.verify(ctx, readBack); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// search runs the method, keeping its statistics.
func (rec *PlaceRecord) search(ctx context.Context, o PlaceOptions) ([]int32, error) {
	if o.Method == "construct" {
		return search.ConstructColumns(ctx, o.N)
	}
	rec.Seed = o.Seed
	cols, st, err := search.MinConflictsColumns(ctx, o.N, search.MinConflictsOptions{Seed: o.Seed, MaxRestarts: -1})
	rec.Stats = map[string]uint64{"steps": st.Steps, "swaps": st.Swaps, "restarts": st.Restarts, "initial_conflicts": st.InitialConflicts}
	return cols, err
}

// writeColumnsFile writes the columns in list form to a temporary file
// beside path and renames it to path when all is written (a device or
// FIFO is written in place, reported by inPlace); the context is looked
// at every 2²⁰ rows. On any failure the temporary file is removed.
func writeColumnsFile(ctx context.Context, path string, cols []int32) (inPlace bool, err error) {
	f, err := safeout.CreateContext(ctx, path)
	if err != nil {
		return false, unwrapPath(err)
	}
	defer f.Discard()
	if err := Columns(ctx, f, cols); err != nil {
		return false, unwrapPath(err)
	}
	return f.InPlace(), unwrapPath(f.Commit())
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// verify reads the written solution back through the streaming verifier,
// timing it.
func (rec *PlaceRecord) verify(ctx context.Context, readBack func() (io.ReadCloser, error)) error {
	start := time.Now()
	f, err := readBack()
	if err != nil {
		return err
	}
	got, err := listcheck.Check(ctx, f, rec.Out)
	f.Close()
	if err != nil {
		if ctx.Err() != nil {
			return &StepError{"verifying " + rec.Out + " (it is written, not verified)", err}
		}
		return &WrongError{Out: rec.Out, N: rec.N, Err: err}
	}
	if got != rec.N {
		return &WrongError{Out: rec.Out, N: rec.N, Got: got}
	}
	rec.VerifySeconds = time.Since(start).Seconds()
	rec.Verified = true
	return nil
}
