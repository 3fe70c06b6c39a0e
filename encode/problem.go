package encode

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Variant is the kind of piece and question of a problem. Every variant is
// stated in one place, its entry in the table of VariantSpecs (the
// built-in ones below, RegisterVariant's after them): its name, its
// question, its lines (rows, columns, diagonals, knight's-move pairs, 2×2
// blocks, "covered by" sets, with the least and most pieces each may
// hold), its kind of piece, its word, its bound and, for several kinds,
// its army. The exact-cover matrix, the CNF, the generic search and Verify
// are all derived from the lines.
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

// VariantSpec states a variant whole. The variants are one table of
// VariantSpecs: the built-in ones first, in the order of their constants,
// then those of RegisterVariant; every method of Variant and Problem that
// depends on the variant (String, ParseVariant, Goal, Rules, Kind, Word,
// Mixed, Problem.Bound, Problem.Army, Problem.SizeStep, the model, the
// CNF, the search and Verify) reads the variant's entry and nothing else.
type VariantSpec struct {
	// Name is the variant's name for --problem, ParseVariant and String:
	// lower case, and no other variant's.
	Name string
	// Goal is the variant's question: Place a fixed number of pieces, or
	// find the Maximum or Minimum number and the placements of that many.
	Goal Goal
	// Rules are the variant's lines, as Variant.Rules returns them: its
	// whole geometry. A variant whose rules use a segment family
	// (RowSegments, ColumnSegments, DiagonalSegments, AntidiagSegments)
	// reads the pawns of its instance (Instance.Pawns), or with none
	// placed every set of Problem.PawnCount squares (PawnsSearched); any
	// other refuses a board with pawns.
	Rules []Rule
	// Kind is the kind of piece of a variant of one kind (Variant.Kind),
	// which a 'Q' given on its board stands for. A variant of several
	// kinds (with an Army) leaves it QueenKind: a 'Q' of its board is a
	// queen.
	Kind Kind
	// Word names the variant's pieces, plural, in messages ("the rooks
	// given at a1 and a2 attack each other"); "" is "pieces".
	Word string
	// Bound is the number of pieces of a problem (Problem.Bound): for a
	// Place variant the number it places, for a Maximum variant an upper
	// bound, from which the size search goes down, for a Minimum one a
	// lower bound, from which it goes up. It may read the whole problem
	// (its order p.Board.N, blocked squares, given pieces, pawns, Counts).
	// nil is n, p.Board.N.
	Bound func(p Problem) int
	// Army, when set, makes the variant one of several kinds of piece
	// (Variant.Mixed), whose solutions are Pieces: it returns the pieces a
	// problem of p.Pieces pieces places, by kind (Problem.Army; for a
	// Place variant p.Pieces is Bound's number). A variant without an Army
	// places p.Pieces pieces of Kind, and its solutions are Cells.
	Army func(p Problem) Army
	// Step is the step of the size search of a Maximum or Minimum variant
	// whose pieces come in groups (Problem.SizeStep: 2 for queens+knights,
	// a queen and a knight at a time); 0 is 1. Problem.Bound is taken to a
	// multiple of it (down for Maximum, up for Minimum), and the Army of
	// Step pieces holds every kind the variant places.
	Step int
}

// variants is the table of the variants: the built-in ones at the index
// of their constant, RegisterVariant's appended.
var variants = []VariantSpec{
	Queens: {Name: "queens", Goal: Place, Kind: QueenKind, Word: "queens",
		Rules: []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}}},
	Toroidal: {Name: "toroidal", Goal: Place, Kind: QueenKind, Word: "queens",
		Rules: []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: TorusDiags, Lo: 0, Hi: 1}, {Family: TorusAnti, Lo: 0, Hi: 1}}},
	Superqueens: {Name: "superqueens", Goal: Place, Kind: AmazonKind, Word: "superqueens",
		Rules: []Rule{{Family: Rows, Lo: 1, Hi: 1}, {Family: Columns, Lo: 1, Hi: 1}, {Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}, {Family: KnightPairs, Lo: 0, Hi: 1}}},
	Domination: {Name: "domination", Goal: Minimum, Kind: QueenKind, Word: "queens",
		Rules: []Rule{{Family: Covers, Lo: 1, Hi: Unbounded}},
		Bound: dominationBound},
	Kings: {Name: "kings", Goal: Maximum, Kind: KingKind, Word: "kings",
		Rules: []Rule{{Family: KingBlocks, Lo: 0, Hi: 1}},
		Bound: kingsBound},
	Bishops: {Name: "bishops", Goal: Maximum, Kind: BishopKind, Word: "bishops",
		Rules: []Rule{{Family: Diagonals, Lo: 0, Hi: 1}, {Family: Antidiags, Lo: 0, Hi: 1}},
		Bound: bishopsBound},
	Knights: {Name: "knights", Goal: Maximum, Kind: KnightKind, Word: "knights",
		Rules: []Rule{{Family: KnightPairs, Lo: 0, Hi: 1}},
		Bound: knightsBound},
	Rooks: {Name: "rooks", Goal: Maximum, Kind: RookKind, Word: "rooks",
		Rules: []Rule{{Family: Rows, Lo: 0, Hi: 1}, {Family: Columns, Lo: 0, Hi: 1}}}, // Bound n
	TorusDomination: {Name: "torus-domination", Goal: Minimum, Kind: QueenKind, Word: "queens",
		Rules: []Rule{{Family: TorusCovers, Lo: 1, Hi: Unbounded}},
		Bound: givenBound},
	QueensPawns: {Name: "queens+pawns", Goal: Place, Kind: QueenKind, Word: "queens",
		Rules: []Rule{{Family: RowSegments, Hi: 1}, {Family: ColumnSegments, Hi: 1}, {Family: DiagonalSegments, Hi: 1}, {Family: AntidiagSegments, Hi: 1}},
		Bound: queensPawnsCount},
	QueensKnights: {Name: "queens+knights", Goal: Maximum, Word: "pieces",
		Rules: mixedRules,
		Bound: queensKnightsBound, Army: queensKnightsArmy, Step: 2},
	MixedPieces: {Name: "pieces", Goal: Place, Word: "pieces",
		Rules: mixedRules,
		Bound: func(p Problem) int { return p.Counts.Total() }, Army: func(p Problem) Army { return p.Counts }},
}

