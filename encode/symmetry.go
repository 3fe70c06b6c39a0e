package encode

// Symmetry is one of the 8 symmetries of the square (the dihedral group D4):
// Identity, the rotations by 90°, 180° and 270°, and the reflections in the
// horizontal axis, the vertical axis, the main diagonal and the
// anti-diagonal.
type Symmetry int

// The eight symmetries of the square, in the order Symmetries lists them.
const (
	Identity Symmetry = iota
	Rot90
	Rot180
	Rot270
	FlipRows  // reflection in the horizontal axis: row r ↦ n−1−r
	FlipCols  // reflection in the vertical axis: column c ↦ n−1−c
	Transpose // reflection in the main diagonal: (r, c) ↦ (c, r)
	AntiTranspose
)

// Symmetries lists the whole group, Identity first.
var Symmetries = [8]Symmetry{Identity, Rot90, Rot180, Rot270, FlipRows, FlipCols, Transpose, AntiTranspose}

var symmetryNames = [8]string{"identity", "rot90", "rot180", "rot270", "flip-rows", "flip-cols", "transpose", "anti-transpose"}

func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return "symmetry(?)"
	}
	return symmetryNames[s]
}

// MapSquare returns the image of square (r, c) of an n×n board under s.
// Rot90 turns the board clockwise: (r, c) ↦ (c, n−1−r).
func (s Symmetry) MapSquare(n, r, c int) (int, int) {
	m := n - 1
	switch s {
	case Rot90:
		return c, m - r
	case Rot180:
		return m - r, m - c
	case Rot270:
		return m - c, r
	case FlipRows:
		return m - r, c
	case FlipCols:
		return r, m - c
	case Transpose:
		return c, r
	case AntiTranspose:
		return m - c, m - r
	}
	return r, c
}

// Apply returns the image of placement p under s. Every symmetry maps a
// solution to a solution. The complexity is O(n).
func (s Symmetry) Apply(p Placement) Placement {
	n := len(p)
	q := make(Placement, n)
	for r, c := range p {
		r2, c2 := s.MapSquare(n, r, c)
		q[r2] = c2
	}
	return q
}

// Less reports whether p comes before q in lexicographic order of columns,
// row 0 first. Placements of different length compare by length.
func Less(p, q Placement) bool {
	if len(p) != len(q) {
		return len(p) < len(q)
	}
	for i := range p {
		if p[i] != q[i] {
			return p[i] < q[i]
		}
	}
	return false
}

// Canonical returns the representative of the class of p under the 8
// symmetries: the lexicographically least image. It also returns the size
// of the class (8, 4, 2 or 1), the number of distinct images. Two solutions
// are equivalent exactly when their canonical forms are equal.
func Canonical(p Placement) (Placement, int) {
	best := p
	var images [8]Placement
	for i, s := range Symmetries {
		images[i] = s.Apply(p)
		if Less(images[i], best) {
			best = images[i]
		}
	}
	distinct := 0
	for i := range images {
		dup := false
		for j := 0; j < i; j++ {
			if !Less(images[i], images[j]) && !Less(images[j], images[i]) {
				dup = true
				break
			}
		}
		if !dup {
			distinct++
		}
	}
	return append(Placement(nil), best...), distinct
}
