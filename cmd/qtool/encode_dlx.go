package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/encode"
)

func init() {
	registerEncoder(encoder{
		name:  "dlx",
		about: "Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1), for qtool xcover or dlx1",
		// A plain board: Knuth's queens-dlx matrix; a model (--problem):
		// its generalized exact cover, with multiplicities (dlx3) where a
		// line has other bounds.
	}.withForms(writeDLX, sizeDLX, writeProblemDLX, sizeProblemDLX))
}

// sizeDLX estimates the dlx1 text of b and the memory of its matrix: one
// option a free square, naming its row, column and two diagonals (each
// name of a few digits), and some 32 bytes of matrix a square.
func sizeDLX(b encode.Board, opts map[string]string) (out, mem uint64, what string, err error) {
	free := uint64(b.N - b.Given())
	digits := uint64(len(strconv.Itoa(2 * b.N)))
	out = free*free*(4*(digits+2)+1) + 16*uint64(b.N)
	mem = free*free*32 + 64*uint64(b.N)
	return out, mem, fmt.Sprintf("the exact-cover matrix of n = %d (%d options)", b.N, free*free), nil
}

// writeDLX writes the exact-cover matrix of b (encode.ExactCover: Knuth's
// queens-dlx form over the free rows and columns) in dlx1's format.
func writeDLX(w io.Writer, b encode.Board, opts map[string]string) error {
	if _, ok := opts["amo"]; ok {
		return errors.New("--amo applies to --to dimacs, not dlx")
	}
	m, err := encode.ExactCover(b)
	if err != nil {
		return err
	}
	return m.WriteDLX(w)
}
