package encode

import (
	"fmt"
	"strings"
)

// Variant is the kind of piece and question of a problem. Every variant is
// stated in one place, Variant.rules: the lines of the board (rows,
// columns, diagonals, knight's-move pairs, 2×2 blocks, "covered by" sets)
// with the least and most pieces each may hold. The exact-cover matrix, the
// CNF, the generic search and Verify are all derived from it.
type Variant int

const (
	// Queens: n non-attacking queens (A000170), the default.
	Queens Variant = iota
	// Toroidal: n queens on the torus, diagonals wrapping around (Pólya:
	// solvable iff gcd(n, 6) = 1; OEIS A051906).
	Toroidal
	// Superqueens: n pieces moving as queen and knight (amazons; A051223).
	Superqueens
	// Domination: the fewest queens that occupy or attack every square
	// (the domination number, A075458); counting counts the minimum
	// dominating sets (A002564).
	Domination
	// Kings: the most non-attacking kings (⌈n/2⌉²); counting counts their
	// placements (A018807 for even n; 1 for odd n).
	Kings
	// Bishops: the most non-attacking bishops (2n − 2 for n ≥ 2, with 2ⁿ
	// placements, Kotesovec).
	Bishops
	// Knights: the most non-attacking knights (⌈n²/2⌉ for n ≥ 3).
	Knights
	// Rooks: the most non-attacking rooks (n, with n! placements).
	Rooks
	// TorusDomination: the fewest queens that occupy or attack every
	// square of the toroidal board (A279402), and their placements.
	TorusDomination
	// QueensPawns: n + k queens and k pawns, a pawn cutting every line
	// through it so that two queens on one line with a pawn between them
	// do not attack each other (the n+k queens problem: Chatham, Fricke
	// and Skaggs, "The Queens Separation Problem", Utilitas Math. 69,
	// 2006; all placements with one pawn A103330, up to symmetry with k =
	// 1, 2, 3 A103331, A129552, A129554). The pawns are the instance's
	// (Instance.Pawns) or, when it places none, every set of
	// Problem.PawnCount squares.
	QueensPawns
	// QueensKnights: the most queens and knights in equal numbers, m of
	// each, that stand on the board with no piece attacking another, and
	// their placements (the ITA Software "Queens and Knights" puzzle: on
	// the 8×8 board m = 5, in 16 ways). Its solutions are Pieces.
	QueensKnights
	// MixedPieces: the pieces of Problem.Counts (kings, queens, bishops,
	// rooks and knights), none attacking another: the "chess challenge"
	// (7×7 with 2 kings, 2 queens, 2 bishops and a knight: 3,063,828
	// placements). Its solutions are Pieces.
	MixedPieces
)

var variantNames = [...]string{"queens", "toroidal", "superqueens", "domination", "kings", "bishops", "knights", "rooks", "torus-domination", "queens+pawns", "queens+knights", "pieces"}

// builtinVariants is the number of the variants above; RegisterVariant's
// come after them.
const builtinVariants = Variant(len(variantNames))

// VariantSpec states a variant of one kind of piece whole, for
// RegisterVariant: its name (for --problem and ParseVariant, lower case),
// its question, its lines (as Variant.Rules returns them), the kind of
// piece it places, the word for its pieces in messages ("" for "pieces"),
// and, for the Maximum and Minimum questions, the bound from which the
// search for the best number starts (nil: n).
type VariantSpec struct {
	Name  string
	Goal  Goal
	Rules []Rule
	Kind  Kind
	Word  string
	Bound func(n int) int
}

var registeredVariants []VariantSpec

// RegisterVariant adds a variant of one kind of piece stated by its lines
// and returns it: the exact-cover matrix, the CNF, the generic search, the
// exports and Verify are all derived from the rules, so that a new
// variant is one file that calls RegisterVariant from an init function
// (encode's ExampleRegisterVariant). It panics on a name already taken or
// a spec without rules, as a registry filled from init functions does.
func RegisterVariant(s VariantSpec) Variant {
	if _, err := ParseVariant(s.Name); err == nil || s.Name == "" || s.Name != strings.ToLower(strings.TrimSpace(s.Name)) {
		panic(fmt.Sprintf("encode: RegisterVariant: name %q is taken or not a lower-case name", s.Name))
	}
	if len(s.Rules) == 0 {
		panic(fmt.Sprintf("encode: RegisterVariant: variant %q has no rules", s.Name))
	}
	registeredVariants = append(registeredVariants, s)
	return builtinVariants + Variant(len(registeredVariants)-1)
}

