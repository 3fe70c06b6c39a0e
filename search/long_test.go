package search_test

import "flag"

// long enables the slow checks of the package: go test ./search -long
// (unique counts for n = 15, 16, min-conflicts and the construction for
// n = 10⁷).
var long = flag.Bool("long", false, "run the slow tests")
