package results_test

import (
	"time"

	"github.com/qtool-project/qtool/results"
)

// fixture is a deterministic report input exercising every kind of cell:
// repeats with spread, a base and faster and slower backends, a wrong count,
// a timeout, an error, a backend that skips a problem, an incomplete method
// that gives up, boards from files, and names full of LaTeX and Markdown
// specials.
func fixture() ([]results.Env, []results.Record) {
	env := fixtureEnv(time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC),
		map[string]string{"repeats": "3", "timeout": "10s", "reference": "testdata/nqueens-counts.tsv"})
	var recs []results.Record
	add := func(p results.Problem, backend, mode string, answer, nodes uint64, st results.Status, msg string, secs ...float64) {
		for i, s := range secs {
			recs = append(recs, results.Record{Problem: p, Backend: backend, Mode: mode, Repeat: i,
				Answer: answer, Nodes: nodes, Seconds: s, Status: st, Message: msg})
		}
	}
	counts := map[int]uint64{4: 2, 5: 10, 6: 4, 7: 40}
	for n := 4; n <= 7; n++ {
		p := results.Problem{N: n}
		f := float64(n - 3)
		add(p, "backtrack", "count", counts[n], 100*uint64(n), results.OK, "", 1e-5*f, 1.1e-5*f, 0.95e-5*f)
		add(p, "bitmask", "count", counts[n], 50*uint64(n), results.OK, "", 1e-6*f, 1.02e-6*f, 0.99e-6*f)
		switch n {
		case 5:
			add(p, "sat_pairwise&co", "count", 11, 0, results.OK, "", 1e-3, 1.1e-3, 0.9e-3)
		case 6:
			add(p, "sat_pairwise&co", "count", counts[n], 0, results.Mismatch, `counted 5, reference 4 {"$%#^~\}`, 2e-3, 2.1e-3, 1.9e-3)
		case 7:
			add(p, "sat_pairwise&co", "count", 0, 0, results.Timeout, "time limit 10s reached", 10.001)
		default:
			add(p, "sat_pairwise&co", "count", counts[n], 0, results.OK, "", 1.0e-5*f, 1.3e-5*f, 0.7e-5*f)
		}
	}
	// One repeat only: a ratio that cannot be tested.
	add(results.Problem{N: 8}, "backtrack", "count", 92, 2057, results.OK, "", 2e-4)
	add(results.Problem{N: 8}, "bitmask", "count", 92, 1000, results.OK, "", 1e-5)
	for _, n := range []int{1000, 10000} {
		p := results.Problem{N: n}
		f := float64(n) / 1000
		add(p, "minconflicts", "first", 1, 0, results.OK, "", 1e-3*f, 1.2e-3*f, 1.1e-3*f)
		add(p, "construct", "first", 1, 0, results.OK, "", 1e-5*f, 1e-5*f, 1.01e-5*f)
	}
	add(results.Problem{N: 100000}, "minconflicts", "first", 0, 0, results.Unknown, "gave up after 1000000 steps", 3.5)
	add(results.Problem{N: 100000}, "construct", "first", 1, 0, results.OK, "", 1e-3, 1.1e-3, 1.05e-3)
	b1 := results.Problem{N: 8, Board: "b#1_x.txt", Hash: "sha256:00aa11bb22cc"}
	b2 := results.Problem{N: 8, Board: "b2.txt", Hash: "sha256:ffee00112233"}
	add(b1, "backtrack", "complete", 1, 30, results.OK, "", 3e-6, 3.1e-6)
	add(b1, "dlx", "complete", 1, 20, results.Error, "dlx: out of memory", 0.5)
	add(b2, "backtrack", "complete", 0, 12, results.OK, "", 2e-6, 2.5e-6)
	add(b2, "dlx", "complete", 0, 10, results.OK, "", 5e-6, 6e-6)
	for i := range recs {
		if recs[i].Backend == "bitmask" {
			recs[i].Runs = 4096 // fast: timed over many back-to-back runs
		}
	}
	return []results.Env{env}, recs
}

// fixtureEnv is the machine of the fixtures, measured at date with the
// given settings.
func fixtureEnv(date time.Time, settings map[string]string) results.Env {
	return results.Env{
		GoVersion: "go1.26.0", OS: "linux", Arch: "amd64", CPU: "Test CPU @ 2.00GHz", Cores: 2,
		Commit: "0123456789ab", Date: date, Seed: 1, Settings: settings,
	}
}
