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
	n := p.Board.N
	if p.Variant == QueensKnights && p.Pieces%2 != 0 {
		return nil, fmt.Errorf("encode: queens+knights places queens and knights in pairs: %d pieces asked for", p.Pieces)
	}
	army := p.Army()
	pieces := army.Total()
	m := &Model{Problem: p, N: n, Pieces: pieces}
	givens := p.Givens()
	var given Army
	rules := p.Variant.Rules()
	// The given pieces on each line of each rule, by whether the rule
	// counts them (as its Kinds) or excludes them.
	type key struct {
		rule, line int
	}
	counted := map[key]int{}
	excluded := map[key]int{}
	occupied := map[Cell]bool{}
	for _, g := range givens {
		m.Given = append(m.Given, g.Cell)
		m.GivenKinds = append(m.GivenKinds, g.Kind)
		occupied[g.Cell] = true
		given[g.Kind]++
		for i, ru := range rules {
			linesOf(ru.Family, n, g.R, g.C, func(l int) {
				if ru.counts(g.Kind) {
					counted[key{i, l}]++
				}
				if ru.excludes(g.Kind) {
					excluded[key{i, l}]++
				}
			})
		}
	}
	for k, c := range given {
		if c > army[k] && m.Infeasible == "" {
			m.Infeasible = fmt.Sprintf("%s given, %s asked for", Kind(k).Plural(c), Kind(k).Plural(army[k]))
		}
	}
	for k, cnt := range counted {
		ru := rules[k.rule]
		switch {
		case ru.Excludes == 0 && cnt > ru.Hi && m.Infeasible == "":
			m.Infeasible = fmt.Sprintf("the given pieces put %d on %v %d, at most %d allowed", cnt, ru.Family, k.line, ru.Hi)
		case ru.Excludes != 0 && excluded[k] > 0 && m.Infeasible == "":
			m.Infeasible = fmt.Sprintf("two given pieces attack each other along %v %d", ru.Family, k.line)
		}
	}

	// The free cells: every square and kind still to place that no given
	// piece attacks and that attacks none.
	blocked := map[Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	exSum, exDif := p.excludedMasks()
	var kinds []Kind
	for _, k := range army.Kinds() {
		if army[k] > given[k] {
			kinds = append(kinds, k)
		}
	}
	for r := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for c := range n {
			x := Cell{r, c}
			if occupied[x] || blocked[x] || exSum[r+c] || exDif[r-c+n-1] {
				continue
			}
			for _, k := range kinds {
				ok := true
				for i, ru := range rules {
					linesOf(ru.Family, n, r, c, func(l int) {
						switch {
						case ru.Excludes == 0:
							ok = ok && !(ru.counts(k) && counted[key{i, l}] >= ru.Hi)
						case ru.counts(k) && excluded[key{i, l}] > 0, ru.excludes(k) && counted[key{i, l}] > 0:
							ok = false
						}
					})
				}
				if !ok {
					continue
				}
				if len(m.Cells) >= MaxModelCells {
					return nil, memlimit.TooBig("encode: the model of this %v problem has more than %d free cells", p.Variant, MaxModelCells)
				}
				m.Cells = append(m.Cells, x)
				m.Kinds = append(m.Kinds, k)
			}
		}
	}

	// The lines of the rules.
	seen := map[[2]int32]bool{}
	for i, ru := range rules {
		if err := ctx.Err(); err != nil {
			return nil, err
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
				g := counted[key{i, l}]
				ln := Line{Family: ru.Family, Index: l, Lo: max(0, ru.Lo-g), Hi: ru.Hi - g, Cells: on[l]}
				if ln.Lo == 0 && ln.Hi >= len(ln.Cells) {
					continue
				}
				m.Lines = append(m.Lines, ln)
				continue
			}
			for _, a := range on[l] {
				for _, b := range them[l] {
					if m.Cells[a] == m.Cells[b] {
						continue // one square: the Squares rule
					}
					pair := [2]int32{min(a, b), max(a, b)}
					if seen[pair] {
						continue
					}
					seen[pair] = true
					m.Lines = append(m.Lines, Line{Family: Attacks, Index: len(seen) - 1, Hi: 1, Cells: pair[:]})
				}
			}
		}
	}
	free := 0
	for _, k := range army.Kinds() {
		var cs []int32
		for ci, kk := range m.Kinds {
			if kk == k {
				cs = append(cs, int32(ci))
			}
		}
		left := max(0, army[k]-given[k])
		free += left
		m.Lines = append(m.Lines, Line{Family: KindTotal, Index: int(k), Lo: left, Hi: left, Cells: cs})
	}
	all := make([]int32, len(m.Cells))
	for i := range all {
		all[i] = int32(i)
	}
	m.Lines = append(m.Lines, Line{Family: Total, Lo: free, Hi: free, Cells: all})
	return m, nil
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