// RegisterVariant adds a variant to the table and returns it: the
// exact-cover matrix, the CNF, the generic search, the exports and Verify
// are all derived from its rules, so that a new variant is one file that
// calls RegisterVariant from a package-level variable or an init function
// (examples/variant). It panics on a name already taken or not lower
// case, a spec without rules, an unknown Goal or Kind, or a negative
// Step, as a registry filled from init functions does.
func RegisterVariant(s VariantSpec) Variant {
	if _, err := ParseVariant(s.Name); err == nil || s.Name == "" || s.Name != strings.ToLower(strings.TrimSpace(s.Name)) {
		panic(fmt.Sprintf("encode: RegisterVariant: name %q is taken or not a lower-case name", s.Name))
	}
	switch {
	case len(s.Rules) == 0:
		panic(fmt.Sprintf("encode: RegisterVariant: variant %q has no rules", s.Name))
	case s.Goal < Place || s.Goal > Minimum:
		panic(fmt.Sprintf("encode: RegisterVariant: variant %q has an unknown goal %d", s.Name, int(s.Goal)))
	case s.Kind < 0 || int(s.Kind) >= NumKinds:
		panic(fmt.Sprintf("encode: RegisterVariant: variant %q has an unknown kind %d", s.Name, int(s.Kind)))
	case s.Step < 0:
		panic(fmt.Sprintf("encode: RegisterVariant: variant %q has a negative step %d", s.Name, s.Step))
	}
	s.Rules = slices.Clone(s.Rules) // the table's own
	variants = append(variants, s)
	return Variant(len(variants) - 1)
}

// unknownVariant is the entry of a variant not in the table: no name, no
// rules.
var unknownVariant VariantSpec

// entry returns the variant's entry in the table, the zero VariantSpec
// for an unknown variant. It is read, never written.
func (v Variant) entry() *VariantSpec {
	if !v.known() {
		return &unknownVariant
	}
	return &variants[v]
}

// known reports whether v is a built-in or registered variant.
func (v Variant) known() bool { return v >= 0 && int(v) < len(variants) }

// Variants lists the variants of one kind of piece, whose solutions are
// sets of Cells, in the table's order: Queens first, the registered ones
// last; MixedVariants lists the others.
func Variants() []Variant {
	var vs []Variant
	for v := range Variant(len(variants)) {
		if !v.Mixed() {
			vs = append(vs, v)
		}
	}
	return vs
}

// MixedVariants lists the variants of several kinds of piece
// (Variant.Mixed), in the table's order: queens+knights and pieces, then
// any registered with an Army.
func MixedVariants() []Variant {
	var vs []Variant
	for v := range Variant(len(variants)) {
		if v.Mixed() {
			vs = append(vs, v)
		}
	}
	return vs
}

// AllVariants is Variants and MixedVariants.
func AllVariants() []Variant { return append(Variants(), MixedVariants()...) }

func (v Variant) String() string {
	if !v.known() {
		return fmt.Sprintf("variant(%d)", int(v))
	}
	return variants[v].Name
}

// ParseVariant returns the variant with the given name.
func ParseVariant(s string) (Variant, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	names := make([]string, len(variants))
	for i, sp := range variants {
		if t == sp.Name {
			return Variant(i), nil
		}
		names[i] = sp.Name
	}
	return 0, fmt.Errorf("encode: unknown problem %q (known: %s)", s, strings.Join(names, ", "))
}

