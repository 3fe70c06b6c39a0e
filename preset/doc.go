// Package preset holds the prepared experiments of qtool bench (--preset
// NAME): each is a Preset registered by name from the file that builds
// it, so that adding one is one file plus its test; the command line's
// --preset help, the list in its errors and the refusal of another
// preset's flags all come from the registry (Names, Lookup, Check).
//
// A Preset turns Options (the values of the flags its command line
// gives, and which of them were set) into an experiments.Spec; the
// settings common to every experiment (repeats, time limit, workers, the
// reference table) are given by Options.Settle. It may give the report a
// results.Summary of its own and choose the records of its plot
// (Prepare).
//
// Build is the whole of qtool bench's experiment from its options: a
// preset's, the main experiment (experiments.DefaultSpec), or the one
// Grid of --mode, --n or --boards, --backends and --problem, each with
// the settings of its runs.
//
// The presets here:
//
//   - completion: the phase transition of n-queens completion, random
//     boards with δ free rows decided by every complete backend (Gent,
//     Jefferson and Nightingale, "Complexity of n-Queens Completion",
//     JAIR 59, 2017, doi:10.1613/jair.5512);
//   - diagonals: the same authors' Excluded Diagonals experiment
//     (CSPLib prob079, their queens-diag-gen instances);
//   - peers: every family of solver side by side (ours, the SAT
//     programs, Gecode, clasp, CBC, GLPK and exec:PROGRAM backends) on
//     completion boards, a count and first solutions (Peers);
//   - sat: the SAT solvers and at-most-one encodings side by side on
//     first solutions and completion boards, with its own tables
//     (SATSummary);
//   - xcover: every exact-cover algorithm of package dlx on the queens
//     matrix, pentominoes and the generated xcc, mcc and cost families,
//     a preset that measures itself (Preset.Run, Xcover).
//
// Errors are prefixed "preset: "; an error of an option's value is a
// *SettingError.
package preset
