package count_test

import "flag"

// long enables the slow checks of the package: go test ./count -long
// (the join's counts to n = 20, its unique counts to n = 19, the three
// splits to n = 17 and the domains split to n = 19).
var long = flag.Bool("long", false, "run the slow tests")
