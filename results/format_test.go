package results_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/results"
)

// A format of one's own: registered once, it is listed by FormatNames, read
// by ParseFormat (the command line's --format) and rendered by
// Report.Write, like the built-in ones.
func ExampleRegisterFormat() {
	if _, err := results.ParseFormat("count"); err != nil { // once, even under go test -count 2
		results.RegisterFormat("count", []string{"n-records"}, func(r *results.Report, w io.Writer) error {
			_, err := fmt.Fprintf(w, "%d records in %d tables\n", len(r.Records), len(r.Tables))
			return err
		})
	}
	rep := results.NewReport(nil, []results.Record{
		{Problem: results.Problem{N: 8}, Backend: "backtrack", Mode: "count", Answer: 92, Seconds: 1e-4, Status: results.OK},
	}, "")
	f, err := results.ParseFormat("N-Records")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f, results.FormatNames())
	rep.Write(os.Stdout, f)
	// Output:
	// count [count csv json latex md text]
	// 1 records in 1 tables
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]results.Format{
		"text": results.Text, "TXT": results.Text, "md": results.Markdown, "Markdown": results.Markdown,
		"csv": results.CSV, "latex": results.LaTeX, "tex": results.LaTeX, "json": results.JSON,
	} {
		if got, err := results.ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	_, err := results.ParseFormat("gif")
	if err == nil || !strings.Contains(err.Error(), `unknown format "gif" (known: `) {
		t.Errorf("gif: %v", err)
	}
	for _, name := range []string{"csv", "json", "latex", "md", "text"} {
		if !slices.Contains(results.FormatNames(), name) {
			t.Errorf("%s not among %v", name, results.FormatNames())
		}
	}
	if err := results.NewReport(nil, nil, "").Write(&bytes.Buffer{}, "nonesuch"); err == nil {
		t.Errorf("Write in an unknown format: no error")
	}
}

func TestRegisterFormatTaken(t *testing.T) {
	for _, tc := range []struct {
		name    results.Format
		aliases []string
	}{{"csv", nil}, {"fresh", []string{"TeX"}}, {"", nil}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterFormat(%q, %v): no panic", tc.name, tc.aliases)
				}
			}()
			results.RegisterFormat(tc.name, tc.aliases, func(*results.Report, io.Writer) error { return nil })
		}()
	}
	if _, err := results.ParseFormat("fresh"); err == nil {
		t.Errorf("a refused registration left its name behind")
	}
}
