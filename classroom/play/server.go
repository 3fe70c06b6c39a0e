// Package play serves the classroom page of qtool play: a board on which a
// real search runs step by step, and on which a person places queens and
// has them checked. The page and its scripts are embedded in the binary and
// the server listens on the loopback interface only; nothing reaches the
// network.
//
// The page and the server talk over a JSON protocol described in
// docs/classroom.md: a Server-Sent Events stream per search (GET
// /api/stream) carries the frames of classroom.Run, and small POST requests
// steer it (/api/control) or check and complete a board (/api/check,
// /api/complete). Each open stream is one search; closing the tab closes
// the stream, which cancels the search.
package play

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

//go:embed assets
var assets embed.FS

// MaxSessions is how many searches the server runs at once (one per open
// tab); a page opened beyond that is told so.
const MaxSessions = 16

// finishMaxN is, per method, the largest n whose search the finish button
// runs to its end: beyond, counting every solution while tracing would take
// minutes to years, and qtool count is the tool for it.
var finishMaxN = map[string]int{"backtrack": 13, "dlx": 13}

// completeTimeout bounds a completion asked for by the page.
const completeTimeout = 20 * time.Second

// Server is the classroom's HTTP handler. The zero value is not usable; use
// New.
type Server struct {
	mux      *http.ServeMux
	mu       sync.Mutex
	sessions map[string]*session
	// hosts are the Host headers accepted (the loopback address and
	// localhost with the port): a page of another site that a DNS trick
	// sends here is refused.
	hosts map[string]bool
	// backends a completion may use.
	backends []string
	// Timeouts are the server's timeouts (DefaultTimeouts unless changed
	// before Serve).
	Timeouts Timeouts
}

// New returns a server for pages reached at the given port of 127.0.0.1 (0
// accepts any port, for tests on an httptest server).
func New(port int) *Server {
	s := &Server{mux: http.NewServeMux(), sessions: map[string]*session{}, Timeouts: DefaultTimeouts}
	if port > 0 {
		p := strconv.Itoa(port)
		s.hosts = map[string]bool{"127.0.0.1:" + p: true, "localhost:" + p: true}
	}
	for _, name := range []string{"dlx", "backtrack", "bitmask", "sat", "minconflicts"} {
		be, err := backend.Lookup(name)
		if err != nil {
			continue
		}
		largest := encode.Problem{Instance: encode.Instance{Board: encode.Empty(classroom.MaxN)}}
		if backend.Admit(be, largest, backend.Request{Mode: backend.Find, Limit: 1, Completes: true}) == nil {
			s.backends = append(s.backends, name)
		}
	}
	static, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /api/info", s.info)
	s.mux.HandleFunc("GET /api/stream", s.stream)
	s.mux.HandleFunc("POST /api/control", s.control)
	s.mux.HandleFunc("POST /api/check", s.check)
	s.mux.HandleFunc("POST /api/complete", s.complete)
	s.mux.HandleFunc("GET /api/board.svg", s.download)
	s.mux.HandleFunc("GET /api/board.txt", s.download)
	s.mux.HandleFunc("GET /api/tree.svg", s.tree)
	s.mux.HandleFunc("GET /api/step.svg", s.step)
	s.mux.HandleFunc("GET /api/step.png", s.step)
	s.mux.HandleFunc("GET /api/growth", s.growth)
	s.mux.HandleFunc("GET /api/bugs", s.bugs)
	return s
}

// ServeHTTP refuses requests for another host, then serves the page and its
// API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.hosts != nil && !s.hosts[r.Host] {
		http.Error(w, "qtool play answers only at 127.0.0.1 and localhost", http.StatusForbidden)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if err := sameOrigin(r); err != nil {
			refuse(w, http.StatusForbidden, "%v", err)
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// Sessions is the number of searches running (open streams).
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// Serve serves on ln until ctx ends, then shuts down, closing the streams.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s, ReadHeaderTimeout: s.Timeouts.Read, ReadTimeout: s.Timeouts.Read, IdleTimeout: s.Timeouts.Idle,
		WriteTimeout: s.Timeouts.Write, MaxHeaderBytes: 1 << 16, BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx) //nolint:errcheck // the streams end with the base context
		<-done
		return nil
	}
}

type infoReply struct {
	Lang      string            `json:"lang"`
	Languages []langName        `json:"languages"`
	Messages  map[string]string `json:"messages"`
	MaxN      int               `json:"maxN"`
	Methods   []string          `json:"methods"`
	Text      map[string]string `json:"text"`
	Backends  []string          `json:"backends"`
	FinishMax map[string]int    `json:"finishMaxN"`
}

