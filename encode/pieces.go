package encode

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Kind is the kind of a chess piece on a board of several kinds (the
// queens+knights and pieces problems): how it attacks. Its letter is the
// one of chess notation (Q, N, K, B, R; A for the amazon, the superqueen).
type Kind int8

// The kinds of piece, in the order of their letters "QNKBRA".
const (
	QueenKind  Kind = iota // rows, columns and diagonals
	KnightKind             // a knight's move
	KingKind               // the eight neighbouring squares
	BishopKind             // diagonals
	RookKind               // rows and columns
	AmazonKind             // queen and knight (the superqueen)
	NumKinds   = 6
)

const kindLetters = "QNKBRA"

var kindNames = [NumKinds]string{"queen", "knight", "king", "bishop", "rook", "amazon"}

// Letter returns the kind's letter: Q, N, K, B, R or A.
func (k Kind) Letter() byte {
	if k < 0 || int(k) >= NumKinds {
		return '?'
	}
	return kindLetters[k]
}

func (k Kind) String() string {
	if k < 0 || int(k) >= NumKinds {
		return fmt.Sprintf("kind(%d)", int(k))
	}
	return kindNames[k]
}

// Plural names k pieces of the kind: "1 knight", "3 knights".
func (k Kind) Plural(count int) string {
	if count == 1 {
		return "1 " + k.String()
	}
	return strconv.Itoa(count) + " " + k.String() + "s"
}

// KindOf returns the kind with the given letter (upper case, as chess
// notation writes it).
func KindOf(letter byte) (Kind, bool) {
	i := strings.IndexByte(kindLetters, letter)
	if i < 0 {
		return 0, false
	}
	return Kind(i), true
}

// mask is the bit of the kind in a Rule's Kinds and Excludes.
func (k Kind) mask() uint8 { return 1 << uint(k) }

// Piece is a piece of a given kind on a square.
type Piece struct {
	Cell
	Kind Kind
}

// Army is a number of pieces of each kind (indexed by Kind): what the
// pieces problem places, e.g. Q=2,N=1 (ParseArmy).
type Army [NumKinds]int

// Total is the number of pieces of every kind.
func (a Army) Total() int {
	t := 0
	for _, k := range a {
		t += k
	}
	return t
}

// Kinds returns the kinds of which the army has pieces, in Kind order.
func (a Army) Kinds() []Kind {
	var ks []Kind
	for k, c := range a {
		if c > 0 {
			ks = append(ks, Kind(k))
		}
	}
	return ks
}

// String writes the army as ParseArmy reads it: "Q=5,N=5", kinds with
// no piece left out (the empty army is "").
func (a Army) String() string {
	var parts []string
	for k, c := range a {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%c=%d", kindLetters[k], c))
		}
	}
	return strings.Join(parts, ",")
}

// MaxArmy bounds the pieces of one kind that ParseArmy accepts, before
// any board is known (a board bounds them again: Problem.Validate).
const MaxArmy = 1 << 24

// ParseArmy reads the pieces of the pieces problem: comma-separated
// counts "K=2,Q=2,B=2,N=1" of the kinds K (king), Q (queen), B (bishop), R
// (rook) and N (knight), each kind at most once; a count may be 0. The
// errors say which part is wrong and what is wanted.
func ParseArmy(s string) (Army, error) {
	var a Army
	var seen [NumKinds]bool
	if strings.TrimSpace(s) == "" {
		return a, fmt.Errorf("encode: no pieces: want counts such as Q=3,N=3 (kinds K, Q, B, R, N)")
	}
	for _, part := range strings.Split(s, ",") {
		t := strings.TrimSpace(part)
		name, num, ok := strings.Cut(t, "=")
		name = strings.TrimSpace(name)
		if !ok || len(name) != 1 {
			return Army{}, fmt.Errorf("encode: pieces %q: want KIND=COUNT such as Q=3 (kinds K, Q, B, R, N)", t)
		}
		k, ok := KindOf(name[0])
		if !ok || k == AmazonKind {
			return Army{}, fmt.Errorf("encode: pieces %q: unknown piece %q (kinds K king, Q queen, B bishop, R rook, N knight)", t, name)
		}
		num = strings.TrimSpace(num)
		c, err := strconv.Atoi(num)
		if err != nil || c < 0 || num == "" || num[0] == '+' || num[0] == '-' {
			return Army{}, fmt.Errorf("encode: pieces %q: the count %q is not a whole number 0 or more", t, num)
		}
		if c > MaxArmy {
			return Army{}, fmt.Errorf("encode: pieces %q: %d pieces are more than any board qtool reads holds (%d)", t, c, MaxArmy)
		}
		if seen[k] {
			return Army{}, fmt.Errorf("encode: pieces %q: %s given twice", t, k)
		}
		seen[k] = true
		a[k] = c
	}
	return a, nil
}

// The kind masks of the mixed problems' rules.
const (
	slidesRows  = 1<<QueenKind | 1<<RookKind   // pieces that attack along rows and columns
	slidesDiags = 1<<QueenKind | 1<<BishopKind // pieces that attack along diagonals
	allKinds    = 1<<QueenKind | 1<<KnightKind | 1<<KingKind | 1<<BishopKind | 1<<RookKind
)

