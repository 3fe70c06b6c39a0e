package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

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

// traceOptions are the flags of qtool trace.
type traceOptions struct {
	n, steps                        int
	backend, until, board, events   string
	format, gif, frames, tree, lang string
	seed                            int64
	timeout                         time.Duration
}

func runTrace(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("trace", traceUsage)
	var o traceOptions
	intFlag(fs, &o.n, "n", 4, "board order `N`, 1 to 32 (optional with --board)")
	fs.StringVar(&o.backend, "backend", "backtrack", "search `B` to show: "+strings.Join(classroom.Methods, ", "))
	fs.StringVar(&o.until, "until", "solution", "stop at the first `solution` or go on to the `end` of the search")
	fs.StringVar(&o.board, "board", "", "`FILE` with queens already placed (- for stdin): trace its completion")
	fs.StringVar(&o.events, "events", "steps", "`steps`: a board per step; all: a board per event, tests included")
	intFlag(fs, &o.steps, "steps", 0, "stop after `K` steps (0 = no limit)")
	fs.StringVar(&o.format, "format", "text", "`text` boards or json, one frame a line (the protocol of qtool play)")
	fs.Int64Var(&o.seed, "seed", 1, "random `seed` for minconflicts")
	fs.StringVar(&o.gif, "gif", "", "write the boards shown as an animated GIF to `FILE`")
	fs.StringVar(&o.frames, "frames", "", "write each board shown as DIR/step-NNNN.svg and .png (`DIR` is made if missing)")
	fs.StringVar(&o.tree, "tree", "", "write the search tree up to the last event shown as SVG to `FILE`")
	fs.StringVar(&o.lang, "lang", "en", "language `L` of the text: "+strings.Join(i18n.Languages, ", "))
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit `D`, e.g. 30s (0 = none); exit 3 when reached, the steps shown so far kept")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, &o.timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) > 0 {
		return usageErrorf("trace: unexpected argument %q (see qtool trace --help)", operands[0])
	}
	cat, err := o.check()
	if err != nil {
		return err
	}
	b, err := traceBoard(c, setFlags(fs), o.n, o.board)
	if err != nil {
		return err
	}
	if err := classroom.Check(o.backend, b); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	return traceRun(ctx, c, o, b, cat)
}

// check refuses values of the flags that trace does not know and returns
// the catalogue of --lang.
func (o traceOptions) check() (*i18n.Catalogue, error) {
	if o.until != "solution" && o.until != "end" {
		return nil, usageErrorf("--until must be solution or end, got %q", o.until)
	}
	if o.events != "steps" && o.events != "all" {
		return nil, usageErrorf("--events must be steps or all, got %q", o.events)
	}
	if o.format != "text" && o.format != "json" {
		return nil, usageErrorf("--format must be text or json, got %q", o.format)
	}
	if o.steps < 0 {
		return nil, usageErrorf("--steps must be 0 (no limit) or more, got %d", o.steps)
	}
	cat, err := i18n.Lookup(o.lang)
	if err != nil {
		return nil, usageErrorf("--lang: %s", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	if o.tree != "" && o.backend == "minconflicts" {
		return nil, usageErrorf("--tree: minconflicts is a local search and has no search tree (use backtrack, bitmask or dlx)")
	}
	return cat, nil
}

// traceRun runs the search on b and shows its frames (text or JSON, and
// the pictures asked for), then the tree, and ends as traceEnd says.
func traceRun(ctx context.Context, c *cli, o traceOptions, b encode.Board, cat *i18n.Catalogue) error {
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	if o.format == "text" {
		traceHead(w, cat, o.backend, b)
	}
	var werr error
	atSolution := false
	seen := 0 // steps so far
	pics := newTracePictures(o.gif, o.frames, b.N, cat)
	var lastAt uint64
	sum, err := classroom.Run(ctx, o.backend, b, classroom.Options{Seed: o.seed, Lang: cat}, func(e classroom.Event) bool {
		lastAt = e.At()
		if o.events == "all" || e.Major {
			if werr = traceFrame(w, o.format, e.Frame(), cat, pics); werr != nil {
				return false
			}
		}
		if e.Major && e.Solution && o.until == "solution" {
			atSolution = true
			return false
		}
		if e.Major {
			seen++
		}
		return o.steps == 0 || seen < o.steps
	})
	if werr != nil {
		return werr
	}
	if err == nil {
		if err := pics.finish(); err != nil {
			return err
		}
		if o.tree != "" {
			if err := writeTraceTree(ctx, o.tree, o.backend, b, lastAt, cat); err != nil {
				return err
			}
		}
	}
	return traceEnd(ctx, w, cat, o.format == "text", sum, err, atSolution, o.steps)
}

// traceFrame shows one frame: a JSON line or a text board, and the
// pictures.
func traceFrame(w io.Writer, format string, f classroom.Frame, cat *i18n.Catalogue, pics *tracePictures) error {
	var err error
	if format == "json" {
		err = writeJSON(w, f)
	} else {
		err = classroom.WriteTextLang(w, f, cat)
	}
	if err != nil {
		return err
	}
	return pics.add(f)
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
