package play_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom/play"
)

// FuzzStreamQuery feeds the stream's query parameters (n, method, queens,
// events) with anything: the answer is a refusal or a search that starts,
// never a panic.
func FuzzStreamQuery(f *testing.F) {
	for _, s := range [][4]string{{"4", "backtrack", "", ""}, {"33", "", "", ""}, {"4", "dlx", "0,-1,-1,-1", "all"},
		{"-1", "x", "", ""}, {"4", "minconflicts", "0,1", "steps"}, {"9999999999999999999", "", "", ""}, {"2", "", "5,5", ""}} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	srv := play.New(0)
	f.Fuzz(func(t *testing.T, n, method, queens, events string) {
		q := url.Values{"n": {n}, "method": {method}, "queens": {queens}, "events": {events}}
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // the tab is closed at once: a search that starts ends
		req := httptest.NewRequestWithContext(ctx, "GET", "/api/stream?"+q.Encode(), nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		body := rec.Body.String()
		if !strings.HasPrefix(body, "event: refused\n") && !strings.HasPrefix(body, "event: hello\n") {
			t.Fatalf("%v: %q", q, body)
		}
		if srv.Sessions() != 0 {
			t.Fatalf("%v: a closed stream left its search running", q)
		}
	})
}

// FuzzBoardDownload feeds the download's parameters with anything: a board
// file or a picture, or a 400 with a message.
func FuzzBoardDownload(f *testing.F) {
	for _, s := range [][3]string{{"4", "0,1_1,3_2,0_3,2", ""}, {"4", "0,0_1,1", "0,0_1,1"}, {"0", "", ""}, {"32", "31,31", "x"},
		{"4", "4,0", ""}, {"4", "_", ""}, {"4", "1,2,3", ""}} {
		f.Add(s[0], s[1], s[2])
	}
	srv := play.New(0)
	f.Fuzz(func(t *testing.T, n, queens, mark string) {
		q := url.Values{"n": {n}, "q": {queens}, "mark": {mark}}
		for _, path := range []string{"/api/board.svg", "/api/board.txt"} {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest("GET", path+"?"+q.Encode(), nil))
			switch rec.Code {
			case http.StatusOK:
				if !strings.Contains(rec.Body.String(), "</svg>") && !strings.HasPrefix(rec.Body.String(), "# ") {
					t.Fatalf("%s %v: %q", path, q, rec.Body.String())
				}
			case http.StatusBadRequest:
				if !strings.Contains(rec.Body.String(), `"error"`) {
					t.Fatalf("%s %v: 400 without a message", path, q)
				}
			default:
				t.Fatalf("%s %v: status %d", path, q, rec.Code)
			}
		}
	})
}

// FuzzPictureQuery feeds the tree and step pictures' query strings with
// anything: an SVG (or PNG) or a 400 with a message, never a panic, and a
// tree's nodes never more than the replay allows.
func FuzzPictureQuery(f *testing.F) {
	for _, s := range []string{"n=4&method=backtrack&at=30", "n=4&method=dlx", "n=9&method=backtrack&at=5000", "n=4&method=minconflicts",
		"n=4&at=-1", "n=4&at=99999999999", "n=33", "n=4&queens=0,-1,-1,-1&at=3", "n=4&queens=0,1,-1,-1", "n=4&lang=de&at=10",
		"n=4&lang=xx", "n=4&queens=0,2,-1,-1&tested=2,1&step=3", "n=4&tested=9,9", "n=4&step=-2", "n=%zz", "n=4&n=5"} {
		f.Add(s)
	}
	srv := play.New(0)
	f.Fuzz(func(t *testing.T, query string) {
		for _, path := range []string{"/api/tree.svg", "/api/step.svg", "/api/step.png"} {
			req := httptest.NewRequest("GET", "/", nil)
			req.URL.Path, req.URL.RawQuery = path, query
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			switch rec.Code {
			case http.StatusOK:
				body := rec.Body.String()
				if !strings.Contains(body, "</svg>") && !strings.HasPrefix(body, "\x89PNG") {
					t.Fatalf("%s?%s: %.80q", path, query, body)
				}
			case http.StatusBadRequest:
				if !strings.Contains(rec.Body.String(), `"error"`) {
					t.Fatalf("%s?%s: 400 without a message", path, query)
				}
			default:
				t.Fatalf("%s?%s: status %d", path, query, rec.Code)
			}
		}
	})
}
