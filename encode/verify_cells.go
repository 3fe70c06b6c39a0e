package encode

import "fmt"

// verifyCells is Verify of the squares of a solution of one kind of piece.
func verifyCells(p Problem, pieces []Cell) error {
	n := p.Board.N
	if p.Variant.Mixed() {
		if len(pieces) > 0 {
			return fmt.Errorf("encode: verify: the %v problem places pieces of several kinds: their kinds are needed ([]Piece)", p.Variant)
		}
		return verifyPieces(p, nil)
	}
	if n < 1 {
		return fmt.Errorf("encode: verify: n must be at least 1, got %d", n)
	}
	if want := p.pieces(); want > 0 && len(pieces) != want {
		return fmt.Errorf("encode: verify: %d pieces, the problem asks for %d", len(pieces), want)
	}
	if len(p.Pawns) > 0 && !p.Variant.ReadsPawns() {
		return fmt.Errorf("encode: verify: the board has pawns, which only the queens+pawns problem reads, not %v", p.Variant)
	}
	if p.PawnsSearched() {
		return fmt.Errorf("encode: verify: the %d pawns are not placed", p.PawnCount)
	}
	g := newGeometry(p.Instance)
	at := make(map[Cell]bool, len(pieces))
	blocked := map[Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	for _, x := range pieces {
		switch {
		case x.R < 0 || x.R >= n || x.C < 0 || x.C >= n:
			return fmt.Errorf("encode: verify: piece (%d,%d) off the board (0..%d)", x.R, x.C, n-1)
		case at[x]:
			return fmt.Errorf("encode: verify: two pieces on %s", Square(n, x.R, x.C))
		case blocked[x]:
			return fmt.Errorf("encode: verify: piece on the blocked square %s", Square(n, x.R, x.C))
		case g.pawnAt(x):
			return fmt.Errorf("encode: verify: piece on the pawn at %s", Square(n, x.R, x.C))
		}
		for _, d := range p.Excluded {
			if d.Holds(n, x.R, x.C) {
				return fmt.Errorf("encode: verify: piece at %s on the excluded diagonal %v", Square(n, x.R, x.C), d)
			}
		}
		at[x] = true
	}
	for _, x := range p.Givens() {
		if !at[x.Cell] {
			return fmt.Errorf("encode: verify: the given piece at %s is missing", Square(n, x.R, x.C))
		}
	}
	for _, ru := range p.Variant.Rules() {
		count := map[int]int{}
		for _, x := range pieces {
			g.linesOf(ru.Family, x.R, x.C, func(l int) { count[l]++ })
		}
		for l, k := range count {
			if k > ru.Hi {
				return fmt.Errorf("encode: verify: %d pieces on %v %d (%s), at most %d allowed", k, ru.Family, l, lineName(ru.Family, g, l), ru.Hi)
			}
		}
		if ru.Lo > 0 {
			for l := range familySize(ru.Family, n) {
				if count[l] < ru.Lo {
					return fmt.Errorf("encode: verify: %d pieces on %v %d (%s), at least %d needed", count[l], ru.Family, l, lineName(ru.Family, g, l), ru.Lo)
				}
			}
		}
	}
	return nil
}

// lineName describes line l of family f for messages.
func lineName(f Family, g geometry, l int) string {
	n := g.n
	switch f {
	case Rows:
		return fmt.Sprintf("row %d", l)
	case Columns:
		return fmt.Sprintf("column %d", l)
	case Covers:
		return "the squares covering " + Square(n, l/n, l%n)
	}
	cs := lineCells(f, g, l)
	if len(cs) == 0 {
		return "empty"
	}
	return "through " + Square(n, cs[0].R, cs[0].C)
}

// PlacementCells returns the squares of a placement: one piece per row.
func PlacementCells(p Placement) []Cell {
	cs := make([]Cell, len(p))
	for r, c := range p {
		cs[r] = Cell{r, c}
	}
	return cs
}
