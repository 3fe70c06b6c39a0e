package layout

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/qtool-project/qtool"

// rules reads the table of docs/design.md: for each package (relative to
// the module, or the module itself) the patterns it may import; "everything"
// allows all.
func rules(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := bytes.Cut(data, []byte("| package | may import (of the module) |\n|---|---|\n"))
	if !ok {
		t.Fatal("docs/design.md: no table of which package may import which")
	}
	r := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(table))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 2 {
			t.Fatalf("docs/design.md: row %q: want two cells", line)
		}
		pkg := rel(strings.Trim(strings.TrimSpace(cells[0]), "`"))
		var allowed []string
		for _, a := range strings.Split(cells[1], ",") {
			if a = strings.Trim(strings.TrimSpace(a), "`"); a != "" && a != "—" {
				allowed = append(allowed, a)
			}
		}
		if _, dup := r[pkg]; dup {
			t.Fatalf("docs/design.md: package %s has two rows", pkg)
		}
		r[pkg] = allowed
	}
	if len(r) == 0 {
		t.Fatal("docs/design.md: the table is empty")
	}
	return r
}

// rel is an import path relative to the module ("" for the module).
func rel(p string) string {
	if p == module {
		return ""
	}
	return strings.TrimPrefix(p, module+"/")
}

// matches reports whether package p (relative) matches pattern pat: a
// path, or DIR/* for every package under DIR but DIR/all.
func matches(pat, p string) bool {
	if dir, ok := strings.CutSuffix(pat, "/*"); ok {
		return strings.HasPrefix(p, dir+"/") && p != dir+"/all"
	}
	return pat == p
}

// rowOf finds the row of package p: its own, or a DIR/* row.
func rowOf(r map[string][]string, p string) ([]string, bool) {
	if a, ok := r[p]; ok {
		return a, true
	}
	if a, ok := r[path.Dir(p)+"/*"]; ok && path.Base(p) != "all" {
		return a, true
	}
	return nil, false
}

// TestLayout runs go list over the module and checks every import of a
// package of the module against the table of docs/design.md.
func TestLayout(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	r := rules(t)
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}: {{join .Imports \" \"}}", module+"/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		p := rel(pkg)
		allowed, ok := rowOf(r, p)
		if !ok {
			t.Errorf("package %s has no row in docs/design.md's table", pkg)
			continue
		}
		for _, imp := range strings.Fields(imports) {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			checked++
			q := rel(imp)
			if slices.Contains(allowed, "everything") || slices.ContainsFunc(allowed, func(a string) bool { return matches(a, q) }) {
				continue
			}
			t.Errorf("%s imports %s, which docs/design.md's table does not allow (its row: %s)", pkg, imp, strings.Join(allowed, ", "))
		}
	}
	if checked == 0 {
		t.Fatal("go list listed no import of the module's packages")
	}
}

// TestLayoutCatches checks the check: an import that breaks the table
// (an adapter importing another, experiments importing an adapter, the
// searches importing the counting plans built on them) is caught.
func TestLayoutCatches(t *testing.T) {
	r := rules(t)
	for _, c := range []struct{ pkg, imp string }{
		{"backend/bitmask", "backend/sat"},
		{"experiments", "backend/dlx"},
		{"encode", "search"},
		{"backend", "search"},
		{"search", "backend"},
		{"search", "count"},
		{"count", "backend"},
	} {
		allowed, _ := rowOf(r, c.pkg)
		if slices.ContainsFunc(allowed, func(a string) bool { return a == "everything" || matches(a, c.imp) }) {
			t.Errorf("the table lets %s import %s", c.pkg, c.imp)
		}
	}
}
