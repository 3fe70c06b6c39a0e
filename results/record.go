package results

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"time"
)

// Status is how one measured run ended.
type Status int

const (
	// OK: the run finished and its answer passed every check.
	OK Status = iota
	// Timeout: the run reached its time limit; it has no answer.
	Timeout
	// Error: the backend failed.
	Error
	// Mismatch: the answer failed a check (an invalid placement, a count
	// that differs from the reference or from other runs).
	Mismatch
	// Unknown: an incomplete method gave up without an answer.
	Unknown
	// Refused: the backend declined the problem before running, because
	// it would not fit in the memory the run may use (backend.ErrTooBig);
	// no answer, and no failure either.
	Refused
)

var statusNames = [...]string{OK: "ok", Timeout: "timeout", Error: "error", Mismatch: "mismatch", Unknown: "unknown", Refused: "refused"}

// String returns the status's name: ok, timeout, error, mismatch, unknown
// or refused.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// ParseStatus is the inverse of Status.String.
func ParseStatus(s string) (Status, error) {
	for i, name := range statusNames {
		if s == name {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("results: unknown status %q (want ok, timeout, error, mismatch, unknown or refused)", s)
}

// MarshalText writes the status by name.
func (s Status) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(statusNames) {
		return nil, fmt.Errorf("results: invalid status %d", int(s))
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText reads a status by name.
func (s *Status) UnmarshalText(b []byte) error {
	v, err := ParseStatus(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// severity orders the statuses for a cell that summarises several runs:
// the worst one wins.
func (s Status) severity() int {
	switch s {
	case Mismatch:
		return 5
	case Error:
		return 4
	case Timeout:
		return 3
	case Refused:
		return 2
	case Unknown:
		return 1
	}
	return 0
}

// Problem identifies what was solved: the empty n×n board (Board and Hash
// empty), or a board with queens already placed, read from a file or made
// by a random instance generator.
type Problem struct {
	N     int    `json:"n"`
	Board string `json:"board,omitempty"` // the board file's name, or the generated instance's
	Hash  string `json:"hash,omitempty"`  // a digest of the given queens
	// Given is the number of queens on the board. K is, for a generated
	// instance, the number of queens the generator was asked to place (it
	// may place fewer), and 0 for a board that was not generated.
	Given int `json:"given,omitempty"`
	K     int `json:"k,omitempty"`
	// Variant is the problem when it is not plain n-queens (encode.Variant's
	// name: toroidal, domination, …); empty for n-queens, so that older
	// logs read as before. Diagonals is the number of excluded diagonals
	// and Blocked of blocked squares of the board.
	Variant   string `json:"problem,omitempty"`
	Diagonals int    `json:"diagonals,omitempty"`
	Blocked   int    `json:"blocked,omitempty"`
	// Pawns is the number of pawns of the queens+pawns problem.
	Pawns int `json:"pawns,omitempty"`
	// Army is the pieces of the pieces problem ("K=2,Q=1": encode.Army).
	Army string `json:"army,omitempty"`
}

// Free is the number of free rows δ by which a decide table groups the
// problem: n − K for a generated instance (the δ the experiment asked
// for, whatever the generator managed to place), else n − Given.
func (p Problem) Free() int {
	if p.K > 0 {
		return p.N - p.K
	}
	return p.N - p.Given
}

// String names the problem: "n=8", or "board.txt (n=8)".
func (p Problem) String() string {
	v := ""
	if p.Variant != "" {
		v = p.Variant + " "
	}
	if p.Board == "" && p.Hash == "" {
		return fmt.Sprintf("%sn=%d", v, p.N)
	}
	return fmt.Sprintf("%s%s (n=%d)", v, p.Board, p.N)
}

// less orders problems by n, then board name, then digest.
func (p Problem) less(q Problem) bool {
	if p.Variant != q.Variant {
		return p.Variant < q.Variant
	}
	if p.N != q.N {
		return p.N < q.N
	}
	if p.Board != q.Board {
		return p.Board < q.Board
	}
	if p.Hash != q.Hash {
		return p.Hash < q.Hash
	}
	if p.Given != q.Given {
		return p.Given < q.Given
	}
	return p.K < q.K
}

// Record is one measured repeat: one run of a backend on a problem, or
// for a fast backend several runs back to back, timed together so that the
// clock's resolution and the first run's costs do not dominate (as
// testing.B does). CPU is the processor time (user + system) of one run,
// in seconds: qtool's own and that of the programs it ran and waited for
// (a peer's, an exec: backend's), the mean over Runs; 0 where it was not
// measured. A report whose environment sets clock=processor shows it
// instead of Seconds.
type Record struct {
	Problem
	Backend string  `json:"backend"`
	Mode    string  `json:"mode"`              // count, first, complete or decide
	Repeat  int     `json:"repeat"`            // 0-based
	Answer  uint64  `json:"answer"`            // solutions counted, or found
	Nodes   uint64  `json:"nodes"`             // search nodes, 0 where the backend does not count them
	Seconds float64 `json:"seconds"`           // wall-clock time of one run: the mean over Runs back-to-back runs
	CPU     float64 `json:"cpu,omitempty"`     // processor time of one run (above)
	Runs    int     `json:"runs,omitempty"`    // back-to-back runs timed together; 0 means 1
	Status  Status  `json:"status"`            // how it ended
	Message string  `json:"message,omitempty"` // why, for any status but ok
}

// Key identifies a run: the same key measured twice is the same
// measurement. The board's name is not part of it (its digest is).
type Key struct {
	Variant string
	N       int
	Hash    string
	Backend string
	Mode    string
	Repeat  int
}

// Key returns the record's key.
func (r Record) Key() Key {
	return Key{Variant: r.Variant, N: r.N, Hash: r.Hash, Backend: r.Backend, Mode: r.Mode, Repeat: r.Repeat}
}

// Env describes where and when records were measured.
type Env struct {
	GoVersion string            `json:"go"`
	OS        string            `json:"goos"`
	Arch      string            `json:"goarch"`
	CPU       string            `json:"cpu,omitempty"`
	Cores     int               `json:"cores"`
	Commit    string            `json:"commit,omitempty"`
	Date      time.Time         `json:"date"`
	Seed      int64             `json:"seed"`
	Settings  map[string]string `json:"settings,omitempty"` // e.g. repeats, timeout, reference
}

// CurrentEnv describes this process as the Go runtime knows it: Go
// version, OS and architecture, the number of logical cores and the
// current time in UTC. The CPU model and the commit, which take a look at
// the system, are the caller's to fill in (the command line does, from
// its machine probe).
func CurrentEnv(seed int64) Env {
	return Env{
		GoVersion: runtime.Version(),
		OS:        runtime.GOOS,
		Arch:      runtime.GOARCH,
		Cores:     runtime.NumCPU(),
		Date:      time.Now().UTC().Truncate(time.Second),
		Seed:      seed,
	}
}

// envLines lists the environments as "key: value" pairs in a fixed order;
// a key whose value differs between sessions lists every distinct value.
func envLines(envs []Env) [][2]string {
	if len(envs) == 0 {
		return nil
	}
	var lines [][2]string
	add := func(key string, get func(Env) string) {
		var vals []string
		seen := map[string]bool{}
		for _, e := range envs {
			v := get(e)
			if v == "" || seen[v] {
				continue
			}
			seen[v] = true
			vals = append(vals, v)
		}
		if len(vals) > 0 {
			lines = append(lines, [2]string{key, strings.Join(vals, ", ")})
		}
	}
	add("goos", func(e Env) string { return e.OS })
	add("goarch", func(e Env) string { return e.Arch })
	add("cpu", func(e Env) string { return e.CPU })
	add("cores", func(e Env) string { return fmt.Sprint(e.Cores) })
	add("go", func(e Env) string { return e.GoVersion })
	add("commit", func(e Env) string { return e.Commit })
	add("date", func(e Env) string {
		if e.Date.IsZero() {
			return ""
		}
		return e.Date.UTC().Format(time.RFC3339)
	})
	add("seed", func(e Env) string { return fmt.Sprint(e.Seed) })
	keys := map[string]bool{}
	for _, e := range envs {
		for k := range e.Settings {
			keys[k] = true
		}
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		add(k, func(e Env) string { return e.Settings[k] })
	}
	return lines
}

// Dedupe drops the records that measure again a run already recorded: the
// same Key and the same board name. The later record of a run supersedes
// the earlier one (a log appended to by a new session that measured it
// again), so that a run counts once in the statistics and never becomes
// an extra repeat. It returns the records kept, in their order, and the
// number dropped.
func Dedupe(recs []Record) ([]Record, int) {
	type id struct {
		Key
		board string
	}
	last := make(map[id]int, len(recs))
	for i, r := range recs {
		last[id{r.Key(), r.Board}] = i
	}
	if len(last) == len(recs) {
		return recs, 0
	}
	kept := make([]Record, 0, len(last))
	for i, r := range recs {
		if last[id{r.Key(), r.Board}] == i {
			kept = append(kept, r)
		}
	}
	return kept, len(recs) - len(kept)
}
