package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

func init() {
	register(command{name: "trace", summary: "show a search step by step, as text boards", run: runTrace})
}

const traceUsage = `
Usage: qtool trace [-n N] [--backend B] [--until solution|end] [--board FILE]
                   [--events steps|all] [--steps K] [--format text|json]
                   [--gif FILE] [--frames DIR] [--tree FILE] [--lang L]

Shows a real search step by step: after each step (a queen placed, a dead
end, a solution) a small board with the queens (Q), the squares they attack
(x) and the free squares (.), what happened, the squares tested since the
step before, and the search's counters. --events all shows a board after
every event, the square being tested marked ?. The default, n = 4 with plain
backtracking up to the first solution, is the classic ten-step walk-through
of the 4-queens problem (its ranks are the walk-through's columns).
Boards are drawn rank 1 (row 0) at the top; n is at most 32.

For slides: --gif FILE writes the boards shown as an animated GIF (at most
1000 frames), --frames DIR writes each as a numbered picture,
DIR/step-0001.svg and DIR/step-0001.png on, and --tree FILE draws the
search tree up to where the trace stopped as SVG (backtrack, bitmask and dlx; the
whole tree for n up to 8, a window around the current path above).
--lang writes the text (and the tree's words) in en, de, ca or zh-Hans.

Examples:
  qtool trace
  qtool trace -n 4 --backend backtrack --until end
  qtool trace -n 5 --backend bitmask --steps 4
  qtool trace -n 6 --events all --steps 5
  qtool trace --board examples/classroom-6.txt --until end
  qtool trace -n 4 --gif queens4.gif --tree tree4.svg --frames steps4
  qtool trace -n 4 --lang de
`

func runTrace(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("trace", traceUsage)
	var n, steps int
	intFlag(fs, &n, "n", 4, "board order `N`, 1 to 32 (optional with --board)")
	backend := fs.String("backend", "backtrack", "search `B` to show: "+strings.Join(classroom.Methods, ", "))
	until := fs.String("until", "solution", "stop at the first `solution` or go on to the `end` of the search")
	board := fs.String("board", "", "`FILE` with queens already placed (- for stdin): trace its completion")
	events := fs.String("events", "steps", "`steps`: a board per step; all: a board per event, tests included")
	intFlag(fs, &steps, "steps", 0, "stop after `K` steps (0 = no limit)")
	format := fs.String("format", "text", "`text` boards or json, one frame a line (the protocol of qtool play)")
	seed := fs.Int64("seed", 1, "random `seed` for minconflicts")
	gifOut := fs.String("gif", "", "write the boards shown as an animated GIF to `FILE`")
	framesOut := fs.String("frames", "", "write each board shown as DIR/step-NNNN.svg and .png (`DIR` is made if missing)")
	treeOut := fs.String("tree", "", "write the search tree up to the last event shown as SVG to `FILE`")
	lang := fs.String("lang", "en", "language `L` of the text: "+strings.Join(i18n.Languages, ", "))
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 30s (0 = none); exit 3 when reached, the steps shown so far kept")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) > 0 {
		return usageErrorf("trace: unexpected argument %q (see qtool trace --help)", operands[0])
	}
	set := setFlags(fs)
	if *until != "solution" && *until != "end" {
		return usageErrorf("--until must be solution or end, got %q", *until)
	}
	if *events != "steps" && *events != "all" {
		return usageErrorf("--events must be steps or all, got %q", *events)
	}
	if *format != "text" && *format != "json" {
		return usageErrorf("--format must be text or json, got %q", *format)
	}
	if steps < 0 {
		return usageErrorf("--steps must be 0 (no limit) or more, got %d", steps)
	}
	cat, err := i18n.Lookup(*lang)
	if err != nil {
		return usageErrorf("--lang: %s", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	if *treeOut != "" && *backend == "minconflicts" {
		return usageErrorf("--tree: minconflicts is a local search and has no search tree (use backtrack, bitmask or dlx)")
	}
	b := encode.Empty(n)
	if *board != "" {
		f, name, err := openInput(c, *board)
		if err != nil {
			return err
		}
		b, err = encode.ParseBoard(f, name)
		f.Close()
		if err != nil {
			return usageErrorf("%w", err)
		}
		if set["n"] && n != b.N {
			return usageErrorf("-n %d disagrees with the board in %s, which is %d×%d", n, name, b.N, b.N)
		}
	} else if n < 1 {
		return usageErrorf("-n must be at least 1, got %d", n)
	}
	if err := classroom.Check(*backend, b); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	if *format == "text" {
		what := cat.T("trace.emptyBoard")
		if b.Given() > 0 {
			k := "pl.queen.other"
			if b.Given() == 1 {
				k = "pl.queen.one"
			}
			what = cat.T("trace.given", cat.T(k, b.Given()))
		}
		fmt.Fprintln(w, cat.T("trace.head", cat.T("method."+*backend), what, b.N, b.N))
		fmt.Fprintf(w, "%s\n\n", cat.T("trace.legend"))
	}
	var werr error
	atSolution := false
	seen := 0 // steps so far
	pics := newTracePictures(*gifOut, *framesOut, b.N, cat)
	var lastAt uint64
	sum, err := classroom.Run(ctx, *backend, b, classroom.Options{Seed: *seed, Lang: cat}, func(e classroom.Event) bool {
		lastAt = e.At()
		if *events == "all" || e.Major {
			f := e.Frame()
			if *format == "json" {
				werr = writeJSON(w, f)
			} else {
				werr = classroom.WriteTextLang(w, f, cat)
			}
			if werr == nil {
				werr = pics.add(f)
			}
			if werr != nil {
				return false
			}
		}
		if e.Major && e.Solution && *until == "solution" {
			atSolution = true
			return false
		}
		if e.Major {
			seen++
		}
		return steps == 0 || seen < steps
	})
	if werr != nil {
		return werr
	}
	if err == nil {
		if err := pics.finish(); err != nil {
			return err
		}
		if *treeOut != "" {
			if err := writeTraceTree(ctx, *treeOut, *backend, b, lastAt, cat); err != nil {
				return err
			}
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			key, code := "trace.interrupted", exitInterrupted
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				key, code = "trace.timeout", exitTimeout
			}
			if *format == "text" {
				fmt.Fprintln(w, cat.T(key, steps1(cat, sum.Steps)))
			}
			w.Flush()
			return withCode(code, nil)
		}
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	if *format == "text" && !sum.Complete {
		switch {
		case atSolution:
			fmt.Fprintln(w, cat.T("trace.atSolution", steps1(cat, sum.Steps)))
		default:
			fmt.Fprintln(w, cat.T("trace.atSteps", steps1(cat, sum.Steps), steps))
		}
	}
	return nil
}

// steps1 writes "1 step" or "K steps" in the language of cat.
func steps1(cat *i18n.Catalogue, k int) string {
	if k == 1 {
		return cat.T("pl.step.one", k)
	}
	return cat.T("pl.step.other", k)
}
