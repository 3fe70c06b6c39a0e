package main

import "github.com/qtool-project/qtool/count"

// joinDefaultMaxN is the largest order whose join plan merge --compare
// builds to describe a subproblem: seconds and at most 1 GB (n = 21); the
// plans of n = 22 and 23 (count.JoinMaxN) take minutes and 4–8 GB.
const joinDefaultMaxN = min(21, count.JoinMaxN)
