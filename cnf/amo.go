package cnf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// AMO is a way to write "at most one of these literals is true" as
// clauses. Every encoding here is arc-consistent: once one literal of the
// group is true, unit propagation makes all the others false.
type AMO int

const (
	// Pairwise (also called binomial or naive) forbids every pair:
	// m(m−1)/2 binary clauses and no auxiliary variable.
	Pairwise AMO = iota
	// Sequential is the sequential counter of Sinz, "Towards an Optimal
	// CNF Encoding of Boolean Cardinality Constraints", CP 2005,
	// doi:10.1007/11564751_73, for k = 1: 3m−4 binary clauses and m−1
	// auxiliary variables.
	Sequential
	// Commander is the commander encoding of Klieber and Kwon, "Efficient
	// CNF Encoding for Selecting 1 from N Objects", CFV 2007, with groups of
	// three as Gent, Jefferson and Nightingale use it: each group gets a
	// commander variable equivalent to the disjunction of the group, the
	// group is pairwise, and the commanders are encoded recursively. About
	// 3m clauses and m/2 auxiliary variables.
	Commander
	// Product is the product encoding of Chen, "A New SAT Encoding of the
	// At-Most-One Constraint", ModRef 2010: the m variables are laid out in
	// a p×q grid (p = ⌈√m⌉) with a variable per grid row and per grid
	// column, and at most one of each is encoded recursively. Groups of at
	// most 32 variables are pairwise (Chen's base case is smaller): a few
	// more clauses, and on large n-queens boards gini makes fewer
	// propagations through auxiliary variables and fewer conflicts. For
	// 32 < m ≤ 1024, 2m + p(p−1)/2 + q(q−1)/2 ≈ 3m clauses and p + q ≈ 2√m
	// auxiliary variables.
	Product
	// Bimander is the bimander encoding of Nguyen and Mai, "A New Method
	// to Encode the At-Most-One Constraint into SAT", SoICT 2015: the m
	// variables are split into about √m groups of about √m, each group is
	// pairwise, and the index of the group holding the true variable is
	// written in binary on ⌈log₂ √m⌉ auxiliary variables, each variable of
	// a group implying the bits of its index. About m(√m/2 + log₂ √m)
	// clauses. Groups of at most 32 variables are pairwise.
	Bimander
	// ProductBimander is not an at-most-one encoding of its own but a
	// choice per constraint: Product inside exactly-one constraints,
	// Bimander for plain at-most-one constraints. For n queens that is
	// Product for the rows and columns and Bimander for the diagonals: on
	// empty boards of order 200 to 1000 gini finds a first solution with it
	// two to three times faster than with Product everywhere and 3.5 times
	// faster than with Pairwise at n = 200 (about 0.4 s, 10 s at n = 1000;
	// see TestSATTable in package experiments), at the price of a formula
	// two to three times larger than Product's: 40 million clauses, some
	// 4 GB in gini, at n = 1000.
	ProductBimander
)

var amoNames = [...]string{"pairwise", "sequential", "commander", "product", "bimander", "product-bimander"}

var amoAliases = map[string]AMO{
	"binomial": Pairwise, "naive": Pairwise,
	"seq": Sequential, "sinz": Sequential,
	"cmd":     Commander,
	"prod":    Product,
	"bim":     Bimander,
	"prodbim": ProductBimander, "product+bimander": ProductBimander,
}

// AMOs lists every at-most-one encoding, Pairwise first.
func AMOs() []AMO {
	return []AMO{Pairwise, Sequential, Commander, Product, Bimander, ProductBimander}
}

// Parts returns the encodings used inside exactly-one constraints and for
// plain at-most-one constraints: the same one for a true at-most-one
// encoding, Product and Bimander for ProductBimander.
func (a AMO) Parts() (exactly, atMost AMO) {
	if a == ProductBimander {
		return Product, Bimander
	}
	return a, a
}

// String returns the encoding's name, the one ParseAMO reads.
func (a AMO) String() string {
	if !a.Valid() {
		return "amo(" + strconv.Itoa(int(a)) + ")"
	}
	return amoNames[a]
}

// Valid reports whether a is one of the encodings AMOs lists.
func (a AMO) Valid() bool { return a >= 0 && int(a) < len(amoNames) }

// ParseAMO returns the encoding with the given name (case does not matter;
// "binomial", "seq", "cmd", "prod", "bim" and "prodbim" are accepted too).
func ParseAMO(name string) (AMO, error) {
	s := strings.ToLower(strings.TrimSpace(name))
	for i, n := range amoNames {
		if s == n {
			return AMO(i), nil
		}
	}
	if a, ok := amoAliases[s]; ok {
		return a, nil
	}
	return 0, fmt.Errorf("cnf: unknown at-most-one encoding %q (known: %s)", name, strings.Join(amoNames[:], ", "))
}

