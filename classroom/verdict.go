package classroom

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// Verdict is what the board checker says of queens placed by hand.
type Verdict struct {
	Legal    bool   `json:"legal"`
	Complete bool   `json:"complete"`
	Queens   int    `json:"queens"`
	Message  string `json:"message"`
	// Pair are the two squares the checker names when the placement is
	// illegal: two queens that attack each other.
	Pair []Square `json:"pair,omitempty"`
}

var squareRE = regexp.MustCompile(`\((\d+),(\d+)\)`)

// Judge checks queens on an n×n board with the checker of qtool check: the
// squares are written as a grid board file and read back by
// encode.ParseBoard, which refuses two queens on a row, a column or a
// diagonal and names both squares; Pair holds those two squares. A square
// off the board or given twice is an error.
func Judge(n int, queens []Square) (Verdict, error) {
	if n < 1 || n > MaxN {
		return Verdict{}, errors.New("classroom: n must be 1 to " + strconv.Itoa(MaxN) + ", got " + strconv.Itoa(n))
	}
	if len(queens) > n*n {
		return Verdict{}, errors.New("classroom: more queens than squares")
	}
	seen := make(map[Square]bool, len(queens))
	for _, q := range queens {
		if q[0] < 0 || q[0] >= n || q[1] < 0 || q[1] >= n {
			return Verdict{}, errors.New("classroom: square (" + strconv.Itoa(q[0]) + "," + strconv.Itoa(q[1]) + ") is off the board")
		}
		if seen[q] {
			return Verdict{}, errors.New("classroom: square (" + strconv.Itoa(q[0]) + "," + strconv.Itoa(q[1]) + ") is given twice")
		}
		seen[q] = true
	}
	const name = "board.txt"
	b, err := encode.ParseBoard(strings.NewReader(GridText(n, queens)), name)
	if err != nil {
		if !errors.Is(err, encode.ErrInvalidBoard) {
			return Verdict{}, err
		}
		msg := err.Error()
		if i := strings.Index(msg, name+":"); i >= 0 {
			rest := msg[i+len(name)+1:]
			// drop "line:col: "
			for k := 0; k < 2; k++ {
				if j := strings.IndexByte(rest, ':'); j >= 0 {
					rest = rest[j+1:]
				}
			}
			msg = strings.TrimSpace(rest)
		}
		msg = strings.TrimPrefix(msg, "encode: ")
		v := Verdict{Queens: len(queens), Message: "illegal: " + msg}
		for _, m := range squareRE.FindAllStringSubmatch(msg, 2) {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			v.Pair = append(v.Pair, Square{r, c})
		}
		return v, nil
	}
	v := Verdict{Legal: true, Queens: b.Given()}
	v.Complete = v.Queens == n
	switch {
	case v.Complete:
		v.Message = "legal: a complete solution, " + strconv.Itoa(n) + " queens and none attacked"
	case v.Queens == 1:
		v.Message = "legal: 1 queen, " + strconv.Itoa(n-1) + " rows to fill"
	default:
		v.Message = "legal: " + strconv.Itoa(v.Queens) + " queens, none attacked; " + strconv.Itoa(n-v.Queens) + " rows to fill"
	}
	return v, nil
}
