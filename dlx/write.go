package dlx

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Bound is the range of the number of chosen options that may hold a
// primary item (Knuth's dlx3, "Lo:Hi|name").
type Bound struct{ Lo, Hi int }

// Writer writes a problem in Knuth's text format as a stream, without
// building a Matrix: comments, then the item line (Items), then one line
// per option (Option). It writes dlx1's format, extended as dlx2 and dlx3
// extend it where the problem needs it: "lo:hi|name" (or "v|name" when lo =
// hi ≠ 1) for a primary item with bounds, "name:colour" for a coloured
// secondary item. It is the one writer of the format in qtool:
// Matrix.WriteTo and the queens encoder use it. Errors stick: after the
// first, every call returns it.
type Writer struct {
	bw      *bufio.Writer
	names   []string
	primary int
	items   bool
	err     error
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{bw: bufio.NewWriterSize(w, 1<<16)} }

// Comment writes a comment line ("| text"). Comments come before the item
// line; a line break in text starts a new comment line.
func (w *Writer) Comment(text string) error {
	if w.err != nil {
		return w.err
	}
	w.bw.WriteString("| ")
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			w.bw.WriteString("\n| ")
			continue
		}
		w.bw.WriteByte(text[i])
	}
	return w.setErr(w.bw.WriteByte('\n'))
}

// Items writes the item line: the primary items, '|' and the secondary
// items if there are any. bounds is nil (every primary item 1..1) or gives
// the bounds of each primary item. The names are checked as NewMatrix
// checks them; a problem without primary items has no such line (it would
// read as a comment).
func (w *Writer) Items(primary, secondary []string, bounds []Bound) error {
	if w.err != nil {
		return w.err
	}
	if w.items {
		return w.setErr(errors.New("dlx: writer: the item line is written twice"))
	}
	if len(primary) == 0 {
		return w.setErr(errors.New("dlx: a problem without primary items cannot be written in Knuth's format"))
	}
	if bounds != nil && len(bounds) != len(primary) {
		return w.setErr(fmt.Errorf("dlx: writer: %d bounds for %d primary items", len(bounds), len(primary)))
	}
	w.items = true
	w.primary = len(primary)
	w.names = append(append(make([]string, 0, len(primary)+len(secondary)), primary...), secondary...)
	for i, name := range w.names {
		if err := checkName(name); err != nil {
			return w.setErr(fmt.Errorf("dlx: %s", err))
		}
		switch {
		case i == len(primary):
			w.bw.WriteString(" | ")
		case i > 0:
			w.bw.WriteByte(' ')
		}
		if bounds != nil && i < len(primary) {
			b := bounds[i]
			if b.Hi < 1 || b.Lo < 0 || b.Lo > b.Hi || b.Hi > MaxBound {
				return w.setErr(fmt.Errorf("dlx: item %q: bounds %d..%d out of order", name, b.Lo, b.Hi))
			}
			writeBound(w.bw, b.Lo, b.Hi)
		}
		w.bw.WriteString(name)
	}
	return w.setErr(w.bw.WriteByte('\n'))
}

// writeBound writes the prefix of a primary item with bounds lo..hi:
// nothing for 1..1, "hi|" for lo = hi, "lo:hi|" otherwise.
func writeBound(bw *bufio.Writer, lo, hi int) {
	switch {
	case lo == 1 && hi == 1:
	case lo == hi:
		bw.WriteString(strconv.Itoa(hi))
		bw.WriteByte('|')
	default:
		bw.WriteString(strconv.Itoa(lo))
		bw.WriteByte(':')
		bw.WriteString(strconv.Itoa(hi))
		bw.WriteByte('|')
	}
}

// Option writes one option: the items with the given numbers (0-based, in
// the order of the item line), item items[j] with colour colors[j] (""
// for none; colors may be nil). Only secondary items take a colour.
func (w *Writer) Option(items []int, colors []string) error {
	return w.OptionCost(items, colors, 0)
}

// OptionCost writes an option line with a cost, " |cost" at its end as
// DLX5 reads it (nothing for a cost of 0).
func (w *Writer) OptionCost(items []int, colors []string, cost uint64) error {
	if w.err != nil {
		return w.err
	}
	if !w.items {
		return w.setErr(errors.New("dlx: writer: an option before the item line"))
	}
	for j, i := range items {
		if i < 0 || i >= len(w.names) {
			return w.setErr(fmt.Errorf("dlx: writer: item number %d out of range 0..%d", i, len(w.names)-1))
		}
		if j > 0 {
			w.bw.WriteByte(' ')
		}
		w.bw.WriteString(w.names[i])
		if colors != nil && colors[j] != "" {
			if i < w.primary {
				return w.setErr(fmt.Errorf("dlx: primary item %q cannot have a colour", w.names[i]))
			}
			if err := checkColor(colors[j]); err != nil {
				return w.setErr(fmt.Errorf("dlx: %s", err))
			}
			w.bw.WriteByte(':')
			w.bw.WriteString(colors[j])
		}
	}
	if cost > MaxCost {
		return w.setErr(fmt.Errorf("dlx: cost %d is larger than %d", cost, uint64(MaxCost)))
	}
	if cost > 0 {
		w.bw.WriteString(" |")
		w.bw.WriteString(strconv.FormatUint(cost, 10))
	}
	return w.setErr(w.bw.WriteByte('\n'))
}

// Flush writes out what is buffered.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.setErr(w.bw.Flush())
}

func (w *Writer) setErr(err error) error {
	if err != nil && w.err == nil {
		w.err = err
	}
	return w.err
}

// WriteTo writes the problem in Knuth's format (see Parse and Writer): the
// item line, then one line per option. Parse reads it back as the same
// problem. Colours keep their names when every name is one character, as
// dlx2 wants them; otherwise, when there are few enough, they are renamed
// to single characters (the colours of an item only need to be told apart),
// and else written by name, which qtool reads but dlx2 does not. A problem
// without primary items has no such form: its item line would read as a
// comment.
func (p *Matrix) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	wr := NewWriter(cw)
	var bounds []Bound
	if p.nbounds > 0 {
		bounds = make([]Bound, p.primary)
		for i := range bounds {
			lo, hi := p.Bounds(i)
			bounds[i] = Bound{lo, hi}
		}
	}
	wr.Items(p.names[:p.primary], p.names[p.primary:], bounds)
	names := p.writtenColors()
	var items []int
	var colors []string
	for o := range p.first {
		items, colors = items[:0], colors[:0]
		for q := p.first[o]; p.nodes[q].itm > 0; q++ {
			items = append(items, int(p.nodes[q].itm-1))
			c := ""
			if p.colors != nil && p.colors[q] != 0 {
				c = names[p.colors[q]-1]
			}
			colors = append(colors, c)
		}
		if wr.OptionCost(items, colors, p.Cost(o)) != nil {
			break
		}
	}
	err := wr.Flush()
	return cw.n, err
}

// singleColors are the characters WriteTo gives to colours whose names are
// longer than one character.
const singleColors = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./;<=>?@[\\]^_`{}~"

// writtenColors returns the names under which WriteTo writes the colours.
func (p *Matrix) writtenColors() []string {
	single := true
	for _, name := range p.colorNames {
		if len(name) != 1 {
			single = false
			break
		}
	}
	if single || len(p.colorNames) > len(singleColors) {
		return p.colorNames
	}
	names := make([]string, len(p.colorNames))
	for c := range names {
		names[c] = singleColors[c : c+1]
	}
	return names
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	k, err := c.w.Write(b)
	c.n += int64(k)
	return k, err
}
