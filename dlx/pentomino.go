package dlx

import (
	"fmt"
	"slices"
	"strings"
)

// pentominoShapes are the twelve pentominoes under Conway's names, which
// Knuth uses: O P Q R S T U V W X Y Z (O is the straight piece).
var pentominoShapes = []struct {
	name  string
	shape string
}{
	{"O", "#####"},
	{"P", "##/##/#."},
	{"Q", "#.../####"},
	{"R", ".##/##./.#."},
	{"S", "##../.###"},
	{"T", "###/.#./.#."},
	{"U", "#.#/###"},
	{"V", "#../#../###"},
	{"W", "#../##./.##"},
	{"X", ".#./###/.#."},
	{"Y", "..#./####"},
	{"Z", "##./.#./.##"},
}

type cell struct{ r, c int }

// orientations returns the distinct shapes of a piece under the eight
// rotations and reflections, each normalised to touch row 0 and column 0
// and sorted.
func orientations(shape string) [][]cell {
	var base []cell
	for r, row := range strings.Split(shape, "/") {
		for c, ch := range row {
			if ch == '#' {
				base = append(base, cell{r, c})
			}
		}
	}
	var out [][]cell
	seen := map[string]bool{}
	for s := 0; s < 8; s++ {
		cs := make([]cell, len(base))
		for k, x := range base {
			r, c := x.r, x.c
			if s&4 != 0 {
				r, c = c, r
			}
			if s&2 != 0 {
				r = -r
			}
			if s&1 != 0 {
				c = -c
			}
			cs[k] = cell{r, c}
		}
		minR, minC := cs[0].r, cs[0].c
		for _, x := range cs {
			minR, minC = min(minR, x.r), min(minC, x.c)
		}
		for k := range cs {
			cs[k].r -= minR
			cs[k].c -= minC
		}
		slices.SortFunc(cs, func(a, b cell) int {
			if a.r != b.r {
				return a.r - b.r
			}
			return a.c - b.c
		})
		key := fmt.Sprint(cs)
		if !seen[key] {
			seen[key] = true
			out = append(out, cs)
		}
	}
	return out
}

// cellName names cell (r, c) as Knuth does: two base-36 digits.
func cellName(r, c int) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	return string([]byte{digits[r], digits[c]})
}

// Pentominoes returns the problem of packing the twelve pentominoes into a
// rows×cols box (rows·cols = 60 for a packing to exist; 3×20, 4×15, 5×12
// and 6×10 have 2, 368, 1,010 and 2,339 solutions up to symmetry), as
// TAOCP 7.2.2.1 sets it up: primary items the twelve pieces under
// Conway's names (O P Q R S T U V W X Y Z), then the cells in row-major
// order named by two base-36 digits; one option for each placement of each
// piece in each of its distinct orientations.
func Pentominoes(rows, cols int) (*Matrix, error) {
	if rows < 1 || cols < 1 || rows > 36 || cols > 36 {
		return nil, fmt.Errorf("dlx: pentomino box %d×%d: want 1..36 rows and columns", rows, cols)
	}
	var primary []string
	for _, s := range pentominoShapes {
		primary = append(primary, s.name)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			primary = append(primary, cellName(r, c))
		}
	}
	p, err := NewMatrix(primary, nil)
	if err != nil {
		return nil, err
	}
	for _, s := range pentominoShapes {
		for _, o := range orientations(s.shape) {
			h, w := 0, 0
			for _, x := range o {
				h, w = max(h, x.r+1), max(w, x.c+1)
			}
			for dr := 0; dr+h <= rows; dr++ {
				for dc := 0; dc+w <= cols; dc++ {
					items := []string{s.name}
					for _, x := range o {
						items = append(items, cellName(x.r+dr, x.c+dc))
					}
					if err := p.AddOption(items...); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return p, nil
}
