package classroom

import (
	"fmt"
	"io"
	"os"
	"strings"

	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"

	"github.com/qtool-project/qtool/classroom/i18n"
)

// cjkFonts are where Debian puts fonts with the Chinese characters (the
// Liberation fonts embedded for the other languages have none); a
// worksheet in Chinese needs one of them.
var cjkFonts = []string{
	"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
	"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
}

// CJKFont returns the path of a font with Chinese characters on this
// machine, or "" when there is none.
func CJKFont() string {
	for _, p := range cjkFonts {
		if strings.HasSuffix(p, ".ttf") {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	return ""
}

// WorksheetOptions describe a worksheet.
type WorksheetOptions struct {
	// Cat is the language of its text.
	Cat *i18n.Catalogue
	// Difficulty names it on the page ("" for none).
	Difficulty string
	// Command is printed at the foot of every page: how to make the same
	// sheet again.
	Command string
}

// WriteWorksheet writes a printable PDF (A4, package fpdf) of completion
// puzzles: six boards a page, each with its number, how many queens to
// add and the queens given in words (for a reader who cannot see the
// board); then the solutions, twenty a page, the queens given filled and
// those to add as rings with a dot, so that the two differ without
// colour. Every page's text is real text (a PDF reader can extract it).
func WriteWorksheet(w io.Writer, ps []Puzzle, opt WorksheetOptions) error {
	if len(ps) == 0 {
		return fmt.Errorf("classroom: a worksheet without puzzles")
	}
	cat := opt.Cat
	if cat == nil {
		cat = i18n.English()
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetTitle(cat.T("ws.title", ps[0].Board.N), true)
	pdf.SetCreator("qtool worksheet", true)
	ws := &worksheetPDF{pdf: pdf, font: "sans", cat: cat, opt: opt, n: ps[0].Board.N}
	if err := ws.addFonts(); err != nil {
		return err
	}
	ws.puzzles(ps)
	ws.solutions(ps)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("classroom: worksheet: %v", err)
	}
	return pdf.Output(w)
}

// A worksheetPDF is a worksheet being written.
type worksheetPDF struct {
	pdf  *fpdf.Fpdf
	font string
	cat  *i18n.Catalogue
	opt  WorksheetOptions
	n    int
}

// addFonts adds the regular and bold fonts: Liberation Sans, or for
// Chinese the installed CJK font.
func (ws *worksheetPDF) addFonts() error {
	if ws.cat.Lang != "zh-Hans" {
		ws.pdf.AddUTF8FontFromBytes(ws.font, "", liberationsansregular.TTF)
		ws.pdf.AddUTF8FontFromBytes(ws.font, "B", liberationsansbold.TTF)
		return nil
	}
	path := CJKFont()
	if path == "" {
		return fmt.Errorf("classroom: a worksheet in Chinese needs a font with Chinese characters (Debian: fonts-droid-fallback); none is installed")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("classroom: %v", err)
	}
	ws.pdf.AddUTF8FontFromBytes(ws.font, "", data)
	ws.pdf.AddUTF8FontFromBytes(ws.font, "B", data)
	return nil
}

// foot prints the command at the foot of the page.
func (ws *worksheetPDF) foot() {
	ws.pdf.SetY(-14)
	ws.pdf.SetFont(ws.font, "", 8)
	ws.pdf.CellFormat(0, 5, ws.opt.Command, "", 0, "C", false, 0, "")
}

// header starts a page with its title.
func (ws *worksheetPDF) header(title string) {
	ws.pdf.AddPage()
	ws.pdf.SetFont(ws.font, "B", 16)
	ws.pdf.CellFormat(0, 9, title, "", 1, "L", false, 0, "")
	ws.pdf.SetFont(ws.font, "", 10)
}

// puzzles writes the puzzles, six a page.
func (ws *worksheetPDF) puzzles(ps []Puzzle) {
	pdf, font, cat, n := ws.pdf, ws.font, ws.cat, ws.n
	const perPage, colW, rowH = 6, 90.0, 86.0
	for i, p := range ps {
		if i%perPage == 0 {
			title := cat.T("ws.title", n)
			if ws.opt.Difficulty != "" {
				title += " · " + cat.T("ws.difficulty."+ws.opt.Difficulty)
			}
			ws.header(title)
			pdf.MultiCell(0, 5, cat.T("ws.instructions"), "", "L", false)
			ws.foot()
		}
		k := i % perPage
		x0, y0 := 15+float64(k%2)*colW, 36+float64(k/2)*rowH
		missing := 0
		var given []string
		for r, c := range p.Board.Queens {
			if c < 0 {
				missing++
			} else {
				given = append(given, Name(n, r, c))
			}
		}
		pdf.SetXY(x0, y0)
		pdf.SetFont(font, "B", 11)
		head := cat.T("ws.puzzle", i+1) + " — " + cat.T("ws.add", missing)
		if p.Unique {
			head += " " + cat.T("ws.unique")
		}
		pdf.CellFormat(colW-5, 5, head, "", 2, "L", false, 0, "")
		pdf.SetFont(font, "", 8)
		pdf.SetX(x0)
		pdf.CellFormat(colW-5, 4, cat.T("ws.given", strings.Join(given, ", ")), "", 2, "L", false, 0, "")
		drawBoardPDF(pdf, font, x0+6, y0+12, 62, p.Board.Queens, nil)
	}
}

// solutions writes the solutions, twenty a page.
func (ws *worksheetPDF) solutions(ps []Puzzle) {
	pdf, font, cat, n := ws.pdf, ws.font, ws.cat, ws.n
	const solPerPage, solCols = 20, 4
	for i, p := range ps {
		if i%solPerPage == 0 {
			ws.header(cat.T("ws.solutions"))
			pdf.CellFormat(0, 5, cat.T("ws.legend"), "", 1, "L", false, 0, "")
			ws.foot()
		}
		k := i % solPerPage
		x0, y0 := 15+float64(k%solCols)*46, 30+float64(k/solCols)*52
		pdf.SetXY(x0, y0)
		pdf.SetFont(font, "B", 9)
		pdf.CellFormat(44, 4, cat.T("ws.solution", i+1), "", 2, "L", false, 0, "")
		var sqs []string
		for r, c := range p.Solution {
			sqs = append(sqs, Name(n, r, c))
		}
		pdf.SetFont(font, "", 6)
		pdf.SetX(x0)
		pdf.CellFormat(44, 3, strings.Join(sqs, " "), "", 2, "L", false, 0, "")
		drawBoardPDF(pdf, font, x0+3, y0+11, 36, p.Solution, p.Board.Queens)
	}
}

// drawBoardPDF draws a board of side mm at (x, y): queens[r] the column of
// row r's queen; with given not nil, the queens of given are filled and
// the others drawn as rings with a dot (a solution), else all filled.
func drawBoardPDF(pdf *fpdf.Fpdf, font string, x, y, side float64, queens, given []int) {
	n := len(queens)
	sq := side / float64(n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if (r+c)%2 == 1 {
				pdf.SetFillColor(205, 205, 205)
			} else {
				pdf.SetFillColor(255, 255, 255)
			}
			pdf.Rect(x+float64(c)*sq, y+float64(r)*sq, sq, sq, "F")
		}
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.3)
	pdf.Rect(x, y, side, side, "D")
	pdf.SetFont(font, "", min(8, sq*2))
	if n <= 26 {
		for i := 0; i < n; i++ {
			pdf.Text(x+float64(i)*sq+sq/2-0.8, y-0.8, string(rune('a'+i)))
			pdf.Text(x-3.2, y+float64(i)*sq+sq/2+1, fmt.Sprint(i+1))
		}
	}
	pdf.SetFillColor(0, 0, 0)
	for r, c := range queens {
		if c < 0 {
			continue
		}
		cx, cy := x+float64(c)*sq+sq/2, y+float64(r)*sq+sq/2
		if given == nil || given[r] == c {
			pdf.Circle(cx, cy, sq*0.32, "F")
		} else {
			pdf.SetLineWidth(sq * 0.08)
			pdf.Circle(cx, cy, sq*0.3, "D")
			pdf.Circle(cx, cy, sq*0.08, "F")
			pdf.SetLineWidth(0.3)
		}
	}
}
