package split

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestTotalWriteText(t *testing.T) {
	u := uint64(46)
	var b bytes.Buffer
	(&Total{N: 10, Backend: "domains", Shards: 2, Solutions: 724, Unique: &u, Seconds: 0.5, Status: "ok"}).WriteText(&b)
	want := "n          10\nbackend    domains\nshards     2 (all present, each once)\nsolutions  724\nunique     46\nseconds    0.5000 (sum over the shards)\nstatus     ok\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestReadSideEmpty(t *testing.T) {
	_, err := ReadSide(context.Background(), strings.NewReader(""), "a.json", 1<<20)
	if err == nil || err.Error() != "split: a.json: no count record" {
		t.Fatalf("ReadSide of nothing = %v", err)
	}
	_, err = ReadSide(context.Background(), strings.NewReader("qtool-checkpoint 1\n"), "c.ckpt", 1<<20)
	if err == nil || !strings.HasPrefix(err.Error(), "checkpoint: ") {
		t.Fatalf("ReadSide of a cut checkpoint = %v, want a checkpoint error", err)
	}
}