// spec returns the spec of a registered variant, nil for a built-in one.
func (v Variant) spec() *VariantSpec {
	if v < builtinVariants || int(v-builtinVariants) >= len(registeredVariants) {
		return nil
	}
	return &registeredVariants[v-builtinVariants]
}

// known reports whether v is a built-in or registered variant.
func (v Variant) known() bool { return v >= 0 && v < builtinVariants || v.spec() != nil }

// Variants lists the variants of one kind of piece, whose solutions are
// sets of Cells, Queens first, the registered ones last; MixedVariants
// lists the others.
func Variants() []Variant {
	vs := make([]Variant, 0, len(variantNames)+len(registeredVariants))
	for v := Variant(0); v.known(); v++ {
		if !v.Mixed() {
			vs = append(vs, v)
		}
	}
	return vs
}

// MixedVariants lists the variants of several kinds of piece
// (Variant.Mixed): queens+knights and pieces.
func MixedVariants() []Variant { return []Variant{QueensKnights, MixedPieces} }

// AllVariants is Variants and MixedVariants.
func AllVariants() []Variant { return append(Variants(), MixedVariants()...) }

func (v Variant) String() string {
	if sp := v.spec(); sp != nil {
		return sp.Name
	}
	if v < 0 || v >= builtinVariants {
		return fmt.Sprintf("variant(%d)", int(v))
	}
	return variantNames[v]
}

// ParseVariant returns the variant with the given name.
func ParseVariant(s string) (Variant, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	names := variantNames[:]
	for _, sp := range registeredVariants {
		names = append(names[:len(names):len(names)], sp.Name)
	}
	for i, n := range names {
		if t == n {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("encode: unknown problem %q (known: %s)", s, strings.Join(names, ", "))
}

// Goal is the question a variant asks about the number of pieces.
type Goal int

const (
	// Place asks for placements of a fixed number of pieces (n).
	Place Goal = iota
	// Maximum asks for the most pieces that fit, and the placements of
	// that many.
	Maximum
	// Minimum asks for the fewest pieces that do the job, and the
	// placements of that many.
	Minimum
)

// Goal returns the question of the variant.
func (v Variant) Goal() Goal {
	if sp := v.spec(); sp != nil {
		return sp.Goal
	}
	switch v {
	case Domination, TorusDomination:
		return Minimum
	case Kings, Bishops, Knights, Rooks, QueensKnights:
		return Maximum
	}
	return Place
}

// Family is a family of lines of the board; each line is a set of squares
// with a least and a most number of pieces.
type Family int

const (
	Rows             Family = iota // line r: the squares of row r
	Columns                        // line c
	Diagonals                      // line r+c
	Antidiags                      // line r−c+n−1
	TorusDiags                     // line (r+c) mod n
	TorusAnti                      // line (r−c) mod n
	KnightPairs                    // two squares a knight's move apart
	KingBlocks                     // the 2×2 block with top-left square (r, c)
	Covers                         // square s and the squares a queen there would attack: queen domination
	Total                          // every square: the number of pieces
	TorusCovers                    // Covers on the torus
	RowSegments                    // a row cut at its pawns: line r·(n+1)+s, s the pawns to the left
	ColumnSegments                 // a column cut at its pawns (s the pawns above)
	DiagonalSegments               // a diagonal r+c cut at its pawns (s the pawns in earlier rows)
	AntidiagSegments               // an antidiagonal r−c+n−1 cut at its pawns
	Squares                        // line r·n+c: the square (r, c), one piece at most (several kinds)
	Attacks                        // two pieces that would attack each other (an exclusion rule's pair)
	KindTotal                      // line k: the pieces of kind k (several kinds)
)

var familyNames = [...]string{"row", "column", "diagonal", "antidiagonal", "torus-diagonal", "torus-antidiagonal", "knight-pair", "king-block", "cover", "total", "torus-cover", "row-segment", "column-segment", "diagonal-segment", "antidiagonal-segment", "square", "attack", "kind-total"}

func (f Family) String() string {
	if f < 0 || int(f) >= len(familyNames) {
		return fmt.Sprintf("family(%d)", int(f))
	}
	return familyNames[f]
}

// Unbounded is the Hi of a line with no upper bound.
const Unbounded = 1 << 30

// Rule gives every line of a family the bounds [Lo, Hi]. On a board of
// several kinds of piece, Kinds (a bit 1<<Kind per kind; 0: every piece)
// says which pieces a line counts, and a rule with Excludes is an
// exclusion: a line holding a piece of Kinds holds none of Excludes (the
// model makes each such pair of cells a line of family Attacks, at most
// one).
type Rule struct {
	Family          Family
	Lo, Hi          int
	Kinds, Excludes uint8
}

// Rules returns the lines of the variant: its whole geometry. n-queens is
// rows and columns [1,1] and diagonals [0,1]; the Maximum variants have only
// upper bounds, the number of pieces being a Total line; domination is
// every square's cover set [1, ∞).
func (v Variant) Rules() []Rule {
	if sp := v.spec(); sp != nil {
		return sp.Rules
	}
	switch v {
	case Queens:
		return []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}}
	case Toroidal:
		return []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: TorusDiags, Lo: 0, Hi: 1}, {Family: TorusAnti, Lo: 0, Hi: 1}}
	case Superqueens:
		return []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}, {Family: KnightPairs, Lo: 0, Hi: 1}}
	case Domination:
		return []Rule{{Family: Covers, Lo: 1, Hi: Unbounded}}
	case Kings:
		return []Rule{{Family: KingBlocks, Lo: 0, Hi: 1}}
	case Bishops:
		return []Rule{{Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}}
	case Knights:
		return []Rule{{Family: KnightPairs, Lo: 0, Hi: 1}}
	case Rooks:
		return []Rule{{Family: Rows, Lo: 0, Hi: 1}, {Family: Columns, Lo: 0, Hi: 1}}
	case TorusDomination:
		return []Rule{{Family: TorusCovers, Lo: 1, Hi: Unbounded}}
	case QueensPawns:
		return []Rule{{Family: RowSegments, Hi: 1}, {Family: ColumnSegments, Hi: 1}, {Family: DiagonalSegments, Hi: 1}, {Family: AntidiagSegments, Hi: 1}}
	case QueensKnights, MixedPieces:
		return mixedRules
	}
	return nil
}