// amoCutoff: groups of at most this many variables are encoded pairwise
// whatever the encoding, since below it pairwise is the smallest (and is
// the base case of the recursive encodings).
const amoCutoff = 4

// wideCutoff is the larger base case of Product and Bimander: groups of at
// most this many variables are pairwise. It costs a few more clauses and
// saves gini many propagations through auxiliary variables.
const wideCutoff = 32

// CheckPairwiseUpTo returns an error unless cut is a valid pairwise
// threshold for NewEncoder: 0 (the encoding's own) or at least 2.
func CheckPairwiseUpTo(cut int) error {
	if cut < 0 || cut == 1 {
		return fmt.Errorf("cnf: groups pairwise up to %d variables: want 0 (the encoding's own) or at least 2", cut)
	}
	return nil
}

// pairwiseUpTo returns the size up to which amo writes a group pairwise:
// cut when it is positive, otherwise the encoding's own (4 for Sequential
// and Commander, 32 for Product and Bimander).
func pairwiseUpTo(amo AMO, cut int) int {
	switch {
	case amo == Pairwise:
		return math.MaxInt
	case cut > 0:
		return cut
	case amo == Product || amo == Bimander:
		return wideCutoff
	}
	return amoCutoff
}

// productShape returns p = ⌈√m⌉ and q = ⌈m/p⌉, the grid of the product
// encoding.
func productShape(m int) (p, q int) {
	p = 1
	for p*p < m {
		p++
	}
	return p, (m + p - 1) / p
}

// bimanderShape returns the groups of the bimander encoding of m
// variables: about √m groups of size variables (the last one may be
// smaller), and the bits that number them.
func bimanderShape(m int) (size, groups, bits int) {
	g, _ := productShape(m)
	size = (m + g - 1) / g
	groups = (m + size - 1) / size
	for 1<<bits < groups {
		bits++
	}
	return size, groups, bits
}

// amoSize returns the clauses and auxiliary variables that the true
// encoding amo writes for a group of m variables; it follows the
// encoder's recursion exactly.
func amoSize(amo AMO, m, cut int) (clauses, aux int) {
	if m <= 1 {
		return 0, 0
	}
	if m <= pairwiseUpTo(amo, cut) {
		return m * (m - 1) / 2, 0
	}
	switch amo {
	case Sequential:
		return 3*m - 4, m - 1
	case Commander:
		g := 0
		for i := 0; i < m; i += 3 {
			s := min(3, m-i)
			g++
			if s > 1 {
				clauses += s*(s-1)/2 + s + 1
				aux++
			}
		}
		cl, a := amoSize(amo, g, cut)
		return clauses + cl, aux + a
	case Product:
		p, q := productShape(m)
		cp, ap := amoSize(amo, p, cut)
		cq, aq := amoSize(amo, q, cut)
		return 2*m + cp + cq, p + q + ap + aq
	case Bimander:
		size, groups, bits := bimanderShape(m)
		last := m - (groups-1)*size
		return (groups-1)*size*(size-1)/2 + last*(last-1)/2 + m*bits, bits
	}
	panic("cnf: unknown at-most-one encoding " + amo.String())
}

// AtMostOneSize returns the clauses and auxiliary variables that
// Encoder.AtMostOne writes for m literals with encoding amo and pairwise
// threshold cut (see NewEncoder), without writing them.
func AtMostOneSize(amo AMO, m, cut int) (clauses, aux int) {
	_, a := amo.Parts()
	return amoSize(a, m, cut)
}

// ExactlyOneSize is AtMostOneSize for Encoder.ExactlyOne: the at-least-one
// clause included.
func ExactlyOneSize(amo AMO, m, cut int) (clauses, aux int) {
	a, _ := amo.Parts()
	c, x := amoSize(a, m, cut)
	return c + 1, x
}

// AtMostKSize returns the clauses and auxiliary variables that
// Encoder.AtMostK writes for m literals and bound k with encoding amo and
// threshold cut.
func AtMostKSize(amo AMO, m, k, cut int) (clauses, aux int) {
	switch {
	case k >= m:
		return 0, 0
	case k <= 0:
		return m, 0
	case k == 1:
		return AtMostOneSize(amo, m, cut)
	}
	// Sinz's LT_SEQ: 2mk + m − 3k − 1 clauses, (m−1)k registers.
	return 2*m*k + m - 3*k - 1, (m - 1) * k
}
