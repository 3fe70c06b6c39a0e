package split

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"

	"github.com/qtool-project/qtool/encode"
)

// BoardHash returns the content hash that a count record carries in
// board_hash: "sha256:" and 32 hex digits (the first 128 bits of SHA-256,
// FIPS 180-4) of a canonical text of the problem — the variant and its
// number of pieces, n, the queens given row by row, the blocked squares
// and the excluded diagonals in a fixed order. Two files that state the
// same problem hash alike whatever their names or forms; two problems
// that differ in anything hash differently.
func BoardHash(p encode.Problem) string {
	h := sha256.New()
	w := bufio.NewWriter(h)
	fmt.Fprintf(w, "qtool-board 1\nvariant %s\npieces %d\nn %d\nqueens", p.Variant, p.Pieces, p.Board.N)
	var num []byte
	for _, q := range p.Board.Queens {
		num = strconv.AppendInt(append(num[:0], ' '), int64(q), 10)
		w.Write(num)
	}
	w.WriteString("\nblocked")
	for _, c := range p.Blocked { // distinct, in row-major order
		fmt.Fprintf(w, " %d,%d", c.R, c.C)
	}
	ex := slices.Clone(p.Excluded)
	slices.SortFunc(ex, func(a, b encode.Diagonal) int {
		if a.Sum != b.Sum {
			if a.Sum {
				return 1
			}
			return -1
		}
		return a.D - b.D
	})
	w.WriteString("\nexcluded")
	for _, d := range slices.Compact(ex) {
		fmt.Fprintf(w, " %t:%d", d.Sum, d.D)
	}
	w.WriteString("\n")
	w.Flush()
	return "sha256:" + hex.EncodeToString(h.Sum(nil)[:16])
}
