package main

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ulikunitz/xz"

	"github.com/qtool-project/qtool/encode"
)

// satAnswerOf is the s line and the model's placement of 8 queens, or an
// error text.
func satAnswerOf(t *testing.T, out string, code int) string {
	t.Helper()
	status, model := satModel(t, out)
	if code != exitSatisfiable || status != "SATISFIABLE" {
		return status
	}
	if err := encode.Verify(encode.Empty(8).Problem(), satPlacement(encode.Empty(8), model)); err != nil {
		return "bad model: " + err.Error()
	}
	return status
}

// TestSATInputs: the same formula, 8 queens, read from a file, from
// standard input with and without "-", and compressed with gzip, bzip2 and
// xz (files and stdin), gives the same answer, with a verified model. The
// bzip2 and xz files are shipped (bzip2 has no writer in the standard
// library); their content is checked against qtool encode's.
func TestSATInputs(t *testing.T) {
	plain, _, code := satRun(t, context.Background(), "", "encode", "-n", "8", "--to", "dimacs")
	if code != 0 {
		t.Fatal("encode failed")
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plain))
	zw.Close()
	var xzb bytes.Buffer
	xw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(plain))
	xw.Close()
	bz2, err := os.ReadFile(filepath.Join("testdata", "q8.cnf.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	shippedXZ, err := os.ReadFile(filepath.Join("testdata", "q8.cnf.xz"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"bz2": bz2, "xz": shippedXZ} {
		var r io.Reader
		if name == "bz2" {
			r = bzip2.NewReader(bytes.NewReader(data))
		} else if r, err = xz.NewReader(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != plain {
			t.Fatalf("shipped q8.cnf.%s is not qtool encode -n 8's formula (%v)", name, err)
		}
	}
	cases := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"file", "", []string{"sat", write("q8.cnf", []byte(plain))}},
		{"stdin", plain, []string{"sat"}},
		{"stdin -", plain, []string{"sat", "-"}},
		{"gzip file", "", []string{"sat", write("q8.cnf.gz", gz.Bytes())}},
		{"gzip stdin", gz.String(), []string{"sat"}},
		{"gzip, any name", "", []string{"sat", write("q8.txt", gz.Bytes())}},
		{"bzip2 file", "", []string{"sat", write("q8.cnf.bz2", bz2)}},
		{"bzip2 stdin", string(bz2), []string{"sat", "-"}},
		{"xz file", "", []string{"sat", write("q8.cnf.xz", xzb.Bytes())}},
		{"xz shipped", "", []string{"sat", filepath.Join("testdata", "q8.cnf.xz")}},
		{"xz stdin", xzb.String(), []string{"sat"}},
	}
	for _, c := range cases {
		out, errOut, code := satRun(t, context.Background(), c.stdin, c.args...)
		if got := satAnswerOf(t, out, code); got != "SATISFIABLE" {
			t.Errorf("%s: exit %d, answer %q, stderr %q", c.name, code, got, errOut)
		}
		if !strings.Contains(out, "c read in ") || !strings.Contains(out, "c solved by gini in ") {
			t.Errorf("%s: no statistics lines:\n%s", c.name, out)
		}
	}
	// A damaged compressed stream is bad input.
	bad := append([]byte(nil), gz.Bytes()[:gz.Len()/2]...)
	if _, errOut, code := satRun(t, context.Background(), string(bad), "sat"); code != exitUsage || errOut == "" {
		t.Errorf("truncated gzip: exit %d, stderr %q", code, errOut)
	}
}

// TestSATHugeHeader: a header that declares 2²⁸ variables and no clause
// prints a bounded model (the v lines stop at the largest variable used),
// and a literal too large for memory is refused before gini allocates for
// it.
func TestSATHugeHeader(t *testing.T) {
	out, errOut, code := satRun(t, context.Background(), "p cnf 268435456 0\n", "sat")
	if code != exitSatisfiable || len(out) > 2000 || !strings.Contains(out, "\nv 0\n") {
		t.Errorf("exit %d, %d bytes out, stderr %q:\n%.500s", code, len(out), errOut, out)
	}
	out, _, code = satRun(t, context.Background(), "p cnf 268435456 1\n-3 0\n", "sat")
	if code != exitSatisfiable || !strings.Contains(out, "\nv -1 -2 -3 0\n") {
		t.Errorf("exit %d:\n%.500s", code, out)
	}
	_, errOut, code = satRun(t, context.Background(), "p cnf 268435456 1\n268435456 0\n", "sat")
	if code != exitUsage || !strings.Contains(errOut, "<stdin>:2:1: variable 268435456") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// endless is an endless stream of unit clauses over variable 1.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	const chunk = "1 0\n-1 1 0\n"
	n := 0
	for n+len(chunk) <= len(p) {
		n += copy(p[n:], chunk)
	}
	return n, nil
}

// blocked is standard input that never delivers a byte.
type blocked struct{ ch chan struct{} }

func (b blocked) Read([]byte) (int, error) { <-b.ch; return 0, io.EOF }

// TestSATStreamsUnderContext: reading an endless stream, and waiting on
// an input that never comes, both stop at the time limit (s UNKNOWN, exit
// 0) and at an interrupt (s UNKNOWN, exit 130).
func TestSATStreamsUnderContext(t *testing.T) {
	header := "p cnf 1 1\n"
	for _, in := range []struct {
		name string
		r    func() io.Reader
	}{
		{"endless", func() io.Reader { return io.MultiReader(strings.NewReader(header), endless{}) }},
		{"blocked", func() io.Reader { return io.MultiReader(strings.NewReader(header), blocked{make(chan struct{})}) }},
	} {
		var out bytes.Buffer
		c := &cli{stdin: in.r(), stdout: &out, stderr: io.Discard}
		code := exitCode(io.Discard, runContext(context.Background(), c, []string{"sat", "--timeout", "200ms"}))
		if status, _ := satModel(t, out.String()); code != 0 || status != "UNKNOWN" {
			t.Errorf("%s, --timeout: exit %d\n%s", in.name, code, out.String())
		}
		out.Reset()
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(200*time.Millisecond, func() { cancel(&signalError{sig: os.Interrupt}) })
		c = &cli{stdin: in.r(), stdout: &out, stderr: io.Discard}
		code = exitCode(io.Discard, runContext(ctx, c, []string{"sat"}))
		if status, _ := satModel(t, out.String()); code != exitInterrupted || status != "UNKNOWN" {
			t.Errorf("%s, interrupt: exit %d\n%s", in.name, code, out.String())
		}
	}
}

// TestSATSignalOnEndlessStdin runs qtool sat in a child process whose
// standard input never ends, and interrupts it: it exits 130 after
// printing s UNKNOWN.
func TestSATSignalOnEndlessStdin(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0], "sat")
		cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1", "QTOOL_TEST_READY=1")
		cmd.Stdin = io.MultiReader(strings.NewReader("p cnf 1 1\n"), endless{})
		var out bytes.Buffer
		cmd.Stdout = &out
		pr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(pr)
		ready := false
		for sc.Scan() {
			if ready = sc.Text() == "qtool-test: signal handler ready"; ready {
				break
			}
		}
		if !ready {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the child never said that its signal handler is ready")
		}
		time.Sleep(100 * time.Millisecond) // well into the reading
		cmd.Process.Signal(sig)
		go io.Copy(io.Discard, pr)
		err = cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		want := map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143}[sig]
		if status, _ := satModel(t, out.String()); code != want || status != "UNKNOWN" {
			t.Errorf("%v: exit %d (want %d)\n%s", sig, code, want, out.String())
		}
	}
}
