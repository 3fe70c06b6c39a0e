package memlimit_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/internal/memlimit"
)

func TestCheck(t *testing.T) {
	lim := memlimit.Limit()
	if lim < 64<<20 {
		t.Fatalf("limit %d bytes: implausibly small", lim)
	}
	if err := memlimit.Check("a small thing", 1<<20); err != nil {
		t.Errorf("1 MiB refused: %v", err)
	}
	err := memlimit.Check("a board of n = 268435456", lim+1)
	if err == nil || !strings.Contains(err.Error(), "a board of n = 268435456 needs about") || !errors.Is(err, memlimit.ErrTooBig) {
		t.Errorf("over the limit: %v (want a refusal that wraps ErrTooBig)", err)
	}
	err = memlimit.TooBig("the model has more than %d cells", 4)
	if err.Error() != "the model has more than 4 cells" || !errors.Is(err, memlimit.ErrTooBig) || errors.Is(errors.New("x"), memlimit.ErrTooBig) {
		t.Errorf("TooBig: %q, errors.Is %v", err, errors.Is(err, memlimit.ErrTooBig))
	}
}

func TestBytes(t *testing.T) {
	for b, want := range map[uint64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 4294967296: "4.3 GB", 13_800_000_000_000: "13.8 TB"} {
		if got := memlimit.Bytes(b); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", b, got, want)
		}
	}
}

func TestParseSize(t *testing.T) {
	for s, want := range map[string]uint64{"0": 0, "2000000": 2_000_000, "500MB": 500_000_000, "4GB": 4_000_000_000, "1.5g": 1_500_000_000, " 20 kb ": 20_000, "1P": 1e15, "7B": 7} {
		if got, err := memlimit.ParseSize(s); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "MB", "-1GB", "ten", "1e30", "20000P", "Inf"} {
		if got, err := memlimit.ParseSize(s); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", s, got)
		}
	}
}

func ExampleParseSize() {
	n, _ := memlimit.ParseSize("1.5GB")
	fmt.Println(n)
	// Output: 1500000000
}

func ExampleBytes() {
	fmt.Println(memlimit.Bytes(13_800_000_000))
	// Output: 13.8 GB
}
