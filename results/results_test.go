package results_test

import (
	"bytes"
	"flag"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/results"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with the golden file testdata/name (-update
// rewrites it).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it); got:\n%s", path, got)
	}
}

// TestGolden renders the fixture in every format and compares with the
// files under testdata/ (go test -run TestGolden -update rewrites them).
func TestGolden(t *testing.T) {
	envs, recs := fixture()
	rep := results.NewReport(envs, recs, "")
	for _, c := range []struct {
		f    results.Format
		file string
	}{
		{results.Text, "report.txt"},
		{results.Markdown, "report.md"},
		{results.CSV, "report.csv"},
		{results.LaTeX, "report.tex"},
		{results.JSON, "report.json"},
	} {
		t.Run(c.f.String(), func(t *testing.T) {
			var buf bytes.Buffer
			if err := rep.Write(&buf, c.f); err != nil {
				t.Fatal(err)
			}
			golden(t, c.file, buf.Bytes())
		})
	}
}

// TestTextCells checks the meaning of the table rather than its bytes:
// the mismatch, timeout, error and unknown cells, the skipped cell, the
// untested ratio and the answers.
func TestTextCells(t *testing.T) {
	envs, recs := fixture()
	rep := results.NewReport(envs, recs, "")
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^ +5 +10 +20\.0µs ±\d+% +2\.00µs ±\d+% ×0\.1 +MISMATCH $`),
		regexp.MustCompile(`(?m)^ +6 +4 .* MISMATCH $`),
		regexp.MustCompile(`(?m)^ +7 +40 .* TIMEOUT $`),
		regexp.MustCompile(`(?m)^ +8 +92 +200µs +10\.0µs ×0\.05\? +— $`),
		regexp.MustCompile(`(?m)^ +100000 +UNKNOWN +1\.05ms ±\d+% $`),
		regexp.MustCompile(`(?m)^ +8 +b#1_x\.txt +yes .* ERROR $`),
		regexp.MustCompile(`(?m)^MISMATCH count n=5 sat_pairwise&co: backends disagree: 10 by backtrack, bitmask; 11 by sat_pairwise&co$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("text output lacks a line matching %s; got:\n%s", want, out)
		}
	}
	if got := rep.Count(results.Mismatch); got != 2 {
		t.Errorf("unexpected mismatch cells: got %d want 2", got)
	}
	if got := rep.Count(results.Timeout); got != 1 {
		t.Errorf("unexpected timeout cells: got %d want 1", got)
	}
	if got := rep.Count(results.OK); got != 11+5+3 {
		t.Errorf("unexpected ok cells: got %d want %d", got, 11+5+3)
	}
}

// TestCSVRoundTrip writes records as CSV and reads them back: every field
// of every record, seconds bit for bit.
func TestCSVRoundTrip(t *testing.T) {
	_, recs := fixture()
	recs = append(recs, results.Record{Problem: results.Problem{N: 27, Board: "a,b \"c\".txt", Hash: "x"},
		Backend: "b", Mode: "count", Answer: 234907967154122528, Nodes: math.MaxUint64,
		Seconds: 0.1 + 0.2, Runs: 12345, Status: results.OK, Message: "line one\nline two, \"quoted\""})
	recs = append(recs, results.Record{Problem: results.Problem{N: 1}, Backend: "b", Mode: "first", Seconds: math.SmallestNonzeroFloat64})
	var buf bytes.Buffer
	if err := results.WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	got, err := results.ReadCSV(&buf, "round.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("unexpected record count: got %d want %d", len(got), len(recs))
	}
	for i := range recs {
		if !reflect.DeepEqual(got[i], recs[i]) {
			t.Errorf("record %d: got %+v want %+v", i, got[i], recs[i])
		}
		if math.Float64bits(got[i].Seconds) != math.Float64bits(recs[i].Seconds) {
			t.Errorf("record %d: seconds %v read back as %v", i, recs[i].Seconds, got[i].Seconds)
		}
	}
}

func TestReadCSVErrors(t *testing.T) {
	head := "n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message\n"
	for _, c := range []struct{ in, want string }{
		{"", "results: x.csv: empty file"},
		{"n,board\n", "results: x.csv:1:"},
		{"n,board,hash,backend,mode,repeat,answer,nodes,secs,runs,status,message\n", `results: x.csv:1:9: column 9 is "secs", want "seconds"`},
		{head + "8,,,bitmask,count,0,92,1,0.5,1,fine,\n", `results: x.csv:2:32: status: unknown status "fine"`},
		{head + "8,,,bitmask,count,0,92,1,0.5,0,ok,\n", `results: x.csv:2:30: runs: want a positive integer, got "0"`},
		{head + "0,,,bitmask,count,0,92,1,0.5,1,ok,\n", `results: x.csv:2:1: n: want a positive integer, got "0"`},
		{head + "8,,,bitmask,count,0,-1,1,0.5,1,ok,\n", `results: x.csv:2:21: answer: want a non-negative integer, got "-1"`},
		{head + "8,,,bitmask,count,0,92,1,NaN,1,ok,\n", `results: x.csv:2:26: seconds: want a non-negative number, got "NaN"`},
		{head + "8,,,,count,0,92,1,0.5,1,ok,\n", `results: x.csv:2:5: backend: empty`},
	} {
		_, err := results.ReadCSV(strings.NewReader(c.in), "x.csv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ReadCSV(%q): got error %v, want one starting %q", c.in, err, c.want)
		}
	}
}

// TestLaTeXBalanced checks that the LaTeX form opens and closes its
// environments in order, that every row has as many cells as the header,
// and that no special character is left unescaped outside comments.
func TestLaTeXBalanced(t *testing.T) {
	envs, recs := fixture()
	for i := range recs {
		if recs[i].Backend == "dlx" {
			recs[i].Backend = `we~ird\name^{1}$|<>`
		}
	}
	var buf bytes.Buffer
	if err := results.NewReport(envs, recs, "").WriteLaTeX(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, `we\textasciitilde{}ird\textbackslash{}name\textasciicircum{}\{1\}\$\textbar{}\textless{}\textgreater{}`) {
		t.Errorf("backend name not escaped as expected:\n%s", out)
	}
	if !strings.Contains(out, `sat\_pairwise\&co`) || !strings.Contains(out, `b\#1\_x.txt`) {
		t.Errorf("names not escaped:\n%s", out)
	}
	var stack []string
	cols := -1
	tabulars := 0
	envRe := regexp.MustCompile(`\\(begin|end)\{([a-z]+)\}(\{([rlc]+)\})?`)
	for no, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "%") || line == "" {
			continue
		}
		for _, m := range envRe.FindAllStringSubmatch(line, -1) {
			if m[1] == "begin" {
				stack = append(stack, m[2])
				if m[2] == "tabular" {
					tabulars++
					cols = len(m[4])
				}
				continue
			}
			if len(stack) == 0 || stack[len(stack)-1] != m[2] {
				t.Fatalf("line %d: \\end{%s} closes %v", no+1, m[2], stack)
			}
			stack = stack[:len(stack)-1]
		}
		if strings.HasSuffix(line, `\\`) {
			body := strings.TrimSuffix(line, `\\`)
			// Remove escaped characters and commands, then look for
			// specials that are left.
			// A \multicolumn{k} cell spans k columns.
			spans := 0
			for _, m := range regexp.MustCompile(`\\multicolumn\{(\d+)\}\{[lrc]\}`).FindAllStringSubmatch(body, -1) {
				k, _ := strconv.Atoi(m[1])
				spans += k - 1
			}
			body = regexp.MustCompile(`\\multicolumn\{\d+\}\{[lrc]\}\{(.*?)\}( &|\s*$)`).ReplaceAllString(body, "$1$2")
			plain := regexp.MustCompile(`\$(\\pm|\\times|\\sim|n)\$`).ReplaceAllString(body, "")
			plain = regexp.MustCompile(`\\[&%$#_{}]|\\[a-zA-Z]+(\{\})?|\\,`).ReplaceAllString(plain, "")
			if k := strings.Count(plain, "&") + spans; k != cols-1 {
				t.Errorf("line %d has %d cell separators, the tabular has %d columns: %s", no+1, k, cols, line)
			}
			if strings.ContainsAny(plain, "%#_{}~^\\$<>|") {
				t.Errorf("line %d has an unescaped special: %s (left %q)", no+1, line, plain)
			}
		}
	}
	if len(stack) != 0 {
		t.Errorf("environments left open: %v", stack)
	}
	if tabulars != 3 {
		t.Errorf("unexpected tabulars: got %d want 3", tabulars)
	}
	for _, cmd := range []string{`\toprule`, `\midrule`, `\bottomrule`} {
		if k := strings.Count(out, cmd); k < 3 {
			t.Errorf("%s appears %d times, want at least one per table", cmd, k)
		}
	}
}

