package classroom

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/classroom/i18n"
)

// WriteSVG draws an n×n board with queens on the given squares as an SVG
// picture: light and dark squares, file letters and rank numbers (n ≤ 26),
// a queen as a filled circle with a crown, and the squares of mark (an
// attacking pair, say) outlined in red. The picture is 40 units a square.
func WriteSVG(w io.Writer, n int, queens, mark []Square) error {
	const sq, margin = 40, 24
	size := n*sq + 2*margin
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%d×%d board with %s">`+"\n",
		size, size, size, size, n, n, plural(i18n.English(), uint64(len(queens)), "pl.queen"))
	fmt.Fprintf(&b, "<title>%d×%d n-queens board, %s</title>\n", n, n, plural(i18n.English(), uint64(len(queens)), "pl.queen"))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", size, size)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fill := "#f0d9b5"
			if (r+c)%2 == 1 {
				fill = "#b58863"
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", margin+c*sq, margin+r*sq, sq, sq, fill)
		}
	}
	if n <= 26 {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-family="sans-serif" font-size="13" text-anchor="middle">%c</text>`+"\n", margin+i*sq+sq/2, margin-8, 'a'+i)
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-family="sans-serif" font-size="13" text-anchor="middle">%d</text>`+"\n", margin/2, margin+i*sq+sq/2+5, i+1)
		}
	}
	for _, q := range queens {
		x, y := margin+q[1]*sq+sq/2, margin+q[0]*sq+sq/2
		fmt.Fprintf(&b, `<g class="queen" data-square="%d,%d"><circle cx="%d" cy="%d" r="%d" fill="#202020"/>`, q[0], q[1], x, y, sq*3/10)
		fmt.Fprintf(&b, `<path d="M%d %d l4 -10 l4 6 l4 -8 l4 8 l4 -6 l4 10 z" fill="#f5c518"/></g>`+"\n", x-12, y+4)
	}
	for _, m := range mark {
		fmt.Fprintf(&b, `<rect class="mark" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#d00000" stroke-width="4"/>`+"\n", margin+m[1]*sq+2, margin+m[0]*sq+2, sq-4, sq-4)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// GridText writes an n×n board with queens on the given squares in the grid
// form of board files (Q a queen, . an empty square, row 0 first).
func GridText(n int, queens []Square) string {
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", n))
	}
	for _, q := range queens {
		if q[0] >= 0 && q[0] < n && q[1] >= 0 && q[1] < n {
			rows[q[0]][q[1]] = 'Q'
		}
	}
	var b strings.Builder
	for _, r := range rows {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String()
}
