package solution

import (
	"bufio"
	"context"
	"errors"
	"io"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/internal/listcheck"
)

// CheckRecord is what Check says of a board file, qtool check's record.
type CheckRecord struct {
	File     string `json:"file"`
	N        int    `json:"n,omitempty"`
	Queens   int    `json:"queens"`
	Legal    bool   `json:"legal"`
	Complete bool   `json:"complete"`
	Excluded int    `json:"excluded_diagonals,omitempty"` // of a parameter file
	Reason   string `json:"reason,omitempty"`
}

// Check reads a board named name from r (grid, compact, list or algebraic
// form, or a parameter or .qpos completion file, recognised by content)
// and says whether its queens are legal: no two in the same row, column or
// diagonal, none on an excluded diagonal. An illegal board is a record
// with its Reason (the verifier's error, as encode words it); the error is
// that of a file that cannot be read as a board.
func Check(r io.Reader, name string) (CheckRecord, error) {
	br := bufio.NewReaderSize(r, encode.PeekSize)
	head, _ := br.Peek(encode.PeekSize)
	rec := CheckRecord{File: name}
	if !encode.IsBoardForm(head) {
		in, err := encode.ParseInstance(br, name)
		if err == nil {
			rec.fill(in.Board)
			rec.Excluded = len(in.Excluded)
		}
		return rec, rec.refused(err)
	}
	b, err := encode.ParseBoard(br, name)
	if err == nil {
		rec.fill(b)
	} else if b.N > 0 && errors.Is(err, encode.ErrInvalidBoard) { // well formed: the board comes with the error
		rec.N, rec.Queens = b.N, b.Given()
	}
	return rec, rec.refused(err)
}

// fill records a legal board.
func (rec *CheckRecord) fill(b encode.Board) {
	rec.N, rec.Queens, rec.Legal = b.N, b.Given(), true
	rec.Complete = rec.Queens == b.N
}

// refused keeps the reason of an illegal board and returns any other
// error.
func (rec *CheckRecord) refused(err error) error {
	if err == nil || !errors.Is(err, encode.ErrInvalidBoard) {
		return err
	}
	rec.Reason = err.Error()
	return nil
}

// VerifyRecord is what Verify says of a list file, qtool verify's record.
type VerifyRecord struct {
	File     string `json:"file"`
	N        int    `json:"n,omitempty"`
	Solution bool   `json:"solution"`
	Reason   string `json:"reason,omitempty"`
}

// Verify checks, while reading it, that r (named name) holds one solution
// of the n-queens problem in list form (see internal/listcheck: about 5
// bits a queen), stopping when ctx is done. A list that is not a solution
// is a record with its Reason; the error is a context's end or a file
// that cannot be read as a list.
func Verify(ctx context.Context, r io.Reader, name string) (VerifyRecord, error) {
	n, err := listcheck.Check(ctx, ctxio.Reader(ctx, r), name)
	rec := VerifyRecord{File: name, N: n, Solution: err == nil}
	if err != nil && ctx.Err() == nil && errors.Is(err, listcheck.ErrIllegal) {
		rec.Reason = err.Error()
		return rec, nil
	}
	return rec, err
}