func TestMarkdownEscapes(t *testing.T) {
	envs, recs := fixture()
	var buf bytes.Buffer
	if err := results.NewReport(envs, recs, "").WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		// Every row of a table has the same number of unescaped pipes.
		if k := len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(line, -1)); k < 3 {
			t.Errorf("odd table line %q", line)
		}
	}
	if !strings.Contains(out, `sat\_pairwise&co`) || !strings.Contains(out, `b\#1\_x.txt`) {
		t.Errorf("names not escaped:\n%s", out)
	}
}

// TestLaTeXCompiles runs pdflatex on the LaTeX form when it is installed
// (with booktabs): the ultimate check of balance and escaping.
func TestLaTeXCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("pdflatex not installed")
	}
	envs, recs := fixture()
	denvs, drecs := decideFixture() // the summary of a decide table
	envs, recs = append(envs, denvs...), append(recs, drecs...)
	for i := range recs {
		if recs[i].Backend == "dlx" {
			recs[i].Backend = `we~ird\name^{1}$|<>&%#_`
		}
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := results.NewReport(envs, recs, "").WriteLaTeX(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `$\delta^2/n$`) {
		t.Fatalf("no decide summary in the LaTeX form:\n%s", buf.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "report.tex"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := "\\documentclass{article}\n\\usepackage{booktabs,graphicx}\n\\begin{document}\n\\begin{table}\\input{report.tex}\\end{table}\n\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		if strings.Contains(string(out), "booktabs.sty' not found") {
			t.Skip("booktabs not installed")
		}
		t.Fatalf("pdflatex failed: %v\n%s", err, out)
	}
}

// TestTextManyOrders: a log of 20,000 orders renders one line an order,
// in order, with the count column and no board column (the layout asked
// every row whether the table has boards once a row: a log of 40,000
// orders took over a minute; now 0.7 s).
func TestTextManyOrders(t *testing.T) {
	const k = 20000
	recs := make([]results.Record, k)
	for i := range recs {
		recs[i] = results.Record{Problem: results.Problem{N: i + 1}, Backend: "bitmask", Mode: "count",
			Answer: uint64(i), Seconds: 0.5, Status: results.OK}
	}
	rep := results.NewReport(nil, recs, "")
	var buf bytes.Buffer
	if err := rep.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile(`(?m)^ *(\d+) +(\d+) +500ms *$`).FindAllStringSubmatch(buf.String(), -1)
	if len(rows) != k {
		t.Fatalf("%d order rows, want %d; output begins:\n%.600s", len(rows), k, buf.String())
	}
	for i, r := range rows {
		if r[1] != strconv.Itoa(i+1) || r[2] != strconv.Itoa(i) {
			t.Fatalf("row %d is n=%s answer %s; want n=%d answer %d", i, r[1], r[2], i+1, i)
		}
	}
}
