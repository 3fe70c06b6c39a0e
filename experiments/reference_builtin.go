package experiments

import (
	"bytes"
	_ "embed" // the built-in reference table
	"sync"
)

// builtinCounts is the table of OEIS A000170 (all solutions) and A002562
// (fundamental solutions), n = 1..27, as testdata/nqueens-counts.tsv holds
// it (a test keeps the two equal). It is part of the binary, so that an
// installed qtool checks its counts wherever it runs.
//
//go:embed nqueens-counts.tsv
var builtinCounts []byte

// BuiltinReferenceName is the Source of BuiltinReference.
const BuiltinReferenceName = "built-in OEIS A000170"

// BuiltinReference returns the reference table built into the binary: the
// number of solutions of the n-queens problem for n = 1..27 (OEIS
// A000170).
var BuiltinReference = sync.OnceValue(func() *Reference {
	ref, err := ReadReference(bytes.NewReader(builtinCounts), BuiltinReferenceName)
	if err != nil {
		panic("experiments: the built-in reference table does not read: " + err.Error())
	}
	return ref
})
