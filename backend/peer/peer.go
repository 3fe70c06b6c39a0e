package peer

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os/exec"
	"strings"
	"sync"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// A tool runs one peer's program on a model: solve writes the model in
// the tool's language, runs the program (in its own process group, killed
// when ctx ends), and hands every answer to visit as its pieces (the
// given ones included, as export's readers give them plus the model's
// Given); visit returning false stops the program. It returns how the
// tool's output ended.
type tool struct {
	name     string
	programs []string // needed on PATH
	about    string
	count    bool     // lists every solution
	options  []string // keys of Request.Options it reads
	solve    func(ctx context.Context, m *encode.Model, all bool, opts map[string]string, visit func([]encode.Cell) bool) (export.Answer, error)
}

// unavailableError says which program of a peer is not installed.
type unavailableError struct{ backend, program string }

func (e *unavailableError) Error() string { return "peer: " + e.Reason() }

// Reason says what is missing, without the package prefix.
func (e *unavailableError) Reason() string {
	return fmt.Sprintf("backend %s needs the program %q, which is not on PATH", e.backend, e.program)
}

// Is makes errors.Is(err, ErrUnavailable) true.
func (e *unavailableError) Is(target error) bool { return target == ErrUnavailable }

// ErrUnavailable is what errors.Is finds in the error of a peer whose
// program is not installed.
var ErrUnavailable = errors.New("peer: program not installed")

// peerBackend is a backend.Backend that runs a tool: every problem
// the encoder knows, from its model; every answer verified by
// encode.Verify before it is counted or shown (a wrong one is an
// error of the run, which the harness reports as MISMATCH), every count
// made of distinct verified solutions, and an answer "none" left to the
// harness's cross-check with the other complete backends.
type peerBackend struct {
	t     tool
	avail func() error
}

func newBackend(t tool) peerBackend {
	return peerBackend{t: t, avail: sync.OnceValue(func() error {
		for _, p := range t.programs {
			if _, err := exec.LookPath(p); err != nil {
				return &unavailableError{backend: t.name, program: p}
			}
		}
		return nil
	})}
}

func (b peerBackend) Name() string { return b.t.name }

func (b peerBackend) Caps() backend.Caps {
	c := backend.Caps{Find: true, Count: b.t.count, All: b.t.count, Complete: true, Exact: true, External: true,
		Problems: encode.Variants(), Forbidden: true, Options: b.t.options}
	if b.t.count {
		c.CountMethod = "enumeration by the program"
		c.Enumerates = true
	}
	return c
}

// Available returns nil when the tool's programs are on PATH.
func (b peerBackend) Available() error { return b.avail() }

