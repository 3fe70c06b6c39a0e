package count_test

import "flag"

// long enables the slow checks of the package: go test ./count -long
// (the join's counts to n = 20, its unique counts to n = 19, the three
// splits to n = 17 and the domains split to n = 19).
var long = flag.Bool("long", false, "run the slow tests")

// joinTop, when set, is the largest order TestJoinOEIS and
// TestJoinUniqueOEIS count, up to count.JoinMaxN: go test ./count -run
// JoinOEIS -jointop 22 -timeout 0 takes the checks against A000170 and
// A002562 (testdata/nqueens-counts.tsv) to the orders that take hours.
var joinTop = flag.Int("jointop", 0, "count the join's OEIS tests up to order `N` (0: 17, or the -long orders)")
