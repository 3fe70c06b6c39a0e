package target

import (
	"bufio"
	"context"
	"errors"
	"io"
	"sort"
)

// An Encoder writes a problem in one format for an outside solver: a
// target of qtool encode --to. Each registers itself from an init function
// of its own file (Register).
type Encoder struct {
	// Name is the target's name (--to NAME), About what it writes.
	Name, About string
	// Model: the encoder writes the problem's model too, so it takes every
	// problem (a variant, blocked squares, excluded diagonals, a chosen
	// number of pieces); without it, plain n-queens boards only.
	Model bool
	// Encode writes the job's problem to w.
	Encode func(w io.Writer, j Job) error
	// Estimate, when set, estimates what Encode needs before anything is
	// built: the bytes it writes and the bytes of memory it takes, and what
	// the output is, for messages ("the CNF of n = 8 with --amo pairwise
	// (64 variables, 736 clauses)").
	Estimate func(j Job) (out, mem uint64, what string, err error)
}

var encoders = map[string]Encoder{}

// Register adds an encoder; a name registered twice panics.
func Register(e Encoder) {
	if _, dup := encoders[e.Name]; dup {
		panic("target: encoder registered twice: " + e.Name)
	}
	encoders[e.Name] = e
}

// Lookup returns the encoder registered under name.
func Lookup(name string) (Encoder, bool) {
	e, ok := encoders[name]
	return e, ok
}

// Names lists the registered encoders in sorted order.
func Names() []string {
	names := make([]string, 0, len(encoders))
	for n := range encoders {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// A WriteError is an error of the output itself (a full disk, a closed
// pipe), not of the encoding: Write's error when writing to w failed.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "target: writing: " + e.Err.Error() }

// Unwrap returns the output's error.
func (e *WriteError) Unwrap() error { return e.Err }

// Write encodes j to w through a buffer of 64 KiB, stopping at once when
// ctx ends or at w's first error, however deep in its loops the encoder
// is (StopWriter). A failed write of w is a *WriteError; when ctx ended
// first, the error is ErrStopped (ctx.Err says why); any other error is
// the encoder's.
func (e Encoder) Write(ctx context.Context, w io.Writer, j Job) error {
	aw := NewStopWriter(ctx, w)
	bw := bufio.NewWriterSize(aw, 1<<16)
	if err := aw.Run(func() error { return e.Encode(bw, j) }); err != nil {
		if ctx.Err() == nil && errors.Is(err, ErrStopped) {
			return &WriteError{aw.Err()}
		}
		return err
	}
	if err := aw.Run(bw.Flush); err != nil {
		return &WriteError{aw.Err()}
	}
	return nil
}

func init() {
	Register(Encoder{
		Name:  "dlx",
		About: "Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1), for qtool xcover or dlx1",
		// A plain board: Knuth's queens-dlx matrix; a model: its
		// generalized exact cover, with multiplicities (dlx3) where a
		// line has other bounds.
		Model:  true,
		Encode: WriteDLX,
		Estimate: func(j Job) (uint64, uint64, string, error) {
			out, mem, what := SizeDLX(j)
			return out, mem, what, nil
		},
	})
	Register(Encoder{
		Name:  "dimacs",
		About: "CNF in the DIMACS format, for qtool sat or any SAT solver (--amo chooses the at-most-one encoding)",
		// A plain board: encode.CNF (Formula); a model: Model.EncodeCNF.
		Model:    true,
		Encode:   WriteDIMACS,
		Estimate: SizeDIMACS,
	})
}
