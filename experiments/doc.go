// Package experiments runs interchangeable n-queens backends over grids of
// problems, repeats and timeouts, checks every answer, and logs what it
// measured for the results package.
//
// The solvers are the backends of package backend, registered by name
// from their adapter packages (backend/all imports every one); the runner
// picks them by name or by task (ForTask), asks backend.Admit whether a
// backend can take a cell (SupportsProblem) and runs it through
// backend.Solve.
//
// A Spec is the design of an experiment: one or more Grids, each a Task
// (count all solutions, find one, complete a board with queens already
// placed, or decide whether it can be completed) over backends and
// problems (an n range, boards read from a directory of files, or random
// instances), plus repeats, a time limit per run, a seed and an optional
// Reference table of counts. Completion describes the phase-transition
// experiment of n-queens completion (Gent, Jefferson and Nightingale, JAIR
// 59, 2017): random instances per n and free rows δ, made by
// encode.Generate, decided by every complete backend. A Runner measures the cells of the
// grids in a fixed order — grid, problem, repeat, backend — each run under
// its own context and deadline, and checks every answer: each placement a
// backend returns is re-checked by encode.Verify, and each count of an
// empty board against the reference table when one is given. Counts are
// also compared across backends and across repeats when the records are
// summarised (results.NewReport), so that a disagreement is reported as
// MISMATCH whether or not a reference is known. A run that reaches its time
// limit is recorded as a timeout, never as a time; a backend that cannot
// do a task or a problem is skipped. Each record is handed to a log as soon
// as it is measured (OpenLog keeps them as JSON lines), so that an
// interrupted experiment loses nothing and can be resumed, measuring only
// what the log lacks: a Session does all of that for one spec, refusing to
// resume a log measured with other settings (CheckResume).
package experiments
