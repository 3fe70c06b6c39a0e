package classroom

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes frame f as text: a heading with the step number and what
// happened, the events since the previous step (for a step), the board with
// its legend's symbols (see Frame.Board), the Algorithm X levels if any, and
// the counters.
func WriteText(w io.Writer, f Frame) error {
	var b strings.Builder
	if f.Major {
		fmt.Fprintf(&b, "step %d: %s\n", f.Step, f.Text)
		if len(f.Notes) > 0 {
			for _, l := range wrap(strings.Join(f.Notes, ", "), 74) {
				fmt.Fprintf(&b, "  %s\n", l)
			}
		}
	} else {
		fmt.Fprintf(&b, "  · %s\n", f.Text)
	}
	writeBoard(&b, f.N, f.Board)
	for i, l := range f.Levels {
		fmt.Fprintf(&b, "  level %d: %s", i, l.Item)
		if l.Option != "" {
			fmt.Fprintf(&b, " by option %s", l.Option)
		}
		fmt.Fprintf(&b, " (active: %s)\n", strings.Join(l.Active, " "))
	}
	fmt.Fprintf(&b, "  %s\n\n", counterLine(f.Counters))
	_, err := io.WriteString(w, b.String())
	return err
}

// writeBoard draws the rows, ranks on the left and files on top for n ≤ 26.
func writeBoard(b *strings.Builder, n int, rows []string) {
	width := len(fmt.Sprint(n))
	if n <= 26 {
		fmt.Fprintf(b, "  %*s", width, "")
		for c := 0; c < n; c++ {
			fmt.Fprintf(b, " %c", 'a'+c)
		}
		b.WriteByte('\n')
	}
	for r, row := range rows {
		if n <= 26 {
			fmt.Fprintf(b, "  %*d", width, r+1)
		} else {
			b.WriteString(" ")
		}
		for i := 0; i < len(row); i++ {
			b.WriteByte(' ')
			b.WriteByte(row[i])
		}
		b.WriteByte('\n')
	}
}

// wrap breaks s at spaces into lines of at most width bytes where it can.
func wrap(s string, width int) []string {
	var lines []string
	for len(s) > width {
		i := strings.LastIndexByte(s[:width+1], ' ')
		if i <= 0 {
			break
		}
		lines = append(lines, s[:i])
		s = s[i+1:]
	}
	return append(lines, s)
}
