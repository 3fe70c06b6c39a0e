// Package plural writes a count with its English noun, the one rule for
// every message of qtool that counts things: "1 queen", "2 queens",
// "0 excluded diagonals".
package plural

import "strconv"

// Of writes k and noun, with an "s" added to the noun unless k is 1:
// Of(1, "row") = "1 row", Of(3, "blocked square") = "3 blocked squares".
// Nouns whose plural is not made so take Irregular.
func Of[K ~int | ~int64 | ~uint64](k K, noun string) string {
	return Irregular(k, noun, noun+"s")
}

// Irregular writes k with one for k = 1 and other for any other number:
// Irregular(2, "match", "matches") = "2 matches".
func Irregular[K ~int | ~int64 | ~uint64](k K, one, other string) string {
	s := strconv.FormatInt(int64(k), 10)
	if k > 0 && int64(k) < 0 { // a uint64 past int64's range
		s = strconv.FormatUint(uint64(k), 10)
	}
	if k == 1 {
		return s + " " + one
	}
	return s + " " + other
}
