package classroom

import (
	"context"
	"fmt"
	"io"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/internal/safeout"
)

// MaxPuzzles bounds a worksheet: ten pages of puzzles.
const MaxPuzzles = 60

// Sheet is a worksheet as qtool worksheet makes it: Puzzles completion
// puzzles of order N with Blank empty rows (Unique: each with one
// completion) from Seed, with their solutions on the last page, in the
// language Cat; Difficulty names the level on the page ("" for none).
type Sheet struct {
	N, Puzzles, Blank int
	Difficulty        string
	Unique            bool
	Seed              uint64
	Cat               *i18n.Catalogue
}

// Check refuses a sheet that cannot be made: an order out of 4 to
// MaxPuzzleN, a number of puzzles out of 1 to MaxPuzzles, more empty rows
// than N (0 is allowed: Blank from the difficulty). Its errors name qtool
// worksheet's options.
func (s Sheet) Check() error {
	switch {
	case s.N < 4 || s.N > MaxPuzzleN:
		return fmt.Errorf("classroom: -n must be 4 to %d for a worksheet, got %d", MaxPuzzleN, s.N)
	case s.Puzzles < 1 || s.Puzzles > MaxPuzzles:
		return fmt.Errorf("classroom: --puzzles must be 1 to %d, got %d", MaxPuzzles, s.Puzzles)
	case s.Blank < 0 || s.Blank > s.N:
		return fmt.Errorf("classroom: --blank must be 0 (from --difficulty) to %d, got %d", s.N, s.Blank)
	}
	return nil
}

// Command is the qtool command that makes the same sheet again, printed at
// the foot of its pages.
func (s Sheet) Command() string {
	cmd := fmt.Sprintf("qtool worksheet -n %d --puzzles %d --blank %d --seed %d --lang %s", s.N, s.Puzzles, s.Blank, s.Seed, s.Cat.Lang)
	if s.Unique {
		cmd += " --unique"
	}
	return cmd
}

// Make makes the sheet's puzzles (MakePuzzles); when ctx ends first, the
// ones made so far and the error.
func (s Sheet) Make(ctx context.Context) ([]Puzzle, error) {
	return MakePuzzles(ctx, s.N, s.Puzzles, s.Blank, s.Unique, s.Seed)
}

// WriteFile writes the sheet of puzzles ps as a PDF file at path, whole or
// not at all (internal/safeout).
func (s Sheet) WriteFile(path string, ps []Puzzle) error {
	opt := WorksheetOptions{Cat: s.Cat, Difficulty: s.Difficulty, Command: s.Command()}
	return safeout.WriteFile(path, func(w io.Writer) error { return WriteWorksheet(w, ps, opt) })
}
