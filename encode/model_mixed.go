package encode

import (
	"context"
	"fmt"
	"sort"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// newMixedModel builds the model of a problem of several kinds of piece
// (Variant.Mixed) from its Rules: a free cell is a square and a kind
// (Model.Kinds), so that one square has a cell per kind it may take; a
// capacity rule makes each line of its family a line over the cells of
// the kinds it counts; an exclusion rule makes every pair of cells on one
// line, one of its Kinds and one of its Excludes on two squares, a line
// of family Attacks holding at most one; and each kind's number of
// pieces is a line of family KindTotal (Index the kind), their sum the
// Total line. The given pieces are taken off the bounds, and the cells
// they attack or that attack them are left out.
func newMixedModel(ctx context.Context, p Problem) (*Model, error) {
	army := p.Army()
	if army.Total() != p.pieces() {
		return nil, fmt.Errorf("encode: %v places no army of %d pieces (its pieces come %d at a time)", p.Variant, p.pieces(), p.SizeStep())
	}
	b := &mixedBuilder{m: &Model{Problem: p, N: p.Board.N, Pieces: army.Total()}, army: army, rules: p.Variant.Rules(),
		counted: map[ruleLine]int{}, excluded: map[ruleLine]int{}, occupied: map[Cell]bool{}}
	b.givens()
	if err := b.freeCells(ctx); err != nil {
		return nil, err
	}
	if err := b.ruleLines(ctx); err != nil {
		return nil, err
	}
	b.totals()
	return b.m, nil
}

// mixedBuilder builds the model of a problem of several kinds of piece:
// the army asked for and the part of it given, and the given pieces on
// each line of each rule, by whether the rule counts them (as its Kinds)
// or excludes them.
type mixedBuilder struct {
	m                 *Model
	army, given       Army
	rules             []Rule
	counted, excluded map[ruleLine]int
	occupied          map[Cell]bool
}

// ruleLine is line line of the family of rule rule.
type ruleLine struct {
	rule, line int
}

// givens records the given pieces and the lines they are on; too many of
// a kind, a line over-filled or two given pieces that attack each other
// make the model infeasible.
func (b *mixedBuilder) givens() {
	m, n := b.m, b.m.N
	for _, g := range m.Problem.Givens() {
		m.Given = append(m.Given, g.Cell)
		m.GivenKinds = append(m.GivenKinds, g.Kind)
		b.occupied[g.Cell] = true
		b.given[g.Kind]++
		for i, ru := range b.rules {
			linesOf(ru.Family, n, g.R, g.C, func(l int) {
				if ru.counts(g.Kind) {
					b.counted[ruleLine{i, l}]++
				}
				if ru.excludes(g.Kind) {
					b.excluded[ruleLine{i, l}]++
				}
			})
		}
	}
	for k, c := range b.given {
		if c > b.army[k] && m.Infeasible == "" {
			m.Infeasible = fmt.Sprintf("%s given, %s asked for", Kind(k).Plural(c), Kind(k).Plural(b.army[k]))
		}
	}
	for k, cnt := range b.counted {
		ru := b.rules[k.rule]
		switch {
		case ru.Excludes == 0 && cnt > ru.Hi && m.Infeasible == "":
			m.Infeasible = fmt.Sprintf("the given pieces put %d on %v %d, at most %d allowed", cnt, ru.Family, k.line, ru.Hi)
		case ru.Excludes != 0 && b.excluded[k] > 0 && m.Infeasible == "":
			m.Infeasible = fmt.Sprintf("two given pieces attack each other along %v %d", ru.Family, k.line)
		}
	}
}

// freeCells lists the free cells: every square and kind still to place
// that no given piece attacks and that attacks none.
func (b *mixedBuilder) freeCells(ctx context.Context) error {
	m, p, n := b.m, b.m.Problem, b.m.N
	blocked := map[Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	exSum, exDif := p.excludedMasks()
	var kinds []Kind
	for _, k := range b.army.Kinds() {
		if b.army[k] > b.given[k] {
			kinds = append(kinds, k)
		}
	}
	for r := range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		for c := range n {
			x := Cell{r, c}
			if b.occupied[x] || blocked[x] || exSum[r+c] || exDif[r-c+n-1] {
				continue
			}
			for _, k := range kinds {
				if !b.free(k, r, c) {
					continue
				}
				if len(m.Cells) >= MaxModelCells {
					return memlimit.TooBig("encode: the model of this %v problem has more than %d free cells", p.Variant, MaxModelCells)
				}
				m.Cells = append(m.Cells, x)
				m.Kinds = append(m.Kinds, k)
			}
		}
	}
	return nil
}

// free reports whether a piece of kind k may stand on square (r, c): on
// no line the given pieces fill, attacking no given piece and attacked
// by none.
func (b *mixedBuilder) free(k Kind, r, c int) bool {
	ok := true
	for i, ru := range b.rules {
		linesOf(ru.Family, b.m.N, r, c, func(l int) {
			switch {
			case ru.Excludes == 0:
				ok = ok && !(ru.counts(k) && b.counted[ruleLine{i, l}] >= ru.Hi)
			case ru.counts(k) && b.excluded[ruleLine{i, l}] > 0, ru.excludes(k) && b.counted[ruleLine{i, l}] > 0:
				ok = false
			}
		})
	}
	return ok
}

// ruleLines makes the lines of the rules: a capacity rule's lines that
// bound something, an exclusion rule's pairs of cells (each pair once).
func (b *mixedBuilder) ruleLines(ctx context.Context) error {
	m, n := b.m, b.m.N
	seen := map[[2]int32]bool{}
	for i, ru := range b.rules {
		if err := ctx.Err(); err != nil {
			return err
		}
		size := familySize(ru.Family, n)
		on := make([][]int32, size)   // cells counted, by line
		them := make([][]int32, size) // cells excluded, by line
		for ci, x := range m.Cells {
			k := m.Kinds[ci]
			linesOf(ru.Family, n, x.R, x.C, func(l int) {
				if ru.counts(k) {
					on[l] = append(on[l], int32(ci))
				}
				if ru.excludes(k) {
					them[l] = append(them[l], int32(ci))
				}
			})
		}
		for l := range size {
			if ru.Excludes == 0 {
				g := b.counted[ruleLine{i, l}]
				ln := Line{Family: ru.Family, Index: l, Lo: max(0, ru.Lo-g), Hi: ru.Hi - g, Cells: on[l]}
				if ln.Lo == 0 && ln.Hi >= len(ln.Cells) {
					continue
				}
				m.Lines = append(m.Lines, ln)
				continue
			}
			b.attackLines(on[l], them[l], seen)
		}
	}
	return nil
}

// attackLines makes a line of family Attacks, holding at most one, of
// every pair of a cell of on and one of them on two squares (seen holds
// the pairs made).
func (b *mixedBuilder) attackLines(on, them []int32, seen map[[2]int32]bool) {
	m := b.m
	for _, x := range on {
		for _, y := range them {
			if m.Cells[x] == m.Cells[y] {
				continue // one square: the Squares rule
			}
			pair := [2]int32{min(x, y), max(x, y)}
			if seen[pair] {
				continue
			}
			seen[pair] = true
			m.Lines = append(m.Lines, Line{Family: Attacks, Index: len(seen) - 1, Hi: 1, Cells: pair[:]})
		}
	}
}

// totals makes each kind's number of pieces a line of family KindTotal
// (Index the kind), and their sum the Total line.
func (b *mixedBuilder) totals() {
	m := b.m
	free := 0
	for _, k := range b.army.Kinds() {
		var cs []int32
		for ci, kk := range m.Kinds {
			if kk == k {
				cs = append(cs, int32(ci))
			}
		}
		left := max(0, b.army[k]-b.given[k])
		free += left
		m.Lines = append(m.Lines, Line{Family: KindTotal, Index: int(k), Lo: left, Hi: left, Cells: cs})
	}
	all := make([]int32, len(m.Cells))
	for i := range all {
		all[i] = int32(i)
	}
	m.Lines = append(m.Lines, Line{Family: Total, Lo: free, Hi: free, Cells: all})
}

// PiecesOf returns the pieces of a solution, the given ones included, in
// row-major order, from the chosen free cells, each of its kind (the
// variant's kind on a board of one kind).
func (m *Model) PiecesOf(chosen []int32) []Piece {
	ps := make([]Piece, 0, len(m.Given)+len(chosen))
	kind := m.Problem.Variant.Kind()
	for i, g := range m.Given {
		k := kind
		if m.GivenKinds != nil {
			k = m.GivenKinds[i]
		}
		ps = append(ps, Piece{g, k})
	}
	for _, i := range chosen {
		k := kind
		if m.Kinds != nil {
			k = m.Kinds[i]
		}
		ps = append(ps, Piece{m.Cells[i], k})
	}
	sortPieces(ps)
	return ps
}

// sortPieces sorts pieces in row-major order.
func sortPieces(ps []Piece) {
	sort.Slice(ps, func(i, j int) bool { return cellLess(ps[i].Cell, ps[j].Cell) })
}
