package export

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// DLX writes the model as a generalized exact-cover problem in the format
// of Knuth's dlx1 and dlx3 (TAOCP 7.2.2.1; encode.Model.Cover): a primary
// item per line that must hold exactly one piece, "lo:hi|name" for a line
// with other bounds that needs a piece, a secondary item per line that may
// hold at most one, and one option per free square. It returns the
// options by their items (sorted, joined by spaces), for reading a
// solver's answer back.
func DLX(w io.Writer, m *encode.Model) (map[string]int32, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.str(comments("| ", Describe(m)))
	options := map[string]int32{}
	if why := infeasible(m); why != "" {
		e.printf("| no solution: %s\ninfeasible\n", why)
	} else {
		cv := m.Cover()
		var primary, secondary []string
		for i, it := range cv.Items {
			switch {
			case i < cv.Primary:
				primary = append(primary, it.Name)
			case i < cv.Primary+cv.Multiple && it.Lo == it.Hi:
				primary = append(primary, fmt.Sprintf("%d|%s", it.Lo, it.Name))
			case i < cv.Primary+cv.Multiple:
				primary = append(primary, fmt.Sprintf("%d:%d|%s", it.Lo, it.Hi, it.Name))
			default:
				secondary = append(secondary, it.Name)
			}
		}
		if len(primary) == 0 {
			// Nothing must be covered: an item that may stay uncovered, so
			// that the format has a primary item; the empty set solves it.
			primary = append(primary, "0:1|none")
		}
		e.str(strings.Join(primary, " "))
		if len(secondary) > 0 {
			e.str(" | " + strings.Join(secondary, " "))
		}
		e.str("\n")
		for i, o := range cv.Options {
			names := make([]string, len(o))
			for k, it := range o {
				names[k] = cv.Items[it].Name
			}
			e.str(strings.Join(names, " ") + "\n")
			sort.Strings(names)
			options[strings.Join(names, " ")] = int32(i)
		}
	}
	if e.err != nil {
		return nil, e.err
	}
	return options, bw.Flush()
}
