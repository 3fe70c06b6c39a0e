package dlx

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/internal/textin"
)

// Error is a syntax or consistency error in a problem file, with the place
// where it was found: file name, 1-based line and column (a byte offset).
// It is the position error that every text input of qtool shares, and
// prints as "FILE:LINE:COL: message".
type Error = textin.Error

// Warning is something dubious but legal in a problem file, such as an
// option that Algorithm X can never choose.
type Warning struct {
	File string
	Line int
	Col  int
	Msg  string
}

// String returns "dlx: FILE:LINE:COL: warning: message".
func (w Warning) String() string {
	return "dlx: " + position(w.File, w.Line, w.Col) + "warning: " + w.Msg
}

func position(file string, line, col int) string {
	var b strings.Builder
	if file != "" {
		b.WriteString(file)
		b.WriteByte(':')
	}
	if line > 0 {
		b.WriteString(strconv.Itoa(line))
		b.WriteByte(':')
		if col > 0 {
			b.WriteString(strconv.Itoa(col))
			b.WriteByte(':')
		}
	}
	b.WriteByte(' ')
	return b.String()
}

// token is a field of a line with its 1-based column.
type token struct {
	text string
	col  int
}

// fields splits a line at white space (C's isspace, as dlx1 does).
func fields(s string, toks []token) []token {
	toks = toks[:0]
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			toks = append(toks, token{s[i:j], i + 1})
		}
		i = j
	}
	return toks
}

// DefaultMaxLine is the longest line Parse reads unless told otherwise:
// 16 MiB, far beyond any item line Knuth's programs accept (dlx1's buffer
// holds 9 bytes for each of 100,000 items).
const DefaultMaxLine = 16 << 20

// itemNodes is what an item costs while the item line is read, in nodes
// of the matrix (its name, its index entry, header and list entry: about
// 96 bytes).
const itemNodes = 8

// maxWarnings is how many warnings a parse keeps; the rest are only
// counted (Matrix.Ignored).
const maxWarnings = 100

// ParseLimits bounds what ParseContext accepts, so that an input too large
// for the machine is refused before it is built.
type ParseLimits struct {
	// MaxLine is the longest line in bytes (0: DefaultMaxLine).
	MaxLine int
	// MaxNodes is the largest number of nodes of the matrix (0: no limit
	// but the 32-bit links); see MemoryEstimate for the bytes a node takes.
	MaxNodes int
}

// Parse reads a problem in Knuth's format (see ParseContext) with the
// default limits and no deadline.
func Parse(r io.Reader, name string) (*Matrix, error) {
	return ParseContext(context.Background(), r, name, ParseLimits{})
}

// ParseContext reads a problem in the format of Knuth's dlx1, dlx2 and
// dlx3: lines whose first non-blank character is '|' are comments and blank
// lines are skipped; the first other line names the primary items, then
// (optionally) '|' and the secondary items; each later line is an option,
// the names of its items separated by white space. A primary item may carry
// bounds, "lo:hi|name" or "v|name" (v..v), as in dlx3: the number of chosen
// options that hold it must lie in lo..hi (0 ≤ lo ≤ hi, hi ≥ 1). In an
// option a secondary item may carry a colour, "name:c", as in dlx2 (c one
// character there, any but white space, ':' and '|' included; here also a
// longer name without white space, ':' and '|'). Item
// names may hold any bytes but white space, '|' and ':'. A byte-order mark
// at the start is skipped. An option without a primary item is ignored with
// a Warning, as dlx1 ignores it.
//
// Errors are *Error values naming file:line:col: unknown item, item
// declared twice, item twice in one option, a second '|', no items, a
// reserved character, bounds on a secondary item or out of order, a colour
// on a primary item or with no item, a line longer than lim.MaxLine, a
// problem larger than lim.MaxNodes. When ctx ends first ParseContext
// returns ctx.Err(). The complexity is linear in the size of the input.
func ParseContext(ctx context.Context, r io.Reader, name string, lim ParseLimits) (*Matrix, error) {
	ps := &parser{ctx: ctx, name: name, lim: lim}
	if ps.lim.MaxLine <= 0 {
		ps.lim.MaxLine = DefaultMaxLine
	}
	ps.lr = textin.NewReader(r, name, ps.lim.MaxLine)
	if err := ps.itemLine(); err != nil {
		return nil, err
	}
	for {
		line, ok, err := ps.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return ps.build()
		}
		if err := ps.option(line); err != nil {
			return nil, err
		}
	}
}

// parser holds the state of ParseContext.
type parser struct {
	ctx    context.Context
	name   string
	lim    ParseLimits
	lr     *textin.Reader
	lineNo int
	p      *Matrix

	itemsLine         int
	toks              []token
	opt, colors       []int
	st                staged
	seenLine, seenCol []int // the line and column at which item i was last seen
}

