package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestPlayCommand runs qtool play as a user would: the first line of output
// is the page's address on 127.0.0.1, the page and its assets come from the
// binary and name no other host, and an interrupt stops the server (exit
// 130).
func TestPlayCommand(t *testing.T) {
	pr, pw := io.Pipe()
	var errOut strings.Builder
	c := &cli{stdin: strings.NewReader(""), stdout: pw, stderr: &errOut}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- runContext(ctx, c, []string{"play"})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("first line %q is not the page's address", line)
	}
	go io.Copy(io.Discard, pr)
	for _, path := range []string{"", "app.js", "style.css"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) < 100 {
			t.Errorf("%s: %d, %d bytes", path, resp.StatusCode, len(body))
		}
		if strings.Contains(string(body), "://") {
			t.Errorf("%s names another host: the page must load nothing from the network", path)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
	}
	cancel()
	err = <-done
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitInterrupted {
		t.Errorf("interrupted play ended with %v, want exit 130", err)
	}
	out, _, code := qtool(t, "", "play", "--port", "70000")
	if code != 2 {
		t.Errorf("--port 70000: exit %d %q", code, out)
	}
	for _, cmd := range []string{"play", "trace"} {
		out, errOut, code := qtool(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "Usage: qtool "+cmd) || errOut != "" {
			t.Errorf("%s --help: exit %d, %q %q", cmd, code, out, errOut)
		}
	}
}