// Word names the variant's pieces, plural, as its messages do:
// "queens", "kings", "pieces" for the variants of several kinds.
func (v Variant) Word() string { return cmp.Or(v.entry().Word, "pieces") }

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
func (v Variant) Goal() Goal { return v.entry().Goal }

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
// every square's cover set [1, ∞). The slice is the caller's.
func (v Variant) Rules() []Rule { return slices.Clone(v.entry().Rules) }

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
// PawnCount pawns rather than for one board: a variant that reads pawns
// (queens+pawns), with no pawn placed and PawnCount > 0.
func (p Problem) PawnsSearched() bool {
	return p.Variant.ReadsPawns() && len(p.Pawns) == 0 && p.PawnCount > 0
}

// ReadsPawns reports whether the variant reads the pawns of its board,
// its lines cut at them: whether its rules use a segment family
// (queens+pawns, or a registered variant's). Such a problem has pawns
// (Instance.Pawns, or PawnCount searched) and its records say how many;
// any other variant refuses a board with pawns.
func (v Variant) ReadsPawns() bool {
	for _, ru := range v.entry().Rules {
		switch ru.Family {
		case RowSegments, ColumnSegments, DiagonalSegments, AntidiagSegments:
			return true
		}
	}
	return false
}

// PlainQueens reports whether p is the classic n-queens problem on a board
// without blocked squares or excluded diagonals: the shape the specialised
// searches know.
func (p Problem) PlainQueens() bool {
	return p.Variant == Queens && p.Plain() && len(p.Given) == 0
}

// pieces returns the number of pieces to place: Pieces, or for a Place
// variant with Pieces 0 the number it places (Bound).
func (p Problem) pieces() int {
	if p.Pieces == 0 && p.Variant.Goal() == Place {
		return p.Bound()
	}
	return p.Pieces
}

// Bound returns the variant's number of pieces for the problem
// (VariantSpec.Bound): for a Place variant the number it places (n; n + k
// with k pawns for queens+pawns; the total of Counts for pieces), and
// where the search for the number of pieces starts otherwise: for a
// Maximum variant an upper bound (exact on an empty board: n rooks, 2n − 2
// bishops, ⌈n/2⌉² kings, ⌈n²/2⌉ knights for n ≥ 3, Kotesovec, "Non-attacking
// chess pieces", 2013), for domination a lower bound (⌈(n−1)/2⌉, Spencer's
// bound, see Weakley, "Domination in the queen's graph", 1995, when the
// board is plain and empty; 1 otherwise), taken to a multiple of SizeStep.
func (p Problem) Bound() int {
	sp := p.Variant.entry()
	k := p.Board.N
	if sp.Bound != nil {
		k = sp.Bound(p)
	}
	if s := p.SizeStep(); s > 1 && k%s != 0 {
		switch sp.Goal {
		case Maximum:
			k -= k % s
		case Minimum:
			k += s - k%s
		}
	}
	return k
}

// The bounds of the built-in variants (VariantSpec.Bound).

func bishopsBound(p Problem) int { return max(1, 2*p.Board.N-2) }

func kingsBound(p Problem) int {
	h := (p.Board.N + 1) / 2
	return h * h
}

func knightsBound(p Problem) int {
	switch n := p.Board.N; n {
	case 1:
		return 1
	case 2:
		return 4
	default:
		return (n*n + 1) / 2
	}
}

// queensKnightsBound: m queens take m rows and m columns, so the m
// knights stand on the (n−m)² squares left (the argument that gives 5 on
// 8×8); 2m pieces.
func queensKnightsBound(p Problem) int {
	n, m := p.Board.N, 0
	for k := 1; k <= n && k <= (n-k)*(n-k); k++ {
		m = k
	}
	return 2 * m
}

// queensKnightsArmy is half the pieces as queens and half as knights.
func queensKnightsArmy(p Problem) Army {
	var a Army
	a[QueenKind], a[KnightKind] = p.Pieces/2, p.Pieces/2
	return a
}

// dominationBound is Spencer's lower bound ⌈(n−1)/2⌉ on a plain, empty
// board, and otherwise the given queens (at least 1).
func dominationBound(p Problem) int {
	if p.Plain() && p.GivenCount() == 0 {
		return max(1, p.Board.N/2) // ⌈(n−1)/2⌉
	}
	return givenBound(p)
}

// givenBound is the given pieces, at least 1: torus domination's lower
// bound.
func givenBound(p Problem) int { return max(1, p.GivenCount()) }

// queensPawnsCount is the n + k queens of k pawns: the board's, or the
// PawnCount to place.
func queensPawnsCount(p Problem) int { return p.Board.N + max(len(p.Pawns), p.PawnCount) }

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
