package results

import (
	"strings"
	"testing"
)

// TestWriteTableText: columns as wide as their widest cell in terminal
// columns (an East Asian character takes two), a line of dashes under the
// header and above the footer, a cell's lines on lines of their own, and
// no control character through.
func TestWriteTableText(t *testing.T) {
	var b strings.Builder
	err := writeTable(&b, []string{"n", "日本", "x\ny"}, [][]string{{"4", "a", "1µs"}, {"10", "b\tc", "\x1b[1m"}},
		[]string{"g", "", "2"}, []align{alignRight, alignLeft}, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "  n  日本     x \n" +
		"              y \n" +
		"----------------\n" +
		"  4  a      1µs \n" +
		" 10  b c   \ufffd[1m \n" +
		"----------------\n" +
		"  g           2 \n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestWriteTableMarkdown: a pipe table, cells escaped, the alignment in
// the delimiter row, a line feed within a cell turned into a space (a row
// is one line), the footer a row like the others.
func TestWriteTableMarkdown(t *testing.T) {
	var b strings.Builder
	err := writeTable(&b, []string{"n", "a|b\nc"}, [][]string{{"4", "x_y"}}, []string{"g", ""}, []align{alignRight, alignLeft}, true)
	if err != nil {
		t.Fatal(err)
	}
	want := "| n | a\\|b c |\n" +
		"|--:|:-------|\n" +
		"| 4 | x\\_y   |\n" +
		"| g |        |\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
