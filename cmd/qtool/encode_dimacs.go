package main

import (
	"fmt"
	"io"
	"strings"

	"qtool/encode"
)

func init() {
	registerEncoder(encoder{
		name:  "dimacs",
		about: "CNF in the DIMACS format, for qtool sat or any SAT solver (--amo chooses the at-most-one encoding)",
		write: writeDIMACS,
	})
}

// writeDIMACS writes the CNF of b (encode.CNF: x(r,c) = r·n+c+1, the rows,
// columns and squares that given queens take or attack left out) with the
// at-most-one encoding named by opts["amo"], encode.DefaultAMO when absent.
func writeDIMACS(w io.Writer, b encode.Board, opts map[string]string) error {
	amo := encode.DefaultAMO
	for k, v := range opts {
		if k != "amo" {
			return fmt.Errorf("--%s does not apply to --to dimacs", k)
		}
		a, err := encode.ParseAMO(v)
		if err != nil {
			names := make([]string, 0, 4)
			for _, e := range encode.AMOEncodings() {
				names = append(names, e.String())
			}
			return fmt.Errorf("--amo %q: want one of %s", v, strings.Join(names, ", "))
		}
		amo = a
	}
	f, err := encode.CNF(b, amo)
	if err != nil {
		return err
	}
	return f.WriteDIMACS(w)
}
