package play_test

import (
	"encoding/xml"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/play"
)

// TestStepPictures: /api/step.svg draws the board of a frame square for
// square as classroom.Draw marks it, /api/step.png decodes to a picture of
// the right size; bad queries are refused.
func TestStepPictures(t *testing.T) {
	srv := play.New(0)
	queens := []int{0, 2, -1, -1}
	want := classroom.Draw(4, queens, &classroom.Square{2, 1})
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/step.svg?n=4&queens=0,2,-1,-1&tested=2,1&step=3", nil))
	var doc struct {
		G []struct {
			Mark string `xml:"data-mark,attr"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), &doc); err != nil || rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Disposition"), "queens-4-step-0003.svg") {
		t.Fatalf("step.svg: %d %v %q", rec.Code, err, rec.Header())
	}
	var got []string
	for r := 0; r < 4; r++ {
		row := ""
		for c := 0; c < 4; c++ {
			row += doc.G[4*r+c].Mark
		}
		got = append(got, row)
	}
	if strings.Join(got, "/") != strings.Join(want, "/") {
		t.Errorf("step.svg draws %v, the frame %v", got, want)
	}
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/step.png?n=4&queens=0,2,-1,-1", nil))
	img, err := png.Decode(rec.Body)
	if err != nil || rec.Header().Get("Content-Type") != "image/png" || img.Bounds().Dx() != 4*48+2*12 {
		t.Errorf("step.png: %v %q", err, rec.Header().Get("Content-Type"))
	}
	for _, q := range []string{"n=40", "n=4&queens=0,9,-1,-1", "n=4&tested=9,9", "n=4&tested=1,1_2,2", "n=4&step=-1", "n=4&x=1", "n=4&n=4"} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/step.svg?"+q, nil))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", q, rec.Code)
		}
	}
}
