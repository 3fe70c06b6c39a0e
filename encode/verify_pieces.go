package encode

import (
	"fmt"
	"strings"
)

// verifyPieces is Verify of the pieces of a solution, with their kinds:
// for one kind, the kind is checked and the squares go to verifyCells.
func verifyPieces(p Problem, pieces []Piece) error {
	n := p.Board.N
	if n < 1 {
		return fmt.Errorf("encode: verify: n must be at least 1, got %d", n)
	}
	if !p.Variant.Mixed() {
		cells := make([]Cell, len(pieces))
		for i, x := range pieces {
			if x.Kind != p.Variant.Kind() {
				return fmt.Errorf("encode: verify: a %v at %s: the %v problem places %ss", x.Kind, Square(n, x.R, x.C), p.Variant, p.Variant.Kind())
			}
			cells[i] = x.Cell
		}
		return verifyCells(p, cells)
	}
	if len(p.Pawns) > 0 {
		return fmt.Errorf("encode: verify: the board has pawns, which only the queens+pawns problem reads, not %v", p.Variant)
	}
	if err := verifyArmy(p, pieces); err != nil {
		return err
	}
	at := make(map[Cell]Kind, len(pieces))
	blocked := map[Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	for _, x := range pieces {
		_, twice := at[x.Cell]
		switch {
		case x.R < 0 || x.R >= n || x.C < 0 || x.C >= n:
			return fmt.Errorf("encode: verify: piece (%d,%d) off the board (0..%d)", x.R, x.C, n-1)
		case twice:
			return fmt.Errorf("encode: verify: two pieces on %s", Square(n, x.R, x.C))
		case blocked[x.Cell]:
			return fmt.Errorf("encode: verify: piece on the blocked square %s", Square(n, x.R, x.C))
		}
		for _, d := range p.Excluded {
			if d.Holds(n, x.R, x.C) {
				return fmt.Errorf("encode: verify: piece at %s on the excluded diagonal %v", Square(n, x.R, x.C), d)
			}
		}
		if err := p.kindAllowed(x); err != nil {
			return fmt.Errorf("encode: verify: %s", strings.TrimPrefix(err.Error(), "encode: "))
		}
		at[x.Cell] = x.Kind
	}
	for _, g := range p.Givens() {
		if k, ok := at[g.Cell]; !ok || k != g.Kind {
			return fmt.Errorf("encode: verify: the %v given at %s is missing", g.Kind, Square(n, g.R, g.C))
		}
	}
	if err := checkRules(p, pieces, true); err != nil {
		return fmt.Errorf("encode: verify: %s", strings.TrimPrefix(err.Error(), "encode: "))
	}
	return nil
}

// verifyArmy checks the pieces' numbers: as many of each kind as p asks
// (p.Army), or when its number of pieces is not chosen, as many of each
// kind as the variant's army of that many pieces holds (for
// queens+knights, as many queens as knights).
func verifyArmy(p Problem, pieces []Piece) error {
	n := p.Board.N
	want := p.pieces()
	if want > 0 && len(pieces) != want {
		return fmt.Errorf("encode: verify: %d pieces, the problem asks for %d", len(pieces), want)
	}
	var got Army
	for _, x := range pieces {
		if x.Kind < 0 || int(x.Kind) >= NumKinds {
			return fmt.Errorf("encode: verify: piece of unknown kind %d at %s", int(x.Kind), Square(n, x.R, x.C))
		}
		got[x.Kind]++
	}
	if want > 0 {
		if got != p.Army() {
			return fmt.Errorf("encode: verify: the pieces are %s, the problem asks for %s", got, p.Army())
		}
		return nil
	}
	q := p
	q.Pieces = len(pieces)
	switch a := q.Army(); {
	case a.Total() != len(pieces):
		return fmt.Errorf("encode: verify: %d pieces: the %v problem places no army of %d (its pieces come %d at a time)", len(pieces), p.Variant, len(pieces), p.SizeStep())
	case a != got:
		return fmt.Errorf("encode: verify: the pieces are %s: %d pieces of the %v problem are %s", got, len(pieces), p.Variant, a)
	}
	return nil
}

// checkRules checks pieces against every rule of p's variant, each
// counting the kinds it names: at most Hi on a line (and at least Lo, with
// lower), no piece of an exclusion rule's Kinds on a line with one of its
// Excludes. The error names the pieces at fault (a *BoardError at the
// later one).
func checkRules(p Problem, pieces []Piece, lower bool) error {
	n := p.Board.N
	for _, ru := range p.Variant.Rules() {
		on := map[int][]Piece{}
		off := map[int][]Piece{}
		for _, x := range pieces {
			var err error
			linesOf(ru.Family, n, x.R, x.C, func(l int) {
				if ru.counts(x.Kind) {
					on[l] = append(on[l], x)
					if ru.Excludes == 0 && len(on[l]) > ru.Hi && err == nil {
						err = pieceErrorf(x.Cell, "%s attack each other (%d on one %v, at most %d)", pieceList(n, on[l]), len(on[l]), ru.Family, ru.Hi)
					}
					if ru.Excludes != 0 && len(off[l]) > 0 && err == nil {
						err = pieceErrorf(x.Cell, "%s attack each other (on one %v)", pieceList(n, []Piece{off[l][0], x}), ru.Family)
					}
				}
				if ru.excludes(x.Kind) {
					off[l] = append(off[l], x)
					if len(on[l]) > 0 && err == nil {
						err = pieceErrorf(x.Cell, "%s attack each other (on one %v)", pieceList(n, []Piece{on[l][0], x}), ru.Family)
					}
				}
			})
			if err != nil {
				return err
			}
		}
		if lower && ru.Lo > 0 {
			for l := range familySize(ru.Family, n) {
				if len(on[l]) < ru.Lo {
					return fmt.Errorf("encode: %d pieces on %v %d, at least %d needed", len(on[l]), ru.Family, l, ru.Lo)
				}
			}
		}
	}
	return nil
}

// pieceList names pieces for messages: "the queen at (0,0) a1 and the
// knight at (1,2) c2".
func pieceList(n int, ps []Piece) string {
	var parts []string
	for _, x := range ps {
		parts = append(parts, fmt.Sprintf("the %v at %s", x.Kind, Square(n, x.R, x.C)))
	}
	return strings.Join(parts, " and ")
}