// mixedRules are the lines of a board of several kinds of piece, none
// attacking another (the "chess challenge" of the nonattacking pieces;
// Kotěšovec, "Non-attacking chess pieces", 2013, counts them by kind). A
// piece on a line it moves along attacks the nearest piece on it either
// way, so two pieces on one such line always make an attack: the line
// holds at most one of the pieces that move along it, and none of the
// others when it holds one (a blocked square 'x' blocks nothing: it is only
// a square no piece takes). A knight (or king) attacks the square a
// knight's move (a king's step) away: a knight pair (a 2×2 block) holds at
// most one knight (king), and none of the other kinds with it. A square
// holds one piece.
var mixedRules = []Rule{
	{Family: Squares, Lo: 0, Hi: 1, Kinds: allKinds},
	{Family: Rows, Lo: 0, Hi: 1, Kinds: slidesRows},
	{Family: Rows, Hi: 1, Kinds: slidesRows, Excludes: allKinds &^ slidesRows},
	{Family: Columns, Lo: 0, Hi: 1, Kinds: slidesRows},
	{Family: Columns, Hi: 1, Kinds: slidesRows, Excludes: allKinds &^ slidesRows},
	{Family: Diagonals, Lo: 0, Hi: 1, Kinds: slidesDiags},
	{Family: Diagonals, Hi: 1, Kinds: slidesDiags, Excludes: allKinds &^ slidesDiags},
	{Family: Antidiags, Lo: 0, Hi: 1, Kinds: slidesDiags},
	{Family: Antidiags, Hi: 1, Kinds: slidesDiags, Excludes: allKinds &^ slidesDiags},
	{Family: KnightPairs, Lo: 0, Hi: 1, Kinds: 1 << KnightKind},
	{Family: KnightPairs, Hi: 1, Kinds: 1 << KnightKind, Excludes: allKinds &^ (1 << KnightKind)},
	{Family: KingBlocks, Lo: 0, Hi: 1, Kinds: 1 << KingKind},
	{Family: KingBlocks, Hi: 1, Kinds: 1 << KingKind, Excludes: allKinds &^ (1 << KingKind)},
}

// counts reports whether the rule counts a piece of kind k: every piece
// when the rule names no kinds (the one-kind variants).
func (ru Rule) counts(k Kind) bool { return ru.Kinds == 0 || ru.Kinds&k.mask() != 0 }

// excludes reports whether the rule's exclusion forbids kind k.
func (ru Rule) excludes(k Kind) bool { return ru.Excludes&k.mask() != 0 }

// Mixed reports whether the variant places pieces of several kinds, whose
// solutions are Pieces rather than Cells (Verify, Model.Pieces): whether
// its VariantSpec has an Army (queens+knights, pieces).
func (v Variant) Mixed() bool { return v.entry().Army != nil }

// Kind returns the kind of piece of a one-kind variant (queens for the
// queens, toroidal, domination and queens+pawns problems; QueenKind for
// the variants of several kinds).
func (v Variant) Kind() Kind { return v.entry().Kind }

// Army returns the pieces the problem places, by kind: its variant's Army
// (the counts of the pieces problem, Problem.Counts; half the pieces as
// queens and half as knights for queens+knights), or the number of pieces
// (Pieces; a Place variant's own when 0) of the variant's kind.
func (p Problem) Army() Army {
	q := p
	q.Pieces = p.pieces()
	if army := p.Variant.entry().Army; army != nil {
		return army(q)
	}
	var a Army
	a[p.Variant.Kind()] = q.Pieces
	return a
}

// kindsUsed returns the kinds the problem can place: the army's, or when
// its size is not chosen (or too small for an army), the kinds of the
// army of SizeStep pieces (queens and knights for queens+knights).
func (p Problem) kindsUsed() []Kind {
	a := p.Army()
	if a.Total() == 0 {
		q := p
		q.Pieces = p.SizeStep()
		a = q.Army()
	}
	return a.Kinds()
}

// SizeStep is the step of the search for the number of pieces of a
// Maximum or Minimum variant (backend.Solve), its VariantSpec's Step: 2
// for queens+knights, whose pieces come in pairs, 1 otherwise.
func (p Problem) SizeStep() int { return max(1, p.Variant.entry().Step) }

// Givens returns the given pieces of the problem, in row-major order:
// Instance.Pieces, or the queens of the Board, each of the variant's kind
// (a given 'Q' of a one-kind variant is its piece, as the one-a-row
// boards have always said).
func (p Problem) Givens() []Piece {
	var ps []Piece
	if len(p.Given) > 0 {
		for _, x := range p.Given {
			k := x.Kind
			if !p.Variant.Mixed() && k == QueenKind {
				k = p.Variant.Kind()
			}
			ps = append(ps, Piece{x.Cell, k})
		}
		return ps
	}
	for r, c := range p.Board.Queens {
		if c >= 0 {
			ps = append(ps, Piece{Cell{r, c}, p.Variant.Kind()})
		}
	}
	return ps
}

// GivenCount is the number of pieces given.
func (in Instance) GivenCount() int { return in.Board.Given() + len(in.Given) }

// WritePieceList writes pieces in the list form of the compact board, on
// one line: the header "n N" and a token "r,c,K" per piece (0-based row
// and column, the kind's letter), which ParseInstanceWith reads back
// (ReadOptions.AnyPieces).
func WritePieceList(w io.Writer, n int, pieces []Piece) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "n %d", n)
	for _, x := range pieces {
		fmt.Fprintf(bw, " %d,%d,%c", x.R, x.C, x.Kind.Letter())
	}
	bw.WriteByte('\n')
	return bw.Flush()
}
