package backend

import "errors"

// ErrWrongAnswer is what errors.Is finds in the error of a run whose
// backend caught its own solver in a wrong answer (a program outside qtool
// that printed a placement the verifier rejects, or the same solution
// twice): the harness reports such a run as MISMATCH, not as a failure.
var ErrWrongAnswer = errors.New("wrong answer")
