// Package results records what a benchmark measured and turns the records
// into tables, statistics and plots.
//
// A Record is one measured run: a problem (the order n and, for a board
// with queens already placed, its file name and a digest of its queens), a
// backend, a mode, a repeat, the answer, the nodes searched, the seconds
// and a Status. An Env describes the machine and the build that measured
// it. Records are kept as JSON lines (see Log and ReadLog), one line per
// record written as soon as it is measured, and are read back to render a
// Report again without measuring anything.
//
// NewReport groups the records into one Table per mode: a row per problem,
// a column per backend. Each cell summarises the repeats of one run in the
// manner of benchstat: the median time and the half-width of the 95 %
// confidence interval of the mean (Student's t over the repeats) as a
// percentage of the median, "1.23ms ±4%". Each backend is compared with a
// base backend: the ratio of the medians, "×0.05", or "~" when the
// difference is not significant by Welch's t-test on the logarithms of the
// times at the 5 % level (each side needs at least two repeats). The
// answers in a row are cross-checked: when two backends, or two repeats of
// one backend, disagree, the cells that differ from the majority (all of
// them when there is none) become MISMATCH; a mismatch is never averaged
// away. The last line of a table is the geometric mean of each column
// over the rows where it and the base both have times, and of the ratios.
//
// A table of mode "decide" (is there a completion of the given queens?)
// has rows for thousands of random instances; it is shown as its
// Solubility instead: the instances grouped by n and free rows δ, the
// fraction that can be completed with Wilson's 95 % interval, each
// backend's median time (a timeout ranking above every time), and per n
// the δ²/n at which the fraction crosses 1/2 (HalfCrossing), next to the
// published fit of Gent, Jefferson and Nightingale (PublishedHalfSoluble).
// A decide table of Excluded Diagonals instances (empty boards with
// diagonals excluded, the same authors' other experiment) is shown as its
// Excluded summary: the instances grouped by n and the number d of
// excluded diagonals, the fraction satisfiable, each backend's median time
// and nodes, and per n the d at which the fraction crosses 1/2 and the d
// of each backend's largest median cost, plotted against d/n.
//
// A Report renders as aligned text, Markdown, CSV (tidy:
// one line per record, for pandas or R), LaTeX (booktabs tabulars, ready to
// \input) and JSON, and plots seconds against n on a log scale (with
// gonum/plot), a panel per mode and a line per backend, error bars
// spanning the fastest and slowest repeat; a decide table plots the
// fraction soluble and the median times against δ²/n.
//
// The statistics are standard; see Welch, "The generalization of
// 'Student's' problem when several different population variances are
// involved", Biometrika 34 (1947), doi:10.1093/biomet/34.1-2.28, and for
// the presentation golang.org/x/perf/cmd/benchstat.
package results
