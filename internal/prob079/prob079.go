// Package prob079 reads testdata/csplib-prob079/answers.tsv: the 24
// published Excluded Diagonals instances of Gent, Jefferson and
// Nightingale (CSPLib problem 079, JAIR 59, 2017), their completion
// boards, answers and the published solver's figures, for the tests.
package prob079

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Instance is one row of answers.tsv.
type Instance struct {
	Board       string // the .qpos completion board, relative to the directory
	N, Given    int    // its order and queens given
	Free        int    // the free rows: the order of the original instance
	Sat         bool
	Completions uint64
	Nodes       uint64  // shiftqueens' nodes
	Seconds     float64 // shiftqueens' seconds
	Param       string  // the .param file, relative to the directory
	Diagonals   int     // the excluded diagonals the published run used
}

// Read reads answers.tsv at path.
func Read(path string) ([]Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Instance
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		w := strings.Split(sc.Text(), "\t")
		if len(w) != 10 {
			return nil, fmt.Errorf("prob079: %s:%d: %d fields, want 10", path, line, len(w))
		}
		var in Instance
		var errs [8]error
		in.Board, in.Param = w[0], w[8]
		in.N, errs[0] = strconv.Atoi(w[1])
		in.Given, errs[1] = strconv.Atoi(w[2])
		in.Free, errs[2] = strconv.Atoi(w[3])
		in.Sat = w[4] == "sat"
		in.Completions, errs[3] = strconv.ParseUint(w[5], 10, 64)
		in.Nodes, errs[4] = strconv.ParseUint(w[6], 10, 64)
		in.Seconds, errs[5] = strconv.ParseFloat(w[7], 64)
		in.Diagonals, errs[6] = strconv.Atoi(w[9])
		if w[4] != "sat" && w[4] != "unsat" {
			errs[7] = fmt.Errorf("answer %q", w[4])
		}
		for _, e := range errs {
			if e != nil {
				return nil, fmt.Errorf("prob079: %s:%d: %v", path, line, e)
			}
		}
		rows = append(rows, in)
	}
	return rows, sc.Err()
}