type langName struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

// language is the catalogue a request asks for: its lang parameter (a
// query parameter or a JSON field), else its Accept-Language header.
func language(r *http.Request, lang string) (*i18n.Catalogue, error) {
	if lang != "" {
		return i18n.Lookup(lang)
	}
	return i18n.FromAcceptLanguage(r.Header.Get("Accept-Language")), nil
}

// info describes the server to the page: GET /api/info[?lang=L] — the
// language chosen and its messages, the methods and backends.
func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "lang")
	}
	var cat *i18n.Catalogue
	if err == nil {
		cat, err = language(r, q.Get("lang"))
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "bad query: %v", strings.TrimPrefix(err.Error(), "i18n: "))
		return
	}
	text := map[string]string{}
	for _, m := range classroom.Methods {
		text[m] = cat.T("method." + m)
	}
	var langs []langName
	for _, l := range i18n.Languages {
		langs = append(langs, langName{l, i18n.Names[l]})
	}
	writeJSON(w, http.StatusOK, infoReply{Lang: cat.Lang, Languages: langs, Messages: cat.Messages(), MaxN: classroom.MaxN,
		Methods: classroom.Methods, Text: text, Backends: s.backends, FinishMax: finishMaxN})
}

// translate puts a verdict's message into the language of cat.
func translate(cat *i18n.Catalogue, n int, v classroom.Verdict) string {
	if cat.Lang == "en" {
		return v.Message
	}
	switch {
	case !v.Legal && len(v.Pair) == 2:
		return cat.T("verdict.pair", classroom.Name(n, v.Pair[0][0], v.Pair[0][1]), classroom.Name(n, v.Pair[1][0], v.Pair[1][1]))
	case !v.Legal:
		return cat.T("verdict.illegal")
	case v.Complete:
		return cat.T("verdict.complete", n)
	case v.Queens == 1:
		return cat.T("verdict.one", n-1)
	}
	return cat.T("verdict.some", v.Queens, n-v.Queens)
}

// errorReply is the body of every refusal: what is wrong, in words.
type errorReply struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v) //nolint:errcheck // the client went away
}

func refuse(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, errorReply{Error: fmt.Sprintf(format, args...)})
}

// readJSON decodes a small JSON request body into v, strictly (see
// decodeStrict).
func readJSON(w http.ResponseWriter, r *http.Request, v any, keys ...string) bool {
	if ct := r.Header.Get("Content-Type"); ct != "application/json" && !strings.HasPrefix(ct, "application/json;") {
		refuse(w, http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json)")
		return false
	}
	data, err := readBody(w, r)
	if err == nil {
		err = decodeStrict(data, v, keys...)
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "bad request: %v", err)
		return false
	}
	return true
}

// boardRequest is a board drawn by hand: its order and its queens.
type boardRequest struct {
	N      int      `json:"n"`
	Queens []square `json:"queens"`
	Lang   string   `json:"lang"`
}

func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	var req boardRequest
	if !readJSON(w, r, &req, "n", "queens", "lang") {
		return
	}
	cat, err := language(r, req.Lang)
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "i18n: "))
		return
	}
	v, err := classroom.Judge(req.N, squares(req.Queens))
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "classroom: "))
		return
	}
	v.Message = translate(cat, req.N, v)
	writeJSON(w, http.StatusOK, v)
}

type completeRequest struct {
	N       int      `json:"n"`
	Queens  []square `json:"queens"`
	Backend string   `json:"backend"`
	Lang    string   `json:"lang"`
}

// completeReply says how a completion went: found (Queens holds the whole
// board), none (the backend searched everything: there is no completion),
// unknown (it gave up or ran out of time), illegal (the board itself is
// not legal: Verdict says why).
type completeReply struct {
	Status  string             `json:"status"`
	Message string             `json:"message"`
	Queens  []classroom.Square `json:"queens,omitempty"`
	Verdict *classroom.Verdict `json:"verdict,omitempty"`
	Stats   map[string]uint64  `json:"stats,omitempty"`
	Elapsed float64            `json:"elapsedSeconds"`
}

