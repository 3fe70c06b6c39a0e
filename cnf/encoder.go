package cnf

// Encoder writes cardinality constraints into an Adder, numbering the
// auxiliary variables it needs after the ones already in use. Its at-most-one
// constraints use the encoding it was made with; at-most-k for k ≥ 2 is
// Sinz's sequential counter LT_SEQ (CP 2005, doi:10.1007/11564751_73),
// and at-least-k is at-most-(m−k) of the negated literals.
type Encoder struct {
	dst     Adder
	exactly AMO // encoding inside exactly-one constraints
	atMost  AMO // encoding of plain at-most-one constraints
	cut     int
	next    int
}

// NewEncoder returns an Encoder writing into dst with at-most-one encoding
// amo; vars is the largest variable already in use (auxiliaries are vars+1,
// vars+2, …); groups of at most pairwiseUpTo literals are pairwise whatever
// the encoding when it is positive, 0 keeping each encoding's own threshold
// (see CheckPairwiseUpTo). It panics on an encoding AMOs does not list: the
// caller checks names with ParseAMO or AMO.Valid.
func NewEncoder(dst Adder, amo AMO, pairwiseUpTo, vars int) *Encoder {
	if !amo.Valid() {
		panic("cnf: unknown at-most-one encoding " + amo.String())
	}
	e := &Encoder{dst: dst, cut: pairwiseUpTo, next: vars}
	e.exactly, e.atMost = amo.Parts()
	return e
}

// Fresh returns a new auxiliary variable.
func (e *Encoder) Fresh() int {
	e.next++
	return e.next
}

// Vars returns the largest variable used so far, auxiliaries included.
func (e *Encoder) Vars() int { return e.next }

func (e *Encoder) binary(a, b int) {
	e.dst.Add(a)
	e.dst.Add(b)
	e.dst.Add(0)
}

// AtLeastOne writes the clause of the literals xs (the empty clause when xs
// is empty).
func (e *Encoder) AtLeastOne(xs []int) { Clause(e.dst, xs...) }

// ExactlyOne writes at least one and at most one of xs.
func (e *Encoder) ExactlyOne(xs []int) {
	e.AtLeastOne(xs)
	e.atMostOne(e.exactly, xs)
}

// AtMostOne writes at most one of the literals xs true.
func (e *Encoder) AtMostOne(xs []int) { e.atMostOne(e.atMost, xs) }

// AtMostK writes at most k of the literals xs true: nothing when k ≥ len(xs),
// a unit clause ¬x for each x when k ≤ 0, AtMostOne when k = 1, and Sinz's
// sequential counter otherwise.
func (e *Encoder) AtMostK(xs []int, k int) {
	m := len(xs)
	switch {
	case k >= m:
		return
	case k <= 0:
		for _, x := range xs {
			e.dst.Add(-x)
			e.dst.Add(0)
		}
		return
	case k == 1:
		e.AtMostOne(xs)
		return
	}
	// s[i][j] (registers of step i, j = 0..k−1): at least j+1 of x_0..x_i.
	prev := make([]int, k)
	cur := make([]int, k)
	for j := range prev {
		prev[j] = e.Fresh()
	}
	e.binary(-xs[0], prev[0])
	for j := 1; j < k; j++ {
		e.dst.Add(-prev[j])
		e.dst.Add(0)
	}
	for i := 1; i < m-1; i++ {
		for j := range cur {
			cur[j] = e.Fresh()
		}
		e.binary(-xs[i], cur[0])
		e.binary(-prev[0], cur[0])
		for j := 1; j < k; j++ {
			Clause(e.dst, -xs[i], -prev[j-1], cur[j])
			e.binary(-prev[j], cur[j])
		}
		e.binary(-xs[i], -prev[k-1])
		prev, cur = cur, prev
	}
	e.binary(-xs[m-1], -prev[k-1])
}

// AtLeastK writes at least k of the literals xs true: the empty clause
// when k > len(xs), nothing when k ≤ 0, AtLeastOne when k = 1, a counter
// of the literals from below when k ≤ len(xs)−k, and at most len(xs)−k of
// the negations otherwise.
func (e *Encoder) AtLeastK(xs []int, k int) {
	switch {
	case k <= 0:
		return
	case k == 1:
		e.AtLeastOne(xs)
		return
	case k > len(xs):
		e.dst.Add(0)
		return
	}
	if m := len(xs); k <= m-k {
		e.atLeastKSeq(xs, k)
		return
	}
	neg := make([]int, len(xs))
	for i, x := range xs {
		neg[i] = -x
	}
	e.AtMostK(neg, len(xs)-k)
}

