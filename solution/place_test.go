package solution

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A write cancelled between the search and its end leaves nothing behind
// (moved from cmd/qtool's TestPlaceInterrupted with writeColumnsFile).
func TestWriteColumnsFileCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := make([]int32, 3_000_000)
	path := filepath.Join(dir, "w.txt")
	if _, err := writeColumnsFile(ctx, path, p); err == nil {
		t.Errorf("writing under an ended context: no error")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
}

func TestPlaceVerified(t *testing.T) {
	out := filepath.Join(t.TempDir(), "q.txt")
	for _, m := range PlaceMethods {
		rec, err := Place(context.Background(), PlaceOptions{N: 1000, Method: m, Seed: 1, Out: out})
		if err != nil {
			t.Fatal(m, err)
		}
		if !rec.Verified || rec.N != 1000 {
			t.Errorf("%s: %+v", m, rec)
		}
	}
}

// TestPlaceCheck: a method, an order in its range and the memory for it.
func TestPlaceCheck(t *testing.T) {
	for _, c := range []struct {
		want string
		o    PlaceOptions
	}{
		{"", PlaceOptions{N: 1000, Method: "minconflicts"}},
		{"", PlaceOptions{N: 3, Method: "construct"}},
		{`solution: place: --method "greedy": want minconflicts or construct`, PlaceOptions{N: 8, Method: "greedy"}},
		{"solution: place: -n must be at least 1, got 0", PlaceOptions{N: 0, Method: "construct"}},
		{"is larger than minconflicts handles", PlaceOptions{N: 1 << 40, Method: "minconflicts"}},
	} {
		err := c.o.Check()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}
