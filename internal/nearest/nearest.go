// Package nearest finds the known names nearest to a misspelt one, for
// the "did you mean" of a command line: by edit distance with
// transpositions (Damerau 1964), or by prefix.
package nearest

import (
	"sort"
	"strings"
)

// Names returns the known names nearest to s (case ignored), sorted:
// those at the smallest edit distance (Distance), when it is small for
// the length of s — at most 2, and less than half of s — or, when none
// is, those that s (of two letters or more) is a prefix of, if there are
// at most four; nil when none is near.
func Names(s string, known []string) []string {
	low := strings.ToLower(s)
	best, bestD := []string(nil), 3
	for _, k := range known {
		d := Distance(low, strings.ToLower(k))
		if d > bestD || 2*d >= len([]rune(low)) && d > 0 {
			continue
		}
		if d < bestD {
			best, bestD = nil, d
		}
		best = append(best, k)
	}
	if best == nil && len(low) >= 2 {
		for _, k := range known {
			if strings.HasPrefix(strings.ToLower(k), low) {
				best = append(best, k)
			}
		}
		if len(best) > 4 {
			best = nil
		}
	}
	sort.Strings(best)
	return best
}

// Distance is the optimal-string-alignment distance between a and b, in
// runes: Levenshtein's insertions, deletions and substitutions, and
// transpositions of neighbours ("dxl" is 1 from "dlx"; F. J. Damerau, "A
// technique for computer detection and correction of spelling errors",
// Comm. ACM 7 (1964) 171–176), by the dynamic program over prefixes in
// O(len(a)·len(b)) time.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