// atLeastKSeq writes at least k of xs with registers s(i, j), "at least
// j+1 of x_0..x_i", implied from below: s(i, j) → s(i−1, j) ∨ x_i and
// s(i, j) → s(i−1, j) ∨ s(i−1, j−1), and s(m−1, k−1) asserted — the
// sequential counter of Sinz turned around, m·k registers and
// k + (m−1)(2k−1) + 1 clauses, fewer than at most m−k of the negations
// when k ≤ m−k.
func (e *Encoder) atLeastKSeq(xs []int, k int) {
	prev := make([]int, k)
	cur := make([]int, k)
	for j := range prev {
		prev[j] = e.Fresh()
	}
	e.binary(-prev[0], xs[0])
	for j := 1; j < k; j++ {
		e.dst.Add(-prev[j])
		e.dst.Add(0)
	}
	for i := 1; i < len(xs); i++ {
		for j := range cur {
			cur[j] = e.Fresh()
		}
		Clause(e.dst, -cur[0], prev[0], xs[i])
		for j := 1; j < k; j++ {
			Clause(e.dst, -cur[j], prev[j], xs[i])
			Clause(e.dst, -cur[j], prev[j], prev[j-1])
		}
		prev, cur = cur, prev
	}
	e.dst.Add(prev[k-1])
	e.dst.Add(0)
}

// atLeastKSize returns the clauses and auxiliaries of AtLeastK for
// 2 ≤ k ≤ m.
func atLeastKSize(amo AMO, m, k, cut int) (clauses, aux int) {
	if k <= m-k {
		return k + (m-1)*(2*k-1) + 1, m * k
	}
	return AtMostKSize(amo, m, m-k, cut)
}

// Between writes lo ≤ (number of true literals of xs) ≤ hi, as ExactlyOne
// when lo = hi = 1.
func (e *Encoder) Between(xs []int, lo, hi int) {
	if lo == 1 && hi == 1 {
		e.ExactlyOne(xs)
		return
	}
	e.AtLeastK(xs, lo)
	e.AtMostK(xs, hi)
}

// BetweenSize returns the clauses and auxiliaries that Between writes.
func BetweenSize(amo AMO, m, lo, hi, cut int) (clauses, aux int) {
	if lo == 1 && hi == 1 {
		return ExactlyOneSize(amo, m, cut)
	}
	switch {
	case lo <= 0:
	case lo == 1:
		clauses++
	case lo > m:
		clauses++
	default:
		clauses, aux = atLeastKSize(amo, m, lo, cut)
	}
	c, a := AtMostKSize(amo, m, hi, cut)
	return clauses + c, aux + a
}

// atMostOne writes at most one of xs with the true encoding amo.
func (e *Encoder) atMostOne(amo AMO, xs []int) {
	m := len(xs)
	if m <= 1 {
		return
	}
	if m <= pairwiseUpTo(amo, e.cut) {
		e.pairwise(xs)
		return
	}
	switch amo {
	case Sequential:
		// s_i: some x_1..x_i is true (Sinz's LT_SEQ for k = 1).
		s := e.Fresh()
		e.binary(-xs[0], s)
		for i := 1; i < m-1; i++ {
			t := e.Fresh()
			e.binary(-xs[i], t)
			e.binary(-s, t)
			e.binary(-xs[i], -s)
			s = t
		}
		e.binary(-xs[m-1], -s)
	case Commander:
		cmds := make([]int, 0, (m+2)/3)
		for i := 0; i < m; i += 3 {
			g := xs[i:min(i+3, m)]
			if len(g) == 1 {
				cmds = append(cmds, g[0])
				continue
			}
			c := e.Fresh()
			cmds = append(cmds, c)
			e.pairwise(g)
			for _, x := range g {
				e.binary(-x, c)
			}
			e.dst.Add(-c)
			for _, x := range g {
				e.dst.Add(x)
			}
			e.dst.Add(0)
		}
		e.atMostOne(amo, cmds)
	case Product:
		p, q := productShape(m)
		us := make([]int, p)
		vs := make([]int, q)
		for i := range us {
			us[i] = e.Fresh()
		}
		for i := range vs {
			vs[i] = e.Fresh()
		}
		for i, x := range xs {
			e.binary(-x, us[i/q])
			e.binary(-x, vs[i%q])
		}
		e.atMostOne(amo, us)
		e.atMostOne(amo, vs)
	case Bimander:
		size, groups, bits := bimanderShape(m)
		b0 := e.next + 1
		e.next += bits
		for g := range groups {
			grp := xs[g*size : min((g+1)*size, m)]
			e.pairwise(grp)
			for _, x := range grp {
				for j := range bits {
					if g>>j&1 == 1 {
						e.binary(-x, b0+j)
					} else {
						e.binary(-x, -(b0 + j))
					}
				}
			}
		}
	}
}

// pairwise writes a binary clause for each pair of xs.
func (e *Encoder) pairwise(xs []int) {
	for i := 0; i < len(xs); i++ {
		for j := i + 1; j < len(xs); j++ {
			e.binary(-xs[i], -xs[j])
		}
	}
}
