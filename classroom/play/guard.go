package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/qtool-project/qtool/classroom"
)

// Timeouts bound how long the server waits on a client (see
// net/http.Server): a request's headers and body must arrive within Read,
// an idle keep-alive connection is closed after Idle, and each write (a
// reply, or one event of a stream) must be taken within Write. A stream
// has no overall limit: it lasts while its tab is open, and the number of
// streams is bounded by MaxSessions.
type Timeouts struct {
	Read, Idle, Write time.Duration
}

// DefaultTimeouts are the timeouts of New: a page on this machine sends
// its small requests at once, so ten seconds are ample, and a completion
// may take completeTimeout before its reply is written.
var DefaultTimeouts = Timeouts{Read: 10 * time.Second, Idle: 30 * time.Second, Write: completeTimeout + 10*time.Second}

// maxBody is the largest request body the API reads (a board of 32×32
// with a queen on every square is about 8 kB of JSON).
const maxBody = 1 << 16

// sameOrigin refuses a request that a page of another origin made: the
// browser names the page's origin in Origin (cross-origin requests, and
// every POST) and says in Sec-Fetch-Site whether the request crosses
// sites. A request without either header comes from a program on this
// machine (curl, a test), not from a page elsewhere. The server's own
// origin is http:// and the Host header, which ServeHTTP has checked.
func sameOrigin(r *http.Request) error {
	if o, ok := r.Header["Origin"]; ok {
		if len(o) != 1 || o[0] != "http://"+r.Host {
			return fmt.Errorf("requests from the page at %q are refused: only the page qtool play serves at http://%s may use its searches", first(o), r.Host)
		}
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return fmt.Errorf("a %s request is refused: only the page qtool play serves at http://%s may use its searches", site, r.Host)
	}
	return nil
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// decodeStrict decodes one JSON object from data into v: keys other than
// those named (exactly, not in another case), a key twice, values of the
// wrong type or arity (see square) and anything but white space after the
// object are errors.
func decodeStrict(data []byte, v any, keys ...string) error {
	if err := checkKeys(data, keys); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// checkKeys reads the object's keys: each one of keys, none twice.
func checkKeys(data []byte, keys []string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("the request must be a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		k, _ := tok.(string)
		known := false
		for _, name := range keys {
			known = known || k == name
		}
		switch {
		case !known:
			return fmt.Errorf("unknown field %q (known: %s)", k, strings.Join(keys, ", "))
		case seen[k]:
			return fmt.Errorf("field %q given twice", k)
		}
		seen[k] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
	}
	return nil
}

// readBody reads a request body of at most maxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, fmt.Errorf("the request body is over %d bytes", maxBody)
	}
	return data, err
}

// square is a square in a request: exactly two whole numbers, [row,
// column]. (A Go array would take [0] as [0,0] and drop the third number
// of [3,5,7].)
type square classroom.Square

// UnmarshalJSON reads [row, column] and nothing else.
func (s *square) UnmarshalJSON(b []byte) error {
	var xs []json.RawMessage
	if err := json.Unmarshal(b, &xs); err != nil || xs == nil {
		return fmt.Errorf("a square is [row, column], got %s", clip(b))
	}
	if len(xs) != 2 {
		return fmt.Errorf("a square is [row, column]: two numbers, got %d in %s", len(xs), clip(b))
	}
	for i, x := range xs {
		if err := json.Unmarshal(x, &s[i]); err != nil || bytes.Equal(bytes.TrimSpace(x), []byte("null")) {
			return fmt.Errorf("a square is [row, column] of whole numbers, got %s", clip(b))
		}
	}
	return nil
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

func squares(qs []square) []classroom.Square {
	out := make([]classroom.Square, len(qs))
	for i, q := range qs {
		out[i] = classroom.Square(q)
	}
	return out
}

// strictQuery refuses query parameters other than those named, and any
// given twice.
func strictQuery(q url.Values, names ...string) error {
	for k, v := range q {
		known := false
		for _, n := range names {
			known = known || k == n
		}
		if !known {
			return fmt.Errorf("unknown parameter %q", k)
		}
		if len(v) > 1 {
			return fmt.Errorf("parameter %q given %d times", k, len(v))
		}
	}
	return nil
}
