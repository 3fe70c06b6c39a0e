package results_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qtool-project/qtool/results"
)

var pages = flag.String("pages", "", "write the compiled LaTeX pages as PNG files into `DIR` (to look at them)")

// mainJob is the log of the README's main job (qtool bench) as measured on
// the 2-core machine: 12 counting backends and 2 finding ones.
func mainJob(t *testing.T) *results.Report {
	t.Helper()
	f, err := os.Open("testdata/mainjob.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	envs, recs, err := results.ReadLog(f, "mainjob.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return results.NewReport(envs, recs, "")
}

// twelve is a synthetic table of 12 backends with long names, over n =
// 4..14, for the page tests.
func twelve() *results.Report {
	var recs []results.Record
	counts := []uint64{2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596}
	for b := range 12 {
		name := fmt.Sprintf("backend-number-%02d", b)
		for i, n := 0, 4; n <= 14; i, n = i+1, n+1 {
			for rep := range 3 {
				recs = append(recs, results.Record{Problem: results.Problem{N: n}, Backend: name, Mode: "count", Repeat: rep,
					Answer: counts[i], Seconds: 1e-6 * float64((b+1)*(n*n)) * (1 + 0.1*float64(rep)), Status: results.OK})
			}
		}
	}
	return results.NewReport(nil, recs, "")
}

// TestTextFitsWidth: the main job's text table and the 12-backend one fit
// 100 columns, split into blocks, and every backend is still in them.
func TestTextFitsWidth(t *testing.T) {
	for name, rep := range map[string]*results.Report{"main job": mainJob(t), "12 backends": twelve()} {
		for _, transpose := range []bool{false, true} {
			rep.Layout = results.Layout{Transpose: transpose}
			var buf bytes.Buffer
			if err := rep.WriteText(&buf); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			tables, _, _ := strings.Cut(out, "\ntime: ") // the legend is prose
			for i, line := range strings.Split(tables, "\n") {
				if w := utf8.RuneCountInString(line); w > results.DefaultWidth {
					t.Errorf("%s (transposed %v): line %d is %d columns wide: %q", name, transpose, i+1, w, line)
				}
			}
			for _, tab := range rep.Tables {
				for _, b := range tab.Backends {
					if !strings.Contains(tables, b) {
						t.Errorf("%s: backend %s is missing", name, b)
					}
				}
			}
			if name == "main job" && !transpose {
				t.Logf("main job at 100 columns:\n%s", out)
			}
		}
	}
}

// TestColumnsTranspose checks that --columns picks the statistics and
// --transpose puts the backends in rows.
func TestColumnsTranspose(t *testing.T) {
	rep := twelve()
	rep.Layout = results.Layout{Columns: []results.Column{results.ColMedian}, Width: -1}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	body, _, _ := strings.Cut(buf.String(), "\ntime: ")
	if strings.Contains(body, "±") || strings.Contains(body, "×") {
		t.Errorf("median only, but ± or × shown:\n%s", body)
	}
	rep.Layout = results.Layout{Columns: []results.Column{results.ColRatio}, Transpose: true, Width: -1}
	buf.Reset()
	rep.WriteMarkdown(&buf)
	var row string
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(l, "| backend-number-03 ") {
			row = l
		}
	}
	// backend 3 is 4 times slower than backend 0, the base, at every n.
	if strings.Count(row, "×4 ") != 12 {
		t.Errorf("transposed ratio row of backend 3: %q", row)
	}
	if _, err := results.ParseColumns("median,nope"); err == nil {
		t.Errorf("ParseColumns accepted nope")
	}
	cols, err := results.ParseColumns("ratio, ± ,median")
	if err != nil || len(cols) != 3 || cols[0] != results.ColRatio || cols[1] != results.ColCI {
		t.Errorf("ParseColumns: %v %v", cols, err)
	}
}

// TestLaTeXPage compiles the main job's LaTeX table and the 12-backend
// one with pdflatex into a page each, and checks that pdflatex reports no
// Overfull \hbox: the table fits the line (scaled down, or turned
// sideways, when it must). With -pages DIR the pages are rendered to PNG
// (pdftoppm) to be looked at.
func TestLaTeXPage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("pdflatex not installed (Debian: texlive-latex-base, texlive-latex-recommended)")
	}
	for name, rep := range map[string]*results.Report{"mainjob": mainJob(t), "twelve": twelve(), "twelve-transposed": twelve(),
		"mainjob-median-ratio": mainJob(t), "twelve-median": twelve()} {
		if strings.HasSuffix(name, "transposed") {
			rep.Layout.Transpose = true
		}
		// The layouts for a page: these must fit it in both directions.
		fitsPage := false
		switch {
		case strings.HasSuffix(name, "-median-ratio"):
			rep.Layout.Columns, fitsPage = []results.Column{results.ColMedian, results.ColRatio}, true
		case strings.HasSuffix(name, "-median"):
			rep.Layout.Columns, fitsPage = []results.Column{results.ColMedian}, true
		}
		dir := t.TempDir()
		var buf bytes.Buffer
		if err := rep.WriteLaTeX(&buf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "table.tex"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		doc := "\\documentclass{article}\n\\usepackage{booktabs,graphicx}\n\\begin{document}\n" +
			"\\begin{table}\\centering\\input{table.tex}\\caption{" + name + "}\\end{table}\n\\end{document}\n"
		if err := os.WriteFile(filepath.Join(dir, "page.tex"), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "page.tex")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			if strings.Contains(string(out), ".sty' not found") {
				t.Skipf("a LaTeX package is missing: %s", regexp.MustCompile(`[a-z]+\.sty' not found`).FindString(string(out)))
			}
			t.Fatalf("%s: pdflatex failed: %v\n%s", name, err, out)
		}
		log, err := os.ReadFile(filepath.Join(dir, "page.log"))
		if err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`(?m)^Overfull \\hbox.*$`).FindAllString(string(log), -1); len(m) > 0 {
			t.Errorf("%s: the table overflows the page: %s", name, strings.Join(m, "; "))
		}
		if m := regexp.MustCompile(`(?m)^.*Float too large.*$`).FindAllString(string(log), -1); fitsPage && len(m) > 0 {
			t.Errorf("%s: the table is taller than the page: %s", name, strings.Join(m, "; "))
		}
		if *pages != "" {
			ppm, err := exec.LookPath("pdftoppm")
			if err != nil {
				t.Fatal("-pages needs pdftoppm (Debian: poppler-utils)")
			}
			out := filepath.Join(*pages, "page-"+name)
			if b, err := exec.Command(ppm, "-png", "-r", "100", "-singlefile", filepath.Join(dir, "page.pdf"), out).CombinedOutput(); err != nil {
				t.Fatalf("pdftoppm: %v\n%s", err, b)
			}
			t.Logf("%s.png", out)
		}
	}
}