// errorf returns an *Error at column col of the current line.
func (ps *parser) errorf(col int, format string, args ...any) error {
	return &Error{File: ps.name, Line: ps.lineNo, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next line that is neither blank nor a comment, false at
// the end of the input.
func (ps *parser) next() (string, bool, error) {
	for {
		if ps.lineNo&4095 == 4095 {
			if err := ps.ctx.Err(); err != nil {
				return "", false, err
			}
		}
		line, ok, err := ps.readLine()
		if err != nil || !ok {
			return "", false, err
		}
		i := 0
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i == len(line) || line[i] == '|' {
			continue
		}
		return string(line), true, nil
	}
}

// readLine reads one line (without its end) of at most lim.MaxLine bytes;
// textin drops a byte-order mark at the start.
func (ps *parser) readLine() ([]byte, bool, error) {
	line, err := ps.lr.Next()
	if err == io.EOF {
		return nil, false, nil
	}
	if err != nil {
		if cerr := ps.ctx.Err(); cerr != nil {
			return nil, false, cerr // a reader that gave up with the context
		}
		return nil, false, err
	}
	ps.lineNo = ps.lr.LineNo()
	return line, true, nil
}

// itemLine reads the item line and makes the problem.
func (ps *parser) itemLine() error {
	line, ok, err := ps.next()
	if err != nil {
		return err
	}
	if !ok {
		if ps.lineNo == 0 {
			ps.lineNo = 1
		}
		return ps.errorf(1, "no items: the file holds no item line")
	}
	toks := fields(line, nil)
	// An item takes its header node, its list entry, its name and its
	// place in the index: about itemNodes nodes' worth of memory.
	names := len(toks)
	for _, t := range toks {
		if t.text == "|" {
			names--
		}
	}
	if ps.lim.MaxNodes > 0 && names > ps.lim.MaxNodes/itemNodes {
		return ps.errorf(1, "problem too large: %d items (about %s) would not fit in the memory allowed",
			names, memlimit.Bytes(uint64(names)*itemNodes*NodeBytes))
	}
	var primary, secondary []string
	var bounds []Bound
	var boundCols []int
	written := false                            // bounds written on a primary item, "1|x" included
	declared := make(map[string]int, len(toks)) // name → column
	bar := 0
	for _, t := range toks {
		if t.text[0] == '|' {
			if bar > 0 {
				return ps.errorf(t.col, "second '|' in the item line (the first is at column %d)", bar)
			}
			bar = t.col
			if t.text = t.text[1:]; t.text == "" {
				continue
			}
			t.col++ // "|X" is the separator, then X, as Knuth's programs read it
		}
		name, b, err := ps.itemName(t, bar > 0)
		if err != nil {
			return err
		}
		if col, dup := declared[name]; dup {
			return ps.errorf(t.col, "item %s declared twice (first at column %d)", clip(name), col)
		}
		declared[name] = t.col
		if bar > 0 {
			secondary = append(secondary, name)
			continue
		}
		primary = append(primary, name)
		written = written || strings.IndexByte(t.text, '|') >= 0
		bounds = append(bounds, b)
		boundCols = append(boundCols, t.col)
	}
	if len(primary) == 0 {
		// Unreachable: a line starting with '|' is a comment.
		return ps.errorf(1, "no primary items")
	}
	p, err := NewMatrix(primary, secondary)
	if err != nil {
		return ps.errorf(1, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
	}
	for i, b := range bounds {
		if err := p.SetBounds(i, b.Lo, b.Hi); err != nil {
			return ps.errorf(boundCols[i], "%s", strings.TrimPrefix(err.Error(), "dlx: "))
		}
	}
	p.boundsWritten = written
	ps.p = p
	ps.itemsLine = ps.lineNo
	ps.seenLine = make([]int, len(p.names)+1)
	ps.seenCol = make([]int, len(p.names)+1)
	return nil
}

// itemName reads one name of the item line, with its bounds for a primary
// item ("lo:hi|name", "v|name", or plain "name" for 1..1).
func (ps *parser) itemName(t token, secondary bool) (string, Bound, error) {
	one := Bound{1, 1}
	if i := strings.Index(t.text, textin.BOM); i >= 0 {
		// A name that begins with it would lose it when written and read
		// again (a mark at the start of a file is dropped).
		return "", one, ps.errorf(t.col+i, "item name %s contains a byte-order mark (U+FEFF), allowed only at the start of the file", clip(t.text))
	}
	k := strings.IndexByte(t.text, '|')
	if k < 0 {
		if c := strings.IndexByte(t.text, ':'); c >= 0 {
			switch {
			case secondary:
				return "", one, ps.errorf(t.col+c, "item name %s contains reserved character ':' (a colour belongs in an option, as %s:c)", clip(t.text), clip(t.text[:c]))
			case c > 0 && allDigits(t.text[:c]):
				return "", one, ps.errorf(t.col+c, "item %s: lower bound without upper bound (write lo:hi|name)", clip(t.text))
			}
			return "", one, ps.errorf(t.col+c, "item name %s contains reserved character ':'", clip(t.text))
		}
		return t.text, one, nil
	}
	if secondary {
		return "", one, ps.errorf(t.col+k, "bounds on secondary item %s: only primary items have bounds", clip(t.text))
	}
	spec, name := t.text[:k], t.text[k+1:]
	if name == "" {
		return "", one, ps.errorf(t.col+k+1, "bounds %s without an item name", clip(t.text))
	}
	if j := strings.IndexAny(name, ":|"); j >= 0 {
		return "", one, ps.errorf(t.col+k+1+j, "item name %s contains reserved character '%c'", clip(name), name[j])
	}
	loText, hiText, twoBounds := strings.Cut(spec, ":")
	if !twoBounds {
		hiText = spec
	}
	hi, err := ps.bound(hiText, t.col+len(spec)-len(hiText), name)
	if err != nil {
		return "", one, err
	}
	lo := hi
	if twoBounds {
		if lo, err = ps.bound(loText, t.col, name); err != nil {
			return "", one, err
		}
	}
	switch {
	case hi == 0:
		return "", one, ps.errorf(t.col, "item %s: upper bound is zero", clip(name))
	case lo > hi:
		return "", one, ps.errorf(t.col, "item %s: lower bound %d exceeds upper bound %d", clip(name), lo, hi)
	}
	return name, Bound{lo, hi}, nil
}

// bound reads one decimal bound at column col.
func (ps *parser) bound(s string, col int, item string) (int, error) {
	if s == "" {
		return 0, ps.errorf(col, "item %s: missing bound (write lo:hi|name or v|name)", clip(item))
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, ps.errorf(col+i, "item %s: %q is not a digit of a bound", clip(item), s[i])
		}
		if v = 10*v + int(s[i]-'0'); v > MaxBound {
			return 0, ps.errorf(col, "item %s: bound %s is larger than %d", clip(item), clipText(s), MaxBound)
		}
	}
	return v, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// option reads one option line and adds it to the problem.
func (ps *parser) option(line string) error {
	p := ps.p
	ps.toks = fields(line, ps.toks)
	ps.opt, ps.colors = ps.opt[:0], ps.colors[:0]
	colorsBefore := len(p.colorNames)
	hasPrimary, colored := false, false
	cost := uint64(0)
	for _, t := range ps.toks {
		if t.text[0] == '|' && t.text != "|" {
			c, err := ps.costToken(t)
			if err != nil {
				return err
			}
			if cost += c; cost > MaxCost {
				return ps.errorf(t.col, "the option's costs add up to more than %d", uint64(MaxCost))
			}
			continue
		}
		i, c, err := ps.entry(t)
		if err != nil {
			return err
		}
		if ps.seenLine[i] == ps.lineNo {
			return ps.errorf(t.col, "item %s twice in one option (first at column %d)", clip(p.names[i-1]), ps.seenCol[i])
		}
		ps.seenLine[i], ps.seenCol[i] = ps.lineNo, t.col
		ps.opt = append(ps.opt, int(i-1))
		ps.colors = append(ps.colors, c)
		hasPrimary = hasPrimary || int(i) <= p.primary
		colored = colored || c != 0
	}
	if !hasPrimary {
		if len(p.warnings) < maxWarnings {
			p.warnings = append(p.warnings, Warning{File: ps.name, Line: ps.lineNo, Col: ps.toks[0].col,
				Msg: "option ignored: it has no primary item"})
		}
		p.ignored++
		// The colours that only this option named are forgotten with it.
		for _, name := range p.colorNames[colorsBefore:] {
			delete(p.colorIndex, name)
		}
		p.colorNames = p.colorNames[:colorsBefore]
		return nil
	}
	// The matrix will hold the headers, the entries so far and a spacer
	// after each option; what is read is kept as 4 bytes an entry until
	// the end, when the matrix is allocated once at its size.
	nodes := len(p.nodes) + ps.st.entries + ps.st.options + len(ps.opt) + 1
	if nodes > maxNodes || (ps.lim.MaxNodes > 0 && nodes > ps.lim.MaxNodes) {
		most := min(maxNodes, ps.lim.MaxNodes)
		if most <= 0 {
			most = maxNodes
		}
		return ps.errorf(ps.toks[0].col, "problem too large: more than %d nodes (%s) would not fit in the memory allowed",
			most, memlimit.Bytes(uint64(most)*NodeBytes))
	}
	if len(ps.opt) == 0 {
		return ps.errorf(ps.toks[0].col, "an option of costs only")
	}
	ps.st.add(ps.opt, ps.colors, colored)
	if cost != 0 && ps.st.costs == nil {
		ps.st.costs = make([]uint64, ps.st.options-1, max(ps.st.options, 1024))
	}
	if ps.st.costs != nil {
		ps.st.costs = append(ps.st.costs, cost)
	}
	return nil
}

// staged holds the options read so far, before the matrix is built:
// their entries (item numbers, 0-based) in chunks of fixed size, each
// option followed by -1, and their colours in parallel chunks once some
// option has a colour. Fixed chunks grow without copying, so that the
// reader never holds a half-grown copy of a large array.
type staged struct {
	items, colors [][]int32
	costs         []uint64 // the options' costs; nil while all are 0
	n             int      // values stored, terminators included
	entries       int
	options       int
	colored       bool
}

// stageChunk is the number of values in one chunk of staged (4 MiB).
const stageChunk = 1 << 20

func (st *staged) push(item, color int32) {
	if st.n%stageChunk == 0 {
		st.items = append(st.items, make([]int32, stageChunk))
		if st.colored {
			st.colors = append(st.colors, make([]int32, stageChunk))
		}
	}
	k, j := st.n/stageChunk, st.n%stageChunk
	st.items[k][j] = item
	if st.colored {
		st.colors[k][j] = color
	}
	st.n++
}

// add stages one option.
func (st *staged) add(opt, colors []int, colored bool) {
	if colored && !st.colored {
		st.colored = true
		for range st.items {
			st.colors = append(st.colors, make([]int32, stageChunk))
		}
	}
	for j, i := range opt {
		st.push(int32(i), int32(colors[j]))
	}
	st.push(-1, 0)
	st.entries += len(opt)
	st.options++
}

// build allocates the matrix at its exact size and links the staged
// options into it, checking the context as it goes.
func (ps *parser) build() (*Matrix, error) {
	p, st := ps.p, &ps.st
	p.Grow(st.options, st.entries)
	if st.colored {
		p.colors = make([]int32, len(p.nodes), cap(p.nodes))
	}
	p.first = growTo(p.first, st.options)
	var opt, colors []int
	for v := 0; v < st.n; v++ {
		k, j := v/stageChunk, v%stageChunk
		if j == 0 && k > 0 {
			st.items[k-1] = nil // done with that chunk
			if st.colored {
				st.colors[k-1] = nil
			}
			if err := ps.ctx.Err(); err != nil {
				return nil, err
			}
		}
		i := st.items[k][j]
		if i >= 0 {
			opt = append(opt, int(i))
			if st.colored {
				colors = append(colors, int(st.colors[k][j]))
			}
			continue
		}
		if !st.colored {
			colors = nil
		}
		p.addOption(opt, colors)
		opt, colors = opt[:0], colors[:0]
	}
	p.costs = st.costs
	*st = staged{}
	return p, nil
}

// entry reads one item of an option, "name" or "name:colour", and returns
// the item's number (1-based) and its colour (0: none).
func (ps *parser) entry(t token) (int32, int, error) {
	p := ps.p
	if i, known := p.index[t.text]; known {
		return i, 0, nil
	}
	name, color, hasColor := strings.Cut(t.text, ":")
	if k := strings.IndexByte(name, '|'); k >= 0 {
		// Only the item's name: a colour of one character may be '|'.
		if t.text == "|" {
			return 0, 0, ps.errorf(t.col, "'|' in an option (only the item line separates primary from secondary items)")
		}
		return 0, 0, ps.errorf(t.col+k, "item %s contains reserved character '|'", clip(t.text))
	}
	if !hasColor {
		return 0, 0, ps.errorf(t.col, "unknown item %s (not in the item line, line %d)", clip(t.text), ps.itemsLine)
	}
	ccol := t.col + len(name) // the column of ':'
	switch i, known := p.index[name]; {
	case name == "":
		return 0, 0, ps.errorf(t.col, "colour %s with no item before ':'", clip(t.text))
	case !known:
		return 0, 0, ps.errorf(t.col, "unknown item %s (not in the item line, line %d)", clip(name), ps.itemsLine)
	case int(i) <= p.primary:
		return 0, 0, ps.errorf(ccol, "primary item %s cannot have a colour (only secondary items have colours)", clip(name))
	case color == "":
		return 0, 0, ps.errorf(ccol+1, "empty colour after %s:", clip(name))
	default:
		c, err := p.Color(color)
		if err != nil {
			return 0, 0, ps.errorf(ccol+1, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
		}
		return i, c, nil
	}
}

// clip quotes a name for a message, cut to a readable length.
func clip(s string) string {
	const most = 40
	if len(s) > most {
		return strconv.Quote(s[:most]) + "…"
	}
	return strconv.Quote(s)
}

// clipText is s cut to a readable length, unquoted.
func clipText(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}
