package results

import (
	"bufio"
	"io"
	"strings"
	"unicode"
)

// align is how a column's cells are placed in its width.
type align uint8

const (
	alignRight align = iota
	alignLeft
)

// writeTable writes one table, columns aligned as al says (a column
// beyond al, every column for a nil al, is aligned right, the numbers'
// way): plain text for a terminal — every cell
// padded to its column's width with a space either side, a line of
// dashes under the header and above the footer — or a GitHub-flavoured
// Markdown pipe table, cells escaped. A nil foot writes no footer. In
// text a cell's lines (split at '\n') take a physical line each, in
// Markdown they are joined by spaces; tabs become
// spaces and other control characters U+FFFD, so that no cell can break
// the alignment.
func writeTable(w io.Writer, head []string, body [][]string, foot []string, al []align, markdown bool) error {
	k := len(head)
	for _, r := range body {
		k = max(k, len(r))
	}
	k = max(k, len(foot))
	// Each logical row becomes its physical lines, every one k cells.
	split := func(row []string) [][]string {
		var cells [][]string
		n := 1
		for i := range k {
			var s string
			if i < len(row) {
				s = row[i]
			}
			if markdown {
				// A pipe table's row is one line: a line feed would end it.
				s = strings.ReplaceAll(mdEscape(s), "\n", " ")
			}
			ls := strings.Split(cleanCell(s), "\n")
			cells = append(cells, ls)
			n = max(n, len(ls))
		}
		out := make([][]string, n)
		for j := range out {
			out[j] = make([]string, k)
			for i := range k {
				if j < len(cells[i]) {
					out[j][i] = cells[i][j]
				}
			}
		}
		return out
	}
	hl := split(head)
	var bl [][]string
	for _, r := range body {
		bl = append(bl, split(r)...)
	}
	var fl [][]string
	if foot != nil {
		fl = split(foot)
	}
	widths := make([]int, k)
	for _, part := range [][][]string{hl, bl, fl} {
		for _, l := range part {
			for i, c := range l {
				widths[i] = max(widths[i], cellWidth(c))
			}
		}
	}
	if markdown {
		for i := range widths {
			widths[i] = max(widths[i], 1) // a separator of at least three characters
		}
	}
	alignOf := func(i int) align {
		if i < len(al) {
			return al[i]
		}
		return alignRight
	}
	bw := bufio.NewWriter(w)
	line := func(l []string) {
		if markdown {
			bw.WriteByte('|')
		}
		for i, c := range l {
			pad := strings.Repeat(" ", widths[i]-cellWidth(c))
			bw.WriteByte(' ')
			if alignOf(i) == alignLeft {
				bw.WriteString(c)
				bw.WriteString(pad)
			} else {
				bw.WriteString(pad)
				bw.WriteString(c)
			}
			bw.WriteByte(' ')
			if markdown {
				bw.WriteByte('|')
			}
		}
		bw.WriteByte('\n')
	}
	rule := func() {
		if markdown {
			bw.WriteByte('|')
			for i, wd := range widths {
				if alignOf(i) == alignLeft {
					bw.WriteString(":" + strings.Repeat("-", wd+1))
				} else {
					bw.WriteString(strings.Repeat("-", wd+1) + ":")
				}
				bw.WriteByte('|')
			}
			bw.WriteByte('\n')
			return
		}
		total := 0
		for _, wd := range widths {
			total += wd + 2
		}
		bw.WriteString(strings.Repeat("-", total))
		bw.WriteByte('\n')
	}
	for _, l := range hl {
		line(l)
	}
	rule()
	for _, l := range bl {
		line(l)
	}
	if foot != nil {
		if !markdown {
			rule()
		}
		for _, l := range fl {
			line(l)
		}
	}
	return bw.Flush()
}

// cleanCell turns a cell's tabs into spaces and its other control
// characters, line feeds apart, into U+FFFD.
func cleanCell(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r != '\n' && unicode.IsControl(r):
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

// cellWidth is the number of terminal columns s takes: combining and
// format characters none, East Asian wide and fullwidth characters two
// (Unicode Standard Annex #11), every other character one.
func cellWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r < 0x300 && r >= 0x20 && r != 0x7f:
			w++ // the common case: Latin, '±', 'µ', '×'
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r):
		case wide(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

// wide reports whether r is an East Asian wide or fullwidth character
// (the main blocks of UAX #11's W and F classes).
func wide(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x115f, // Hangul Jamo initials
		r >= 0x2e80 && r <= 0x303e, // CJK radicals, punctuation
		r >= 0x3041 && r <= 0x33ff, // kana, CJK compatibility
		r >= 0x3400 && r <= 0x4dbf, // CJK extension A
		r >= 0x4e00 && r <= 0x9fff, // CJK unified ideographs
		r >= 0xa000 && r <= 0xa4cf, // Yi
		r >= 0xac00 && r <= 0xd7a3, // Hangul syllables
		r >= 0xf900 && r <= 0xfaff, // CJK compatibility ideographs
		r >= 0xfe30 && r <= 0xfe4f, // CJK compatibility forms
		r >= 0xff00 && r <= 0xff60, // fullwidth forms
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f, // pictographs, emoticons
		r >= 0x1f900 && r <= 0x1f9ff,
		r >= 0x20000 && r <= 0x3fffd: // CJK extensions B–
		return true
	}
	return false
}