// Problem is a variant on an instance: the board, its given pieces, its
// blocked squares and excluded diagonals. Pieces is the number of pieces to
// place: it must be n for the Place variants (0 means n), and is the size
// asked about for the Maximum and Minimum ones (0: not chosen yet; see
// Bound).
type Problem struct {
	Variant Variant
	Instance
	Pieces int
	// PawnCount is, for queens+pawns on an instance that places no pawn,
	// the number k of pawns: every set of k squares is tried (see
	// ForEachPawnSet), and n + k queens placed.
	PawnCount int
	// Counts is, for the pieces problem (MixedPieces), the number of
	// pieces of each kind (ParseArmy).
	Counts Army
}

// PawnsSearched reports whether p stands for every placement of
// PawnCount pawns rather than for one board: queens+pawns with no pawn
// placed and PawnCount > 0.
func (p Problem) PawnsSearched() bool {
	return p.Variant == QueensPawns && len(p.Pawns) == 0 && p.PawnCount > 0
}

// PlainQueens reports whether p is the classic n-queens problem on a board
// without blocked squares or excluded diagonals: the shape the specialised
// searches know.
func (p Problem) PlainQueens() bool {
	return p.Variant == Queens && p.Plain() && len(p.Given) == 0
}

// pieces returns the number of pieces to place.
func (p Problem) pieces() int {
	if p.Pieces == 0 && p.Variant.Goal() == Place {
		return p.placeCount()
	}
	return p.Pieces
}

// placeCount is the number of pieces of a Place variant: n, and n + k
// with k pawns.
func (p Problem) placeCount() int {
	if p.Variant == MixedPieces {
		return p.Counts.Total()
	}
	if p.Variant == QueensPawns {
		return p.Board.N + max(len(p.Pawns), p.PawnCount)
	}
	return p.Board.N
}

// Bound returns where the search for the number of pieces starts: for a
// Maximum variant an upper bound (exact on an empty board: n rooks, 2n − 2
// bishops, ⌈n/2⌉² kings, ⌈n²/2⌉ knights for n ≥ 3, Kotesovec, "Non-attacking
// chess pieces", 2013), for domination a lower bound (⌈(n−1)/2⌉, Spencer's
// bound, see Weakley, "Domination in the queen's graph", 1995, when the
// board is plain and empty; 1 otherwise), and n for the Place variants.
func (p Problem) Bound() int {
	n := p.Board.N
	if sp := p.Variant.spec(); sp != nil && sp.Goal != Place {
		if sp.Bound == nil {
			return n
		}
		return sp.Bound(n)
	}
	switch p.Variant {
	case Rooks:
		return n
	case Bishops:
		return max(1, 2*n-2)
	case Kings:
		h := (n + 1) / 2
		return h * h
	case Knights:
		switch n {
		case 1:
			return 1
		case 2:
			return 4
		}
		return (n*n + 1) / 2
	case QueensKnights:
		// m queens take m rows and m columns: the m knights stand on
		// the (n−m)² squares left (the argument that gives 5 on 8×8).
		m := 0
		for k := 1; k <= n && k <= (n-k)*(n-k); k++ {
			m = k
		}
		return 2 * m
	case TorusDomination:
		return max(1, p.GivenCount())
	case Domination:
		if p.Plain() && p.GivenCount() == 0 {
			return max(1, n/2) // ⌈(n−1)/2⌉
		}
		return max(1, p.GivenCount())
	}
	return p.placeCount()
}

