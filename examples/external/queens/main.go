// Command queens is the example solver of docs/external.md, protocol
// board: it reads a board (n lines: Q a given queen, x a square no queen
// may take, . free) on standard input, completes it by backtracking row by
// row, and prints the completed board, or "none".
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	var rows []string
	for sc := bufio.NewScanner(os.Stdin); sc.Scan(); {
		rows = append(rows, sc.Text())
	}
	n := len(rows)
	col := make([]int, n)
	var place func(r int) bool
	place = func(r int) bool {
		if r == n {
			return true
		}
		for c := range n {
			ok := rows[r][c] == 'Q' || (rows[r][c] == '.' && !strings.Contains(rows[r], "Q"))
			for q := 0; q < r && ok; q++ {
				ok = col[q] != c && col[q]-c != q-r && col[q]-c != r-q
			}
			if col[r] = c; ok && place(r+1) {
				return true
			}
		}
		return false
	}
	if !place(0) {
		fmt.Println("none")
		return
	}
	for r := range n {
		fmt.Println(strings.Repeat(".", col[r]) + "Q" + strings.Repeat(".", n-col[r]-1))
	}
}
