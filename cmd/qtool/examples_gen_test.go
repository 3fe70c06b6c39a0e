package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateExamples = flag.Bool("update-examples", false, "rewrite the generated files of examples/")

// exampleFiles are the generated files of examples/, each with the
// function that makes it.
var exampleFiles = map[string]func() string{
	"toy.dlx": func() string { return xtoy },
	"langford7.dlx": func() string {
		return "| Langford pairs of order 7: 26 solutions, each found twice (its reversal)\n" + langfordText(7)
	},
	"pentominoes.dlx": pentominoText,
	"problem.dlx":     dominoText,
	"hard.cnf":        func() string { return pigeonholeText(11, 10) },
}

// TestExampleFilesGenerated: the files of examples/ are what their
// generators make (go test ./cmd/qtool -run TestExampleFiles -update-examples
// rewrites them).
func TestExampleFilesGenerated(t *testing.T) {
	for name, gen := range exampleFiles {
		path := filepath.Join("..", "..", "examples", name)
		want := gen()
		if *updateExamples {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s differs from its generator (%v); run with -update-examples", path, err)
		}
	}
}

// pentomino is one of the twelve pieces of five squares, as (row, col)
// cells, in Golomb's letters.
var pentominoes = map[string][][2]int{
	"F": {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}},
	"I": {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}},
	"L": {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}},
	"N": {{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}},
	"P": {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}},
	"T": {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}},
	"U": {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}},
	"V": {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}},
	"W": {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}},
	"X": {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}},
	"Y": {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}},
	"Z": {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}},
}

// orientations returns the distinct rotations and reflections of a piece,
// each shifted to start at row 0 and column 0 and sorted.
func orientations(cells [][2]int) [][][2]int {
	seen := map[string]bool{}
	var out [][][2]int
	cur := cells
	for refl := 0; refl < 2; refl++ {
		for rot := 0; rot < 4; rot++ {
			next := make([][2]int, len(cur))
			for i, c := range cur {
				next[i] = [2]int{c[1], -c[0]} // a quarter turn
			}
			cur = next
			norm := normalise(cur)
			key := fmt.Sprint(norm)
			if !seen[key] {
				seen[key] = true
				out = append(out, norm)
			}
		}
		mirrored := make([][2]int, len(cur))
		for i, c := range cur {
			mirrored[i] = [2]int{c[0], -c[1]}
		}
		cur = mirrored
	}
	return out
}

func normalise(cells [][2]int) [][2]int {
	minR, minC := cells[0][0], cells[0][1]
	for _, c := range cells {
		minR, minC = min(minR, c[0]), min(minC, c[1])
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c[0] - minR, c[1] - minC}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || (out[i][0] == out[j][0] && out[i][1] < out[j][1]) })
	return out
}

// pentominoText is Dana Scott's problem of packing the twelve pentominoes
// into a 6×10 box (TAOCP 7.2.2.1): items the pieces and the 60 cells
// ("r-c", 0-based), one option per placement of an orientation.
func pentominoText() string {
	const rows, cols = 6, 10
	var b strings.Builder
	b.WriteString("| The twelve pentominoes in a 6x10 box (Dana Scott's problem, TAOCP 7.2.2.1):\n")
	b.WriteString("| 2339 packings up to symmetry, 9356 solutions in all.\n")
	names := make([]string, 0, len(pentominoes))
	for n := range pentominoes {
		names = append(names, n)
	}
	sort.Strings(names)
	b.WriteString(strings.Join(names, " "))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			fmt.Fprintf(&b, " %d-%d", r, c)
		}
	}
	b.WriteString("\n")
	for _, name := range names {
		for _, o := range orientations(pentominoes[name]) {
			for dr := 0; dr < rows; dr++ {
				for dc := 0; dc < cols; dc++ {
					fits := true
					for _, c := range o {
						if c[0]+dr >= rows || c[1]+dc >= cols {
							fits = false
							break
						}
					}
					if !fits {
						continue
					}
					b.WriteString(name)
					for _, c := range o {
						fmt.Fprintf(&b, " %d-%d", c[0]+dr, c[1]+dc)
					}
					b.WriteString("\n")
				}
			}
		}
	}
	return b.String()
}

// dominoText is the tilings of a 4×4 board by dominoes as an exact cover:
// 36 solutions.
func dominoText() string {
	const n = 4
	var b strings.Builder
	b.WriteString("| Domino tilings of a 4x4 board: 36 solutions\n")
	var items []string
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			items = append(items, fmt.Sprintf("%d-%d", r, c))
		}
	}
	b.WriteString(strings.Join(items, " ") + "\n")
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c+1 < n {
				fmt.Fprintf(&b, "%d-%d %d-%d\n", r, c, r, c+1)
			}
			if r+1 < n {
				fmt.Fprintf(&b, "%d-%d %d-%d\n", r, c, r+1, c)
			}
		}
	}
	return b.String()
}

// pigeonholeText is the pigeonhole formula: p pigeons, each in one of h
// holes, no two in one hole; unsatisfiable for p > h, and for resolution
// (and so for CDCL solvers) exponentially hard (Haken 1985).
func pigeonholeText(p, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "c pigeonhole formula: %d pigeons, %d holes (unsatisfiable; hard for CDCL, Haken 1985)\n", p, h)
	fmt.Fprintf(&b, "c variable i*%d+j+1: pigeon i in hole j (0-based)\n", h)
	fmt.Fprintf(&b, "p cnf %d %d\n", p*h, p+h*p*(p-1)/2)
	for i := 0; i < p; i++ {
		for j := 0; j < h; j++ {
			fmt.Fprintf(&b, "%d ", i*h+j+1)
		}
		b.WriteString("0\n")
	}
	for j := 0; j < h; j++ {
		for i := 0; i < p; i++ {
			for k := i + 1; k < p; k++ {
				fmt.Fprintf(&b, "-%d -%d 0\n", i*h+j+1, k*h+j+1)
			}
		}
	}
	return b.String()
}

func TestPentominoOrientations(t *testing.T) {
	total := 0
	want := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	for name, cells := range pentominoes {
		k := len(orientations(cells))
		if k != want[name] {
			t.Errorf("%s: %d orientations, want %d", name, k, want[name])
		}
		total += k
	}
	if total != 63 {
		t.Errorf("%d orientations in all, want 63", total)
	}
}
