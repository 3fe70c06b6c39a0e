package main

import (
	"errors"
	"io"

	"qtool/encode"
)

func init() {
	registerEncoder(encoder{
		name:  "dlx",
		about: "Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1), for qtool xcover or dlx1",
		write: writeDLX,
	})
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
