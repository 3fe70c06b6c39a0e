package backend_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// fake is a registered test backend with the Caps given.
type fake struct {
	name string
	caps backend.Caps
}

func (f fake) Name() string       { return f.name }
func (f fake) Caps() backend.Caps { return f.caps }
func (fake) Run(context.Context, encode.Problem, backend.Request) (backend.Outcome, error) {
	return backend.Outcome{}, nil
}

// missing is an external fake whose program is not installed.
type missing struct{ fake }

func (missing) Available() error { return errors.New("not installed") }

var registerFakes sync.Once

func fakes() {
	registerFakes.Do(func() {
		// rooks only, so that no other test's request finds them able
		plain := []encode.Variant{encode.Rooks}
		backend.Register(fake{"hint-finder", backend.Caps{Find: true, Problems: plain}})
		backend.Register(fake{"hint-counter", backend.Caps{Count: true, Find: true, All: true, Complete: true, Problems: plain, MaxN: 40}})
		backend.Register(fake{"hint-large", backend.Caps{Count: true, Problems: plain}})
		backend.Register(fake{"hintsat", backend.Caps{Find: true, Problems: plain}})
		for _, a := range encode.AMOEncodings()[:2] {
			backend.Register(fake{"hintsat-" + a.String(), backend.Caps{Find: true, Problems: plain}})
		}
		backend.Register(missing{fake{"hintext", backend.Caps{Find: true, External: true, Problems: plain}}})
	})
}

func rooks(b encode.Board) encode.Problem {
	return encode.Problem{Variant: encode.Rooks, Instance: encode.Instance{Board: b}}
}

// TestRefusalHint: the hint of a refusal names the backends able to take
// the request, in the words of the command line.
func TestRefusalHint(t *testing.T) {
	fakes()
	finder, _ := backend.Lookup("hint-finder")
	var r *backend.Refusal
	if !errors.As(backend.Admit(finder, rooks(encode.Empty(8)), backend.Request{Mode: backend.Count}), &r) {
		t.Fatal("hint-finder was let count")
	}
	able := r.Able()
	if !slices.Contains(able, "hint-counter") || slices.Contains(able, "hint-finder") {
		t.Fatalf("Able %v", able)
	}
	if got, want := r.Hint(rooks(encode.Empty(8))), "backend hint-finder cannot count; counting backends: "+strings.Join(able, ", "); got != want {
		t.Errorf("Hint %q, want %q", got, want)
	}
	board := rooks(encode.Board{N: 8, Queens: []int{0, -1, -1, -1, -1, -1, -1, -1}})
	if !errors.As(backend.Admit(finder, board, backend.Request{Mode: backend.Find, Limit: 1}), &r) {
		t.Fatal("hint-finder was let complete a board")
	}
	if got := r.Hint(board); !strings.HasPrefix(got, "backend hint-finder cannot complete a board with queens already placed; use --backend ") || !strings.Contains(got, "hint-counter") {
		t.Errorf("Hint %q", got)
	}
	counter, _ := backend.Lookup("hint-counter")
	big := rooks(encode.Empty(50))
	if !errors.As(backend.Admit(counter, big, backend.Request{Mode: backend.Count}), &r) {
		t.Fatal("hint-counter was let count n = 50")
	}
	if got := r.Hint(big); got != "backend hint-counter handles n ≤ 40, not 50 (try --backend hint-large)" {
		t.Errorf("Hint %q", got)
	}
}

// TestGroups: a family is one line with its count of encodings, an
// outside program not installed is marked so, an unregistered family is
// left out, and every other name is on the first line.
func TestGroups(t *testing.T) {
	fakes()
	g := backend.Groups([]backend.Family{{Solver: "hintsolver", Base: "hintsat"}, {Solver: "ext", Base: "hintext"}, {Solver: "no", Base: "hint-absent"}})
	if len(g) != 3 {
		t.Fatalf("%d lines: %q", len(g), g)
	}
	if g[1] != "hintsat, hintsat-ENC (hintsolver, built in; 2 encodings)" || g[2] != "hintext, hintext-ENC (external program, not installed; 0 encodings)" {
		t.Errorf("families %q", g[1:])
	}
	first := strings.Split(g[0], ", ")
	if !slices.Contains(first, "hint-finder") || slices.Contains(first, "hintsat") || slices.Contains(first, "hintsat-"+encode.AMOEncodings()[0].String()) {
		t.Errorf("first line %q", g[0])
	}
}

func TestLookupFold(t *testing.T) {
	fakes()
	if b, err := backend.LookupFold("HINT-Finder"); err != nil || b.Name() != "hint-finder" {
		t.Errorf("HINT-Finder: %v, %v", b, err)
	}
	if _, err := backend.LookupFold("hint-nothing"); err == nil || !strings.HasPrefix(err.Error(), `backend: unknown backend "hint-nothing"`) {
		t.Errorf("hint-nothing: %v", err)
	}
}
