#!/bin/sh
# Protocol minizinc: the model is the file $1; MiniZinc prints the
# solution lines the harness reads.
exec minizinc --solver gecode "$1"
