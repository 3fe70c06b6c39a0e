package experiments_test

import (
	"bufio"
	"context"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

var long = flag.Bool("long", false, "run the slow checks (every variant up to the OEIS table's last n, every sat encoding, every published instance on every backend)")

type oeisRow struct {
	variant encode.Variant
	what    string // count or pieces
	seq     string
	n       int
	value   uint64
}

func readVariantsOEIS(t *testing.T) []oeisRow {
	t.Helper()
	f, err := os.Open("../testdata/variants-oeis.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []oeisRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		w := strings.Split(sc.Text(), "\t")
		v, err := encode.ParseVariant(w[0])
		n, err2 := strconv.Atoi(w[3])
		val, err3 := strconv.ParseUint(w[4], 10, 64)
		if err != nil || err2 != nil || err3 != nil || len(w) != 5 {
			t.Fatalf("variants-oeis.tsv: %q", sc.Text())
		}
		rows = append(rows, oeisRow{v, w[1], w[2], n, val})
	}
	return rows
}

// quickLimit is the largest n of each variant checked without -long.
var quickLimit = map[encode.Variant]int{
	encode.Toroidal: 11, encode.Superqueens: 11, encode.Domination: 6,
	encode.Kings: 6, encode.Bishops: 6, encode.Rooks: 6, encode.TorusDomination: 6,
}

// slowBackends bounds the n at which a backend is asked, where it would
// take minutes: proving that no 4 queens dominate the 8×8 board takes gini
// more than 5 minutes; the minimum (and the other backends) are checked
// beyond. (dlx, with ShortFirst and Pick, counts 10×10 in under a second.)
var slowBackends = map[encode.Variant]map[string]int{
	encode.Domination:      {"sat": 7},
	encode.TorusDomination: {"sat": 7},
}

// variantBackends returns the counting backends that solve v: without
// -long only "sat" of the sat encodings.
func variantBackends(v encode.Variant) []backend.Backend {
	var bs []backend.Backend
	for _, b := range experiments.Registered(func(c backend.Caps) bool { return c.Count && c.Solves(v) && !c.External }) {
		if !*long && strings.HasPrefix(b.Name(), "sat-") {
			continue
		}
		bs = append(bs, b)
	}
	return bs
}

// TestVariantsOEIS counts every variant of the OEIS table on every
// backend that declares it (at least two each), and lists the solutions
// where there are few, each checked by encode.Verify.
func TestVariantsOEIS(t *testing.T) {
	for _, row := range readVariantsOEIS(t) {
		if !*long && row.n > quickLimit[row.variant] {
			continue
		}
		bs := variantBackends(row.variant)
		if len(bs) < 2 {
			t.Fatalf("%v: %d backends, want at least 2", row.variant, len(bs))
		}
		p := encode.Problem{Variant: row.variant, Instance: encode.Instance{Board: encode.Empty(row.n)}}
		ran := 0
		for _, b := range bs {
			if lim, ok := slowBackends[row.variant][strings.SplitN(b.Name(), "-", 2)[0]]; ok && row.n > lim {
				continue
			}
			ran++
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			out, err := backend.Solve(ctx, b, p, backend.Request{Mode: backend.Count})
			cancel()
			if err != nil || out.Status != backend.OK {
				t.Fatalf("%v n=%d %s: %+v %v", row.variant, row.n, b.Name(), out, err)
			}
			if testing.Verbose() {
				t.Logf("%v n=%d %s: %v", row.variant, row.n, b.Name(), out.Elapsed)
			}
			got := out.Solutions
			if row.what == "pieces" {
				got = uint64(out.Pieces)
			}
			if got != row.value {
				t.Errorf("%v n=%d %s: %s = %d, %s says %d", row.variant, row.n, b.Name(), row.what, got, row.seq, row.value)
			}
			if row.what != "count" || row.value > 2000 {
				continue
			}
			if lim, ok := slowBackends[row.variant][strings.SplitN(b.Name(), "-", 2)[0]]; ok && row.n >= lim {
				continue
			}
			var found uint64
			var bad error
			_, err = backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find, Limit: 0,
				VisitCells: func(cs []encode.Cell) bool {
					found++
					q := p
					q.Pieces = len(cs)
					if err := encode.Verify(q, cs); err != nil && bad == nil {
						bad = err
					}
					return true
				}})
			if err != nil || bad != nil || found != row.value {
				t.Errorf("%v n=%d %s: listed %d solutions, want %d; %v %v", row.variant, row.n, b.Name(), found, row.value, err, bad)
			}
		}
		if ran == 0 {
			t.Errorf("%v n=%d: no backend ran", row.variant, row.n)
		}
	}
}

// TestKnightsCrossCheck: the maximum knights have no OEIS entry in the
// table; the backends that declare them agree with each other (and, for
// n ≤ 4, search's brute-force test covers them).
func TestKnightsCrossCheck(t *testing.T) {
	for n := 1; n <= 5; n++ {
		p := encode.Problem{Variant: encode.Knights, Instance: encode.Instance{Board: encode.Empty(n)}}
		var first *backend.Outcome
		for _, b := range variantBackends(encode.Knights) {
			out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = &out
			} else if out.Solutions != first.Solutions || out.Pieces != first.Pieces {
				t.Errorf("knights n=%d: %s says %d placements of %d, another backend %d of %d", n, b.Name(), out.Solutions, out.Pieces, first.Solutions, first.Pieces)
			}
		}
		if want := p.Bound(); n >= 3 && first.Pieces != want {
			t.Errorf("knights n=%d: maximum %d, want ⌈n²/2⌉ = %d", n, first.Pieces, want)
		}
	}
}
