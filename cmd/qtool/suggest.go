package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/nearest"
)

// didYouMean is " (did you mean x?)", " (did you mean x or y?)", or "".
func didYouMean(s string, known []string, prefix string) string {
	near := nearest.Names(s, known)
	if len(near) == 0 {
		return ""
	}
	for i := range near {
		near[i] = prefix + near[i]
	}
	if len(near) == 1 {
		return " (did you mean " + near[0] + "?)"
	}
	return " (did you mean " + strings.Join(near[:len(near)-1], ", ") + " or " + near[len(near)-1] + "?)"
}

// findBackend finds a registered backend by name, case ignored; an
// unknown name is an error that suggests the nearest names and points to
// qtool help backends.
func findBackend(name string) (backend.Backend, error) {
	if b, err := backend.LookupFold(name); err == nil {
		return b, nil
	}
	return nil, fmt.Errorf("unknown backend %q%s; qtool help backends lists them", name, didYouMean(name, backend.Names(), ""))
}

// unknownFlag adds a suggestion to the flag package's "flag provided but
// not defined: -x" message, "" when it is not that message.
func unknownFlag(fs *flag.FlagSet, msg string) string {
	name, ok := strings.CutPrefix(msg, "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var known []string
	fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
	return msg + didYouMean(name, known, "--")
}

// backendGroups lists the registered backends for the help, grouped
// (backend.Groups): each SAT solver with its at-most-one encodings.
func backendGroups() []string {
	var fams []backend.Family
	encs := encode.AMOEncodings()
	for _, solver := range experiments.SATSolvers() {
		fams = append(fams, backend.Family{Solver: solver, Base: strings.TrimSuffix(experiments.SATBackendName(solver, encs[0]), "-"+encs[0].String())})
	}
	return backend.Groups(fams)
}

// backendsHelp is qtool help backends.
func backendsHelp() string {
	var b strings.Builder
	b.WriteString("Backends (names are case-insensitive)\n\n")
	g := backendGroups()
	var encs []string
	for _, a := range encode.AMOEncodings() {
		encs = append(encs, a.String())
	}
	fmt.Fprintf(&b, "Built in:\n  %s\n\nSAT solvers, one backend per at-most-one encoding ENC (SOLVER alone: %s):\n", wrapList(g[0], 76, "  "), encode.DefaultAMO)
	for _, l := range g[1:] {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	fmt.Fprintf(&b, "  ENC: %s\n", wrapList(strings.Join(encs, ", "), 70, "       "))
	b.WriteString("\nThe table of what each can do (count, find, complete a board, prove none) is in the README.\n")
	return b.String()
}

// wrapList wraps a comma-separated list at width, indenting the lines
// after the first.
func wrapList(s string, width int, indent string) string {
	var out strings.Builder
	col := 0
	for i, w := range strings.Split(s, ", ") {
		if i > 0 {
			out.WriteString(",")
			col++
			if col+1+len(w) > width {
				out.WriteString("\n" + indent)
				col = len(indent)
			} else {
				out.WriteString(" ")
				col++
			}
		}
		out.WriteString(w)
		col += len(w)
	}
	return out.String()
}

// backendFlagHelp is the help of --backend for mode: where the names
// are listed, and the default, described from backend.Default itself.
func backendFlagHelp(mode backend.Mode) string {
	return "backend `B` (qtool help backends lists them; case does not matter); default: " + backend.DescribeDefault(mode)
}
