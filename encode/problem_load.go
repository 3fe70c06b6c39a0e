package encode

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// ProblemSpec is a problem as qtool's count and solve name it: a variant
// with its options, and an empty board of order N or a board file. Its
// errors speak of the options by their command-line names (--problem,
// --pieces, --pawns, --diagonals, -n, --board), each prefixed "encode: ".
type ProblemSpec struct {
	// Variants says that the spec names a variant; without it the
	// problem is n-queens and the variant's options are not read.
	Variants bool
	// VariantName is the variant's name (ParseVariant), Pieces the counts of
	// the pieces problem ("Q=3,N=3"), Pawns the number of pawns of
	// queens+pawns, Diagonals how many excluded diagonals of a prob079
	// board file to keep.
	VariantName string
	Pieces      string
	Pawns       int
	Diagonals   int
	// N is the order of an empty board, or the order a board file must
	// have; Board the path of the board file as given ("" for none).
	N     int
	Board string
	// Set names the options given ("problem", "pieces", "pawns",
	// "diagonals", "n"): an option left out keeps its default.
	Set map[string]bool
}

// VariantNames lists the names of the variants, comma-separated.
func VariantNames() string {
	var names []string
	for _, v := range AllVariants() {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}

// Variant returns the problem the spec names, without its board.
func (s ProblemSpec) Variant() (Problem, error) {
	var prob Problem
	if !s.Variants {
		return prob, nil
	}
	v, err := ParseVariant(s.VariantName)
	if err != nil {
		return prob, fmt.Errorf("encode: --problem %q: want one of %s", s.VariantName, VariantNames())
	}
	if s.Set["diagonals"] && s.Diagonals < 0 {
		return prob, fmt.Errorf("encode: --diagonals must be 0 or more, got %d", s.Diagonals)
	}
	if s.Set["pieces"] {
		if s.Set["problem"] && v != MixedPieces {
			return prob, fmt.Errorf("encode: --pieces applies to --problem pieces, not %v", v)
		}
		a, err := ParseArmy(s.Pieces)
		if err != nil {
			return prob, fmt.Errorf("encode: --pieces %q: %s", s.Pieces, strings.TrimPrefix(err.Error(), "encode: "))
		}
		v, prob.Counts = MixedPieces, a
	} else if v == MixedPieces {
		return prob, errors.New("encode: --problem pieces needs --pieces COUNTS, e.g. --pieces Q=3,N=3")
	}
	prob.Variant = v
	if s.Set["pawns"] {
		if !v.ReadsPawns() {
			return prob, fmt.Errorf("encode: --pawns applies to --problem queens+pawns, not %v", v)
		}
		if s.Pawns < 0 {
			return prob, fmt.Errorf("encode: --pawns must be 0 or more, got %d", s.Pawns)
		}
		prob.PawnCount = s.Pawns
	}
	return prob, nil
}

// Load puts the board on prob, the spec's Variant: the board read from r
// (named name in the messages) when the spec has a Board, else the empty
// board of order N; then it checks the pawns (CheckPawns) and the pieces
// of a pieces problem.
func (s ProblemSpec) Load(prob Problem, r io.Reader, name string) (Problem, error) {
	var err error
	if s.Board != "" {
		prob, err = s.read(prob, r, name)
	} else {
		prob, err = s.empty(prob)
	}
	if err != nil {
		return prob, err
	}
	boardFile := s.Board
	if boardFile == "" {
		boardFile = fmt.Sprintf("-n %d", prob.Board.N)
	}
	if err := CheckPawns(prob, boardFile); err != nil {
		return prob, err
	}
	if prob.Variant == MixedPieces && s.Board == "" {
		if err := prob.Validate(); err != nil {
			return prob, fmt.Errorf("encode: --pieces %s: %s", s.Pieces, strings.TrimPrefix(err.Error(), "encode: "))
		}
	}
	return prob, nil
}

// read reads the board file of the spec.
func (s ProblemSpec) read(prob Problem, r io.Reader, name string) (Problem, error) {
	var err error
	prob.Instance, err = ParseInstanceWith(r, name, s.readOptions())
	if err != nil {
		return prob, err
	}
	if err := prob.Validate(); err != nil {
		return prob, errors.New("encode: " + givenError(name, prob.Instance, err))
	}
	return prob, s.disagrees(prob.Board, name)
}

// disagrees refuses a board file whose order is not the N given.
func (s ProblemSpec) disagrees(b Board, name string) error {
	if s.Set["n"] && s.N != b.N {
		return fmt.Errorf("encode: -n %d disagrees with the board in %s, which is %d×%d", s.N, name, b.N, b.N)
	}
	return nil
}

// errOrder is the error of an order N below 1.
func (s ProblemSpec) errOrder() error {
	return fmt.Errorf("encode: -n must be at least 1, got %d", s.N)
}

// LoadBoard reads the queens board of the spec, the variant's options
// left aside (qtool trace): the board file read from r (named name), of
// order N if N is given, or the empty board of order N.
func (s ProblemSpec) LoadBoard(r io.Reader, name string) (Board, error) {
	if s.Board == "" {
		if s.N < 1 {
			return Empty(s.N), s.errOrder()
		}
		return Empty(s.N), nil
	}
	b, err := ParseBoard(r, name)
	if err != nil {
		return b, err
	}
	return b, s.disagrees(b, name)
}

// empty puts the empty board of order N on prob.
func (s ProblemSpec) empty(prob Problem) (Problem, error) {
	switch {
	case s.Set["diagonals"]:
		return prob, errors.New("encode: --diagonals takes the first K excluded diagonals of a --board file")
	case !s.Set["n"]:
		return prob, errors.New("encode: give the board order with -n N, or a board with --board FILE")
	case s.N < 1:
		return prob, s.errOrder()
	case s.N > MaxN:
		return prob, fmt.Errorf("encode: -n %d is larger than qtool handles (%d)", s.N, MaxN)
	}
	prob.Board = Empty(s.N)
	return prob, nil
}

func (s ProblemSpec) readOptions() ReadOptions {
	v, _ := ParseVariant(s.VariantName)
	// The pieces of another problem than queens are checked by its own
	// rules once read (Problem.Validate), not by the queens'.
	return ReadOptions{LimitDiagonals: s.Set["diagonals"], Diagonals: s.Diagonals, AnyPieces: s.Variants && (v != Queens || s.Set["pieces"])}
}

// givenError is the message of a board whose given pieces break the
// problem's rules: at the piece's place in the file (file:line:col) when
// it is known, as for a queens board.
func givenError(name string, in Instance, err error) string {
	msg := strings.TrimPrefix(err.Error(), "encode: ")
	var be *BoardError
	if errors.As(err, &be) && be.Square != nil {
		if at, ok := in.Where[*be.Square]; ok {
			return fmt.Sprintf("%s:%d:%d: %s", name, at.Line, at.Col, msg)
		}
	}
	return name + ": " + msg
}

// CheckPawns checks the pawns of a loaded problem, the board named name
// in the messages: the board's 'p' squares only for queens+pawns, as many
// as PawnCount says, and a number of pawns to search that fits the board.
func CheckPawns(prob Problem, name string) error {
	n := prob.Board.N
	switch {
	case len(prob.Pawns) > 0 && !prob.Variant.ReadsPawns():
		return fmt.Errorf("encode: %s: the board has pawns ('p'), which only --problem queens+pawns reads", name)
	case len(prob.Pawns) > 0 && prob.PawnCount > 0 && len(prob.Pawns) != prob.PawnCount:
		return fmt.Errorf("encode: %s: the board places %d pawns, --pawns says %d", name, len(prob.Pawns), prob.PawnCount)
	case prob.PawnsSearched():
		free := n*n - len(prob.Blocked) - prob.Board.Given()
		if prob.PawnCount > free {
			return fmt.Errorf("encode: --pawns %d: the %d×%d board has %d free squares", prob.PawnCount, n, n, free)
		}
		if _, err := PawnSets(n, prob.PawnCount); err != nil {
			return fmt.Errorf("encode: --pawns %d: %s", prob.PawnCount, strings.TrimPrefix(err.Error(), "encode: "))
		}
	}
	return nil
}
