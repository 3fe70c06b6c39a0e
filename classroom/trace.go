package classroom

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

// Trace is one showing of a search, as qtool trace gives it: the frames of
// Method on Board written to a writer as text boards (or JSON lines), and
// the pictures asked for (an animated GIF, a series of SVG and PNG files,
// the search tree).
type Trace struct {
	Method string
	Board  encode.Board
	Seed   int64
	Cat    *i18n.Catalogue // the language of the text (nil: English)
	// AllEvents shows every event, tests included, not only the steps;
	// ToEnd goes on past the first solution to the end of the search;
	// Steps stops after that many steps (0 = no limit).
	AllEvents, ToEnd bool
	Steps            int
	// JSON writes each frame as one JSON line (the protocol of qtool
	// play) instead of a text board, and no head or end line.
	JSON bool
	// GIF, Frames and Tree are the pictures to write, "" for none: an
	// animated GIF file, a directory of step-NNNN.svg and .png files, and
	// an SVG file of the search tree up to the last event shown.
	GIF, Frames, Tree string
}

// Choose sets ToEnd, AllEvents and JSON from the words of qtool trace's
// options: until "solution" or "end", events "steps" or "all", format
// "text" or "json"; it refuses another word, and a Steps below 0. Its
// errors name the options.
func (t *Trace) Choose(until, events, format string) error {
	switch {
	case until != "solution" && until != "end":
		return fmt.Errorf("classroom: --until must be solution or end, got %q", until)
	case events != "steps" && events != "all":
		return fmt.Errorf("classroom: --events must be steps or all, got %q", events)
	case format != "text" && format != "json":
		return fmt.Errorf("classroom: --format must be text or json, got %q", format)
	case t.Steps < 0:
		return fmt.Errorf("classroom: --steps must be 0 (no limit) or more, got %d", t.Steps)
	}
	t.ToEnd, t.AllEvents, t.JSON = until == "end", events == "all", format == "json"
	return nil
}

// TraceEnd is how a trace ended: the run's summary, and whether it stopped
// at a solution (rather than at the end or after Steps steps).
type TraceEnd struct {
	Summary    Summary
	AtSolution bool
}

// TraceError is a failure of a trace other than the context's or a
// write's: Kind "gif", "frames" or "tree" for a picture that could not be
// made, "" for the search itself (a refused method or board).
type TraceError struct {
	Kind string
	Err  error
}

func (e *TraceError) Error() string {
	if e.Kind == "" {
		return e.Err.Error()
	}
	return "classroom: " + e.Kind + ": " + e.Err.Error()
}

func (e *TraceError) Unwrap() error { return e.Err }

// Run shows the search on w. A context that ends is not a TraceError: the
// text trace says so on its last line and Run returns the context's error,
// the steps shown so far kept. A failed write is returned as it is.
func (t Trace) Run(ctx context.Context, w io.Writer) (TraceEnd, error) {
	if t.Cat == nil {
		t.Cat = i18n.English()
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	if !t.JSON {
		WriteTraceHead(bw, t.Cat, t.Method, t.Board)
	}
	var end TraceEnd
	var werr error
	seen := 0 // steps so far
	pics := newPictures(t.GIF, t.Frames, t.Board.N, t.Cat)
	var lastAt uint64
	sum, err := Run(ctx, t.Method, t.Board, Options{Seed: t.Seed, Lang: t.Cat}, func(e Event) bool {
		lastAt = e.At()
		if t.AllEvents || e.Major {
			if werr = t.frame(bw, e.Frame(), pics); werr != nil {
				return false
			}
		}
		if e.Major && e.Solution && !t.ToEnd {
			end.AtSolution = true
			return false
		}
		if e.Major {
			seen++
		}
		return t.Steps == 0 || seen < t.Steps
	})
	end.Summary = sum
	if werr != nil {
		return end, werr
	}
	stopped := errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
	switch {
	case err != nil && !stopped:
		return end, &TraceError{Err: err}
	case err == nil:
		if err := t.pictures(ctx, pics, lastAt); err != nil {
			return end, err
		}
	}
	t.writeEnd(ctx, bw, end, stopped)
	return end, err
}

// frame shows one frame: a JSON line or a text board, and the pictures.
func (t Trace) frame(w io.Writer, f Frame, pics *pictures) error {
	var err error
	if t.JSON {
		err = WriteJSON(w, f)
	} else {
		err = WriteTextLang(w, f, t.Cat)
	}
	if err != nil {
		return err
	}
	return pics.add(f)
}

// pictures ends the pictures of a finished trace: the GIF, and the tree
// up to event at.
func (t Trace) pictures(ctx context.Context, pics *pictures, at uint64) error {
	if err := pics.finish(); err != nil {
		return err
	}
	if t.Tree == "" {
		return nil
	}
	if err := writeTreeFile(ctx, t.Tree, t.Method, t.Board, at, t.Cat); err != nil {
		return &TraceError{Kind: "tree", Err: err}
	}
	return nil
}

// writeEnd says on the text trace's last line how it ended: a time limit
// or an interruption (stopped by the context), where it stopped short, or
// nothing for a complete run.
func (t Trace) writeEnd(ctx context.Context, w io.Writer, end TraceEnd, stopped bool) {
	if t.JSON {
		return
	}
	steps := plural(t.Cat, uint64(end.Summary.Steps), "pl.step")
	switch {
	case stopped:
		key := "trace.interrupted"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			key = "trace.timeout"
		}
		fmt.Fprintln(w, t.Cat.T(key, steps))
	case end.Summary.Complete:
	case end.AtSolution:
		fmt.Fprintln(w, t.Cat.T("trace.atSolution", steps))
	default:
		fmt.Fprintln(w, t.Cat.T("trace.atSteps", steps, t.Steps))
	}
}

// WriteTraceHead writes the text trace's first lines: the method, the
// board, the legend.
func WriteTraceHead(w io.Writer, cat *i18n.Catalogue, method string, b encode.Board) {
	what := cat.T("trace.emptyBoard")
	if b.Given() > 0 {
		what = cat.T("trace.given", plural(cat, uint64(b.Given()), "pl.queen"))
	}
	fmt.Fprintln(w, cat.T("trace.head", cat.T("method."+method), what, b.N, b.N))
	fmt.Fprintf(w, "%s\n\n", cat.T("trace.legend"))
}