// knightSteps are the four knight's moves that go down the board (or
// along it to the right): each knight pair is found once, from its upper
// square.
var knightSteps = [4][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}}

// familySize returns the number of lines of family f on an n×n board, line
// indices being 0..familySize−1.
func familySize(f Family, n int) int {
	switch f {
	case Rows, Columns, TorusDiags, TorusAnti:
		return n
	case Diagonals, Antidiags:
		return 2*n - 1
	case KnightPairs:
		return 4 * n * n
	case KingBlocks:
		return max(0, (n-1)*(n-1))
	case Covers, TorusCovers:
		return n * n
	case Total:
		return 1
	case Squares:
		return n * n
	case KindTotal:
		return NumKinds
	case RowSegments, ColumnSegments:
		return n * (n + 1)
	case DiagonalSegments, AntidiagSegments:
		return (2*n - 1) * (n + 1)
	}
	return 0
}

// linesOf calls f with the index of every line of family fam that holds
// square (r, c) of an n×n board.
func linesOf(fam Family, n, r, c int, f func(line int)) {
	switch fam {
	case Rows:
		f(r)
	case Columns:
		f(c)
	case Diagonals:
		f(r + c)
	case Antidiags:
		f(r - c + n - 1)
	case TorusDiags:
		f((r + c) % n)
	case TorusAnti:
		f(((r-c)%n + n) % n)
	case KnightPairs:
		for k, s := range knightSteps {
			if r2, c2 := r+s[0], c+s[1]; r2 < n && c2 >= 0 && c2 < n {
				f((r*n+c)*4 + k) // the pair found from (r, c)
			}
			if r2, c2 := r-s[0], c-s[1]; r2 >= 0 && c2 >= 0 && c2 < n {
				f((r2*n+c2)*4 + k) // the pair found from the other square
			}
		}
	case KingBlocks:
		for dr := -1; dr <= 0; dr++ {
			for dc := -1; dc <= 0; dc++ {
				if r0, c0 := r+dr, c+dc; r0 >= 0 && c0 >= 0 && r0 < n-1 && c0 < n-1 {
					f(r0*(n-1) + c0)
				}
			}
		}
	case Covers:
		// A queen on (r, c) covers its own square and every square it
		// attacks: those lines hold (r, c).
		for r2 := range n {
			for c2 := range n {
				if r2 == r || c2 == c || r2+c2 == r+c || r2-c2 == r-c {
					f(r2*n + c2)
				}
			}
		}
	case TorusCovers:
		mod := func(x int) int { return ((x % n) + n) % n }
		for r2 := range n {
			for c2 := range n {
				if r2 == r || c2 == c || mod(r2+c2-r-c) == 0 || mod(r2-c2-r+c) == 0 {
					f(r2*n + c2)
				}
			}
		}
	case Total:
		f(0)
	case Squares:
		f(r*n + c)
	}
}

// lineCells returns the squares of line idx of family fam.
func lineCells(fam Family, g geometry, idx int) []Cell {
	n := g.n
	var cs []Cell
	switch fam {
	case KnightPairs:
		r, c, k := idx/4/n, idx/4%n, idx%4
		s := knightSteps[k]
		if r2, c2 := r+s[0], c+s[1]; r2 < n && c2 >= 0 && c2 < n {
			cs = []Cell{{r, c}, {r2, c2}}
		}
		return cs
	case KingBlocks:
		r0, c0 := idx/(n-1), idx%(n-1)
		return []Cell{{r0, c0}, {r0, c0 + 1}, {r0 + 1, c0}, {r0 + 1, c0 + 1}}
	}
	for r := range n {
		for c := range n {
			in := false
			g.linesOf(fam, r, c, func(l int) { in = in || l == idx })
			if in {
				cs = append(cs, Cell{r, c})
			}
		}
	}
	return cs
}
