package encode

// Lines returns the variables of the squares of each encoded row, then of
// each encoded column, in the order Encode writes their exactly-one
// constraints: every line is the at-least-one clause of the formula for
// that row or column, so every model makes one variable of each line true.
// A lookahead branches on them (sat.CubeOptions.Groups). The cost is O(k)
// for k encoded squares.
func (f *Formula) Lines() [][]int {
	lines := make([][]int, 0, len(f.rows)+len(f.cols))
	for i := range f.rows {
		l := make([]int, 0, f.rowStart[i+1]-f.rowStart[i])
		for s := f.rowStart[i]; s < f.rowStart[i+1]; s++ {
			l = append(l, f.sqVar(int(s)))
		}
		lines = append(lines, l)
	}
	for _, c := range f.cols {
		col := f.colOrder[f.colStart[c]:f.colStart[c+1]]
		l := make([]int, 0, len(col))
		for _, s := range col {
			l = append(l, f.sqVar(int(s)))
		}
		lines = append(lines, l)
	}
	return lines
}

// Diagonals returns the variables of the encoded squares on each diagonal
// (r+c constant), then on each anti-diagonal (r−c constant), that hold at
// least two of them: the groups the formula constrains to at most one
// queen. The cost is O(k) for k encoded squares.
func (f *Formula) Diagonals() [][]int {
	var groups [][]int
	for _, d := range [2]struct{ order, start []int32 }{{f.diagOrder, f.diagStart}, {f.antiOrder, f.antiStart}} {
		for k := 0; k+1 < len(d.start); k++ {
			sq := d.order[d.start[k]:d.start[k+1]]
			if len(sq) < 2 {
				continue
			}
			g := make([]int, len(sq))
			for i, s := range sq {
				g[i] = f.sqVar(int(s))
			}
			groups = append(groups, g)
		}
	}
	return groups
}
