package encode_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestCompletionFamily: the file of instance 3 is named by its family,
// holds the board GenerateContext draws, after its two comments, and reads
// back; a board above n = 64 is written in the compact form.
func TestCompletionFamily(t *testing.T) {
	f := encode.CompletionFamily{N: 8, K: 3, Seed: 5}
	if got := f.FileName(3); got != "q8-k3-s5-0003.txt" {
		t.Errorf("FileName(3) = %q", got)
	}
	b, err := f.Generate(context.Background(), 3)
	want, _ := encode.Generate(8, 3, 5, 3)
	if err != nil || b.Given() != 3 || fmt.Sprint(b.Queens) != fmt.Sprint(want.Queens) {
		t.Fatalf("Generate(3) = %v, %v; want %v", b, err, want)
	}
	var w strings.Builder
	if err := f.Write(&w, b, 3); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(w.String(), "\n")
	if lines[1] != "# n 8, k 3, seed 5, index 3, placed 3" || len(lines) != 2+8+1 {
		t.Errorf("Write: %q", w.String())
	}
	back, err := encode.ParseBoard(strings.NewReader(w.String()), "q.txt")
	if err != nil || fmt.Sprint(back.Queens) != fmt.Sprint(b.Queens) {
		t.Errorf("read back %v, %v; want %v", back, err, b)
	}
	if got := encode.InstanceBytes("completion", 8); got < uint64(w.Len()) {
		t.Errorf("InstanceBytes(completion, 8) = %d, less than the %d bytes written", got, w.Len())
	}
	big := encode.CompletionFamily{N: 100, K: 1, Seed: 1}
	b, _ = big.Generate(context.Background(), 0)
	w.Reset()
	if err := big.Write(&w, b, 0); err != nil || !strings.Contains(w.String(), "\nn 100") {
		t.Errorf("n = 100: %v, %q…", err, w.String()[:min(w.Len(), 200)])
	}
}

// TestHardFamilies: an Excluded Diagonals file lists the diagonals
// GenerateDiagonals draws and reads back as them; a Blocked file has its
// blocked squares; each is named by its family and within its estimate.
func TestHardFamilies(t *testing.T) {
	d := encode.DiagonalsFamily{N: 10, MinFree: 4, Seed: 2}
	var w strings.Builder
	if err := d.Write(context.Background(), &w, 1); err != nil {
		t.Fatal(err)
	}
	ds, _ := encode.GenerateDiagonals(10, 4, 2, 1)
	in, err := encode.ParseInstance(strings.NewReader(w.String()), "d.param")
	if err != nil || len(in.Excluded) != len(ds) || d.FileName(1) != "diag-10-4-s2-0001.param" {
		t.Errorf("diagonals: %d of %d read back (%v), named %q", len(in.Excluded), len(ds), err, d.FileName(1))
	}
	if encode.InstanceBytes("diagonals", 10) < uint64(w.Len()) {
		t.Errorf("InstanceBytes(diagonals, 10) = %d < %d", encode.InstanceBytes("diagonals", 10), w.Len())
	}
	bl := encode.BlockedFamily{N: 6, Blocked: 7, Seed: 1}
	w.Reset()
	if err := bl.Write(context.Background(), &w, 0); err != nil {
		t.Fatal(err)
	}
	in, err = encode.ParseInstance(strings.NewReader(w.String()), "b.txt")
	if err != nil || len(in.Blocked) != 7 || bl.FileName(0) != "blocked-6-b7-s1-0000.txt" {
		t.Errorf("blocked: %d squares read back (%v), named %q:\n%s", len(in.Blocked), err, bl.FileName(0), w.String())
	}
	if err := (encode.BlockedFamily{N: 2, Blocked: 5}).Write(context.Background(), &w, 0); err == nil {
		t.Error("5 blocked squares of n = 2: no error")
	}
}
