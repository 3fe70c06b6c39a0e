package main

import (
	"io"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/target"
)

func init() {
	registerEncoder(encoder{
		name:  "dlx",
		about: "Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1), for qtool xcover or dlx1",
		// A plain board: Knuth's queens-dlx matrix; a model (--problem):
		// its generalized exact cover, with multiplicities (dlx3) where a
		// line has other bounds.
		model: true,
		write: func(w io.Writer, j encodeJob) error { return target.WriteDLX(w, targetJob(j)) },
		size: func(j encodeJob) (uint64, uint64, string, error) {
			out, mem, what := target.SizeDLX(targetJob(j))
			return out, mem, what, nil
		},
	})
}

// targetJob is the job of package target for qtool encode's.
func targetJob(j encodeJob) target.Job {
	return target.Job{Prob: j.Prob, Model: j.Model, How: j.How}
}

// sizeProblemDLX estimates the exact-cover matrix of the model of prob
// (target.SizeDLX), the yardstick of the exports' sizes.
func sizeProblemDLX(prob encode.Problem, _ map[string]string) (out, mem uint64, what string, err error) {
	out, mem, what = target.SizeDLX(target.Job{Prob: prob, Model: true})
	return out, mem, what, nil
}
