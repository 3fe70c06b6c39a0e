package sat

import (
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// modelCNF is how runModel writes a model: its at-most-one encoding, the
// size up to which groups are written pairwise (0: the encoding's own),
// and, for the compact formula, the seed of the shuffled numbering.
type modelCNF struct {
	amo     encode.AMOEncoding
	cut     int
	compact bool
	shuffle uint64
}

// modelFormula chooses the formula of model m: the request's encoding
// amo, or, for one solution with the automatic choice (sb.auto) and no
// cube and conquer, when the formula with amo has more than
// encode.CompactClauses clauses, the compact formula of plain boards
// (encode.DefaultCNFOptions: Product pairwise up to
// encode.CompactPairwiseUpTo, the variables shuffled, the search started
// over under the next numbering when its memory grows, compactGrowth).
// A queens board of order 1000 with 5 squares blocked then took 3.0 GB
// and 13 s with product-bimander (docs/sat.md).
func (sb satBackend) modelFormula(m *encode.Model, req backend.Request, amo encode.AMOEncoding, cube satCube) modelCNF {
	mf := modelCNF{amo: amo}
	one := req.Mode == backend.Find && req.Limit == 1
	if !sb.auto(req) || !one || cube.on {
		return mf
	}
	if _, clauses := m.CNFSize(amo); clauses <= modelCompactClauses {
		return mf
	}
	return modelCNF{amo: encode.Product, cut: encode.CompactPairwiseUpTo, compact: true, shuffle: encode.CompactShuffle}
}

// modelCompactClauses is encode.CompactClauses for models (a variable so
// that a test can lower it).
var modelCompactClauses = encode.CompactClauses

// perm is the renaming of the variables of a formula of vars variables:
// nil (none) unless the formula is compact.
func (mf modelCNF) perm(vars int) []int32 {
	if !mf.compact {
		return nil
	}
	return encode.ShufflePerm(vars, mf.shuffle)
}

// varName is the name of variable v under perm (itself when perm is nil).
func varName(perm []int32, v int) int {
	if perm == nil {
		return v
	}
	return int(perm[v])
}

// renamer passes literals on to s renamed by perm (nil: unchanged).
type renamer struct {
	s    *sat.Solver
	perm []int32
}

func (r renamer) Add(lit int) {
	switch {
	case r.perm == nil || lit == 0:
		r.s.Add(lit)
	case lit > 0:
		r.s.Add(int(r.perm[lit]))
	default:
		r.s.Add(-int(r.perm[-lit]))
	}
}
