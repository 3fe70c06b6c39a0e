package classroom

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/classroom/i18n"
)

// WriteText writes frame f as text: a heading with the step number and what
// happened, the events since the previous step (for a step), the board with
// its legend's symbols (see Frame.Board), the Algorithm X levels if any, and
// the counters.
func WriteText(w io.Writer, f Frame) error { return WriteTextLang(w, f, nil) }

// WriteTextLang is WriteText in the language of cat (nil: English); the
// frame's own text is in the language of the run that made it (see
// Options.Lang).
func WriteTextLang(w io.Writer, f Frame, cat *i18n.Catalogue) error {
	if cat == nil {
		cat = i18n.English()
	}
	var b strings.Builder
	if f.Major {
		b.WriteString(cat.T("text.step", f.Step, f.Text) + "\n")
		if len(f.Notes) > 0 {
			for _, l := range wrap(strings.Join(f.Notes, cat.T("sep.list")), 74) {
				fmt.Fprintf(&b, "  %s\n", l)
			}
		}
	} else {
		fmt.Fprintf(&b, "  · %s\n", f.Text)
	}
	writeBoard(&b, f.N, f.Board)
	for i, l := range f.Levels {
		b.WriteString("  " + cat.T("text.level", i, l.Item))
		if l.Option != "" {
			b.WriteString(cat.T("text.byOption", l.Option))
		}
		b.WriteString(cat.T("text.active", strings.Join(l.Active, " ")) + "\n")
	}
	fmt.Fprintf(&b, "  %s\n\n", counterLine(cat, f.Counters))
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

// WriteJSON writes frame f as one line of JSON, the form of qtool trace
// --format json (HTML characters not escaped).
func WriteJSON(w io.Writer, f Frame) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(f)
}
