package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

func init() {
	register(command{name: "trace", summary: "show a search step by step, as text boards", run: runTrace})
}

// traceUsage is the help of qtool trace (help/trace.txt).
//
//go:embed help/trace.txt
var traceUsage string

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
	b, err := traceBoard(c, set, n, *board)
	if err != nil {
		return err
	}
	if err := classroom.Check(*backend, b); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	if *format == "text" {
		traceHead(w, cat, *backend, b)
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
	return traceEnd(ctx, w, cat, *format == "text", sum, err, atSolution, steps)
}

// traceBoard is the board of the trace: --board's, or the empty one of
// order n.
func traceBoard(c *cli, set map[string]bool, n int, board string) (encode.Board, error) {
	b := encode.Empty(n)
	if board != "" {
		f, name, err := openInput(c, board)
		if err != nil {
			return b, err
		}
		b, err = encode.ParseBoard(f, name)
		f.Close()
		if err != nil {
			return b, usageErrorf("%w", err)
		}
		if set["n"] && n != b.N {
			return b, usageErrorf("-n %d disagrees with the board in %s, which is %d×%d", n, name, b.N, b.N)
		}
	} else if n < 1 {
		return b, usageErrorf("-n must be at least 1, got %d", n)
	}
	return b, nil
}

// traceHead is the text trace's first lines: the method, the board, the
// legend.
func traceHead(w io.Writer, cat *i18n.Catalogue, method string, b encode.Board) {
	what := cat.T("trace.emptyBoard")
	if b.Given() > 0 {
		k := "pl.queen.other"
		if b.Given() == 1 {
			k = "pl.queen.one"
		}
		what = cat.T("trace.given", cat.T(k, b.Given()))
	}
	fmt.Fprintln(w, cat.T("trace.head", cat.T("method."+method), what, b.N, b.N))
	fmt.Fprintf(w, "%s\n\n", cat.T("trace.legend"))
}

// traceEnd says how the trace ended (text only) and returns its exit
// status: a time limit or an interruption, an error, or where it stopped.
func traceEnd(ctx context.Context, w *bufio.Writer, cat *i18n.Catalogue, text bool, sum classroom.Summary, err error, atSolution bool, steps int) error {
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			key, code := "trace.interrupted", exitInterrupted
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				key, code = "trace.timeout", exitTimeout
			}
			if text {
				fmt.Fprintln(w, cat.T(key, steps1(cat, sum.Steps)))
			}
			w.Flush()
			return withCode(code, nil)
		}
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	if text && !sum.Complete {
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
