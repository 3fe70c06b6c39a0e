package play

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/classroom"
)

// step sends one step of a search as a picture for slides: GET
// /api/step.svg or /api/step.png with n=N, queens=c0,c1,… (one column a
// row, -1 for none, as the stream's frames give them), optionally
// tested=r,c (the square being tested) and step=K (the step's number, for
// the file name). The board is drawn as classroom.Draw marks it: queens,
// attacked squares, the tested square (classroom.FrameSVG,
// classroom.FrameImage).
func (s *Server) step(w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "n", "queens", "tested", "step")
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "bad query: %v", err)
		return
	}
	b, err := streamBoard(q.Get("n"), q.Get("queens"))
	if err == nil && b.N > classroom.MaxN {
		err = fmt.Errorf("n must be 1 to %d", classroom.MaxN)
	}
	if err == nil && b.Queens != nil {
		for _, c := range b.Queens {
			if c < -1 || c >= b.N {
				err = fmt.Errorf("queens: column %d is off the board", c)
				break
			}
		}
	}
	var tested *classroom.Square
	if err == nil && q.Get("tested") != "" {
		var sqs []classroom.Square
		if sqs, err = parseSquares(q.Get("tested"), b.N); err == nil && len(sqs) == 1 {
			tested = &sqs[0]
		} else if err == nil {
			err = fmt.Errorf("tested: one square, got %d", len(sqs))
		}
	}
	k := 0
	if err == nil && q.Get("step") != "" {
		if k, err = strconv.Atoi(q.Get("step")); err == nil && (k < 0 || k > 1<<30) {
			err = fmt.Errorf("step must be 0 or more")
		}
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "%v", err)
		return
	}
	queens := b.Queens
	if queens == nil {
		queens = make([]int, b.N)
		for i := range queens {
			queens[i] = -1
		}
	}
	f := classroom.Frame{N: b.N, Queens: queens, Tested: tested, Step: k, Board: classroom.Draw(b.N, queens, tested)}
	name := fmt.Sprintf("queens-%d-step-%04d", b.N, k)
	var buf bytes.Buffer
	if strings.HasSuffix(r.URL.Path, ".png") {
		cell := max(8, min(48, 480/b.N))
		if err := png.Encode(&buf, classroom.FrameImage(f, cell)); err != nil {
			refuse(w, http.StatusInternalServerError, "%v", err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.png"`)
	} else {
		if err := classroom.FrameSVG(&buf, f, fmt.Sprintf("%d×%d board, step %d", b.N, b.N, k)); err != nil {
			refuse(w, http.StatusInternalServerError, "%v", err)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.svg"`)
	}
	w.Write(buf.Bytes()) //nolint:errcheck // the client went away
}