func (s *Server) complete(w http.ResponseWriter, r *http.Request) {
	var req completeRequest
	if !readJSON(w, r, &req, "n", "queens", "backend", "lang") {
		return
	}
	cat, err := language(r, req.Lang)
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "i18n: "))
		return
	}
	v, err := classroom.Judge(req.N, squares(req.Queens))
	if err != nil {
		refuse(w, http.StatusBadRequest, "%s", strings.TrimPrefix(err.Error(), "classroom: "))
		return
	}
	v.Message = translate(cat, req.N, v)
	if !v.Legal {
		writeJSON(w, http.StatusOK, completeReply{Status: "illegal", Message: v.Message, Verdict: &v})
		return
	}
	known := false
	for _, b := range s.backends {
		known = known || b == req.Backend
	}
	if !known {
		refuse(w, http.StatusBadRequest, "backend %q cannot complete a board here (choose one of %s)", req.Backend, strings.Join(s.backends, ", "))
		return
	}
	be, _ := backend.Lookup(req.Backend)
	b := encode.Board{N: req.N, Queens: make([]int, req.N)}
	for i := range b.Queens {
		b.Queens[i] = -1
	}
	for _, q := range req.Queens {
		b.Queens[q[0]] = q[1]
	}
	ctx, cancel := context.WithTimeout(r.Context(), completeTimeout)
	defer cancel()
	var found encode.Placement
	out, err := backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 1, Seed: 1, Visit: func(p encode.Placement) bool {
		found = append(encode.Placement(nil), p...)
		return false
	}})
	rep := completeReply{Stats: out.Stats, Elapsed: out.Elapsed.Seconds()}
	switch {
	case err != nil:
		refuse(w, http.StatusInternalServerError, "%s: %v", req.Backend, err)
		return
	case found != nil:
		if err := encode.Verify(b.Problem(), found); err != nil {
			refuse(w, http.StatusInternalServerError, "%s returned a wrong completion: %v", req.Backend, err)
			return
		}
		rep.Status = "found"
		for r, c := range found {
			rep.Queens = append(rep.Queens, classroom.Square{r, c})
		}
		rep.Message = cat.T("complete.found", req.Backend, out.Elapsed.Round(time.Microsecond).String())
	case out.Status == backend.OK && backend.Admit(be, encode.Problem{Instance: encode.Instance{Board: b}}, backend.Request{Mode: backend.Find, Limit: 1, Decide: true}) == nil:
		rep.Status = "none"
		nodes := ""
		if out.Nodes > 0 {
			nodes = cat.T("complete.nodes", out.Nodes)
		}
		rep.Message = cat.T("complete.none", req.Backend, nodes)
	default:
		rep.Status = "unknown"
		rep.Message = cat.T("complete.unknown", req.Backend, fmt.Sprint(out.Status))
	}
	writeJSON(w, http.StatusOK, rep)
}

// download sends a board as a file: /api/board.svg or /api/board.txt with
// n=N and q=r,c_r,c_… (queens) and optionally mark=r,c_r,c (outlined in
// the picture).
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "n", "q", "mark")
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, "bad query: %v", err)
		return
	}
	n, err := strconv.Atoi(q.Get("n"))
	if err != nil || n < 1 || n > classroom.MaxN {
		refuse(w, http.StatusBadRequest, "n must be 1 to %d", classroom.MaxN)
		return
	}
	queens, err1 := parseSquares(q.Get("q"), n)
	mark, err2 := parseSquares(q.Get("mark"), n)
	if err := errors.Join(err1, err2); err != nil {
		refuse(w, http.StatusBadRequest, "%v", err)
		return
	}
	name := fmt.Sprintf("queens-%d", n)
	if strings.HasSuffix(r.URL.Path, ".svg") {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.svg"`)
		classroom.WriteSVG(w, n, queens, mark) //nolint:errcheck // the client went away
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.txt"`)
	fmt.Fprintf(w, "# %d×%d board, %d queens (qtool check and qtool solve --board read it)\n%s", n, n, len(queens), classroom.GridText(n, queens))
}

// parseSquares reads "r,c_r,c_…" (empty: none).
func parseSquares(s string, n int) ([]classroom.Square, error) {
	var out []classroom.Square
	if s == "" {
		return out, nil
	}
	parts := strings.Split(s, "_")
	if len(parts) > n*n {
		return nil, fmt.Errorf("more squares than the board has")
	}
	for _, p := range parts {
		rs, cs, ok := strings.Cut(p, ",")
		r, err1 := strconv.Atoi(rs)
		c, err2 := strconv.Atoi(cs)
		if !ok || err1 != nil || err2 != nil || r < 0 || r >= n || c < 0 || c >= n {
			return nil, fmt.Errorf("bad square %q: want row,column with both 0 to %d", p, n-1)
		}
		out = append(out, classroom.Square{r, c})
	}
	return out, nil
}

func newID() string {
	var b [8]byte
	rand.Read(b[:]) //nolint:errcheck // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}
