package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/target"
)

func init() {
	registerEncoder(encoder{
		name:  "dimacs",
		about: "CNF in the DIMACS format, for qtool sat or any SAT solver (--amo chooses the at-most-one encoding)",
		// A plain board: encode.CNF (Formula); a model: Model.EncodeCNF.
		model: true,
		write: func(w io.Writer, j encodeJob) error {
			t, err := dimacsJob(j)
			if err != nil {
				return err
			}
			return target.WriteDIMACS(w, t)
		},
		size: func(j encodeJob) (uint64, uint64, string, error) {
			t, err := dimacsJob(j)
			if err != nil {
				return 0, 0, "", err
			}
			return target.SizeDIMACS(t)
		},
	})
}

// dimacsJob is the job of package target with the at-most-one encoding
// of --amo (encode.DefaultAMO when absent).
func dimacsJob(j encodeJob) (target.Job, error) {
	amo, err := dimacsAMO(j.Opts)
	t := targetJob(j)
	t.AMO = amo
	return t, err
}

func dimacsAMO(opts map[string]string) (encode.AMOEncoding, error) {
	amo := encode.DefaultAMO
	for k, v := range opts {
		if k != "amo" {
			return amo, fmt.Errorf("--%s does not apply to --to dimacs", k)
		}
		a, err := encode.ParseAMO(v)
		if err != nil {
			names := make([]string, 0, 4)
			for _, e := range encode.AMOEncodings() {
				names = append(names, e.String())
			}
			return amo, fmt.Errorf("--amo %q: want one of %s", v, strings.Join(names, ", "))
		}
		amo = a
	}
	return amo, nil
}