// Run solves problem p through its model (backend.Model).
func (b peerBackend) Run(ctx context.Context, p encode.Problem, req backend.Request) (backend.Outcome, error) {
	m, visit, err := backend.Model(b, p, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	return b.runModel(ctx, m, req, visit)
}

// runModel runs the tool on m. Find with Limit 1 asks the program for one
// solution; a count, or more solutions, asks it for all of them, read as
// they come.
func (b peerBackend) runModel(ctx context.Context, m *encode.Model, req backend.Request, visit func([]int32) bool) (backend.Outcome, error) {
	if err := b.avail(); err != nil {
		return backend.Outcome{}, fmt.Errorf("backend %s is unavailable: %w", b.t.name, err)
	}
	return runTool(ctx, b.t.name, m, req, visit, func(all bool, v func([]encode.Cell) bool) (export.Answer, error) {
		return b.t.solve(ctx, m, all, req.Options, v)
	})
}

// runTool calls solve (a tool or an exec: program) and checks and counts
// what it answers.
func runTool(ctx context.Context, name string, m *encode.Model, req backend.Request, visit func([]int32) bool,
	solve func(all bool, visit func([]encode.Cell) bool) (export.Answer, error)) (backend.Outcome, error) {
	all := req.Mode == backend.Count || req.Limit != 1
	p := m.Problem
	p.Pieces = m.Pieces
	at := export.CellIndex(m)
	given := map[encode.Cell]bool{}
	for _, g := range m.Given {
		given[g] = true
	}
	out := backend.Outcome{Stats: map[string]uint64{"squares": uint64(len(m.Cells)), "lines": uint64(len(m.Lines))}}
	seen := map[uint64]bool{}
	var bad error
	stopped := false
	chosen := make([]int32, 0, m.Pieces)
	ans, err := solve(all, func(cells []encode.Cell) bool {
		if err := encode.Verify(p, cells); err != nil {
			bad = fmt.Errorf("backend %s: %w %s: %v", name, backend.ErrWrongAnswer, cellList(cells), err)
			return false
		}
		chosen = chosen[:0]
		h := fnv.New64a()
		for _, x := range cells {
			fmt.Fprintf(h, "%d,%d;", x.R, x.C)
			if given[x] {
				continue
			}
			i := at(x.R, x.C)
			if i < 0 {
				bad = fmt.Errorf("backend %s: %w: a piece on %s, not a free square of the model", name, backend.ErrWrongAnswer, encode.Square(m.N, x.R, x.C))
				return false
			}
			chosen = append(chosen, i)
		}
		if k := h.Sum64(); seen[k] {
			bad = fmt.Errorf("backend %s: %w: the solution %s twice", name, backend.ErrWrongAnswer, cellList(cells))
			return false
		} else if all {
			seen[k] = true
		}
		out.Solutions++
		if visit != nil && !visit(chosen) {
			stopped = true
			return false
		}
		if req.Mode == backend.Find && req.Limit > 0 && out.Solutions >= uint64(req.Limit) {
			stopped = true
			return false
		}
		return true
	})
	switch {
	case bad != nil:
		return out, bad
	case err != nil:
		if ctx.Err() != nil {
			return out, nil // the harness says timeout or interrupted
		}
		return out, fmt.Errorf("backend %s: %w", name, err)
	case ctx.Err() != nil:
		return out, nil
	}
	return toolStatus(name, out, ans, all, stopped)
}

// toolStatus sets the Status of the outcome of tool run name from the
// program's answer ans, once its solutions are checked: all says whether
// every solution was asked for, stopped whether the run was stopped after
// giving what was asked for. A program that says there is no solution after
// giving some is wrong.
func toolStatus(name string, out backend.Outcome, ans export.Answer, all, stopped bool) (backend.Outcome, error) {
	switch ans {
	case export.None:
		if out.Solutions > 0 {
			return out, fmt.Errorf("backend %s: %w: the program says there is no solution after giving %d", name, backend.ErrWrongAnswer, out.Solutions)
		}
		out.Status = backend.OK
	case export.Complete:
		out.Status = backend.OK
	default:
		// A search that gave what was asked for is done; otherwise the
		// program stopped without an answer.
		if stopped || (!all && out.Solutions > 0) {
			out.Status = backend.OK
		} else {
			out.Status = backend.Unknown
		}
	}
	return out, nil
}

func cellList(cells []encode.Cell) string {
	var b strings.Builder
	for i, x := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d,%d", x.R, x.C)
	}
	if b.Len() > 200 {
		return b.String()[:200] + "…"
	}
	return b.String()
}

// withGiven adds the model's given pieces to the squares of an answer
// that leaves them out (MiniZinc's and clasp's), in row-major order.
func withGiven(m *encode.Model, cells []encode.Cell) []encode.Cell {
	if len(m.Given) == 0 {
		return cells
	}
	s := append(append(make([]encode.Cell, 0, len(m.Given)+len(cells)), m.Given...), cells...)
	return s
}

// exitError says how a program's exit was wrong.
func exitError(prog string, code int, stderr string) error {
	if code < 0 {
		return fmt.Errorf("%s was killed%s", prog, stderr)
	}
	return fmt.Errorf("%s exited with status %d%s", prog, code, stderr)
}
