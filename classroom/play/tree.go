package play

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/classroom"
)

// treeTimeout bounds the replay of a search for its tree.
const treeTimeout = 10 * time.Second

// tree draws the search tree of a search up to one of its events: GET
// /api/tree.svg?n=N&method=M[&queens=…][&at=K] (classroom.BuildTree and
// classroom.TreeSVG; at is the frame's "at", 0 or absent for the whole
// search).
func (s *Server) tree(w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "n", "method", "queens", "at", "lang")
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "bad query: %v", err)
		return
	}
	b, err := streamBoard(q.Get("n"), q.Get("queens"))
	if err != nil {
		refuse(w, http.StatusBadRequest, "%v", err)
		return
	}
	var at uint64
	if v := q.Get("at"); v != "" {
		if at, err = strconv.ParseUint(v, 10, 64); err != nil {
			refuse(w, http.StatusBadRequest, "at must be an event number, got %q", v)
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), treeTimeout)
	defer cancel()
	method := q.Get("method")
	if method == "" {
		method = "backtrack"
	}
	cat, err := language(r, q.Get("lang"))
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "i18n: "))
		return
	}
	t, err := classroom.BuildTree(ctx, method, b, classroom.Options{Lang: cat}, at)
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "classroom: "))
		return
	}
	var buf bytes.Buffer
	if err := classroom.TreeSVG(&buf, t); err != nil {
		refuse(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(buf.Bytes()) //nolint:errcheck // the client went away
}
