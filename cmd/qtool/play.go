package main

import (
	"context"
	_ "embed"
	"fmt"
	"net"
	"strconv"

	"github.com/qtool-project/qtool/classroom/play"
)

func init() {
	register(command{name: "play", summary: "the classroom: watch a search, place queens, have them checked (a local page)", run: runPlay})
}

// playUsage is the help of qtool play (help/play.txt).
//
//go:embed help/play.txt
var playUsage string

func runPlay(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("play", playUsage)
	var port int
	intFlag(fs, &port, "port", 0, "TCP `port` on 127.0.0.1 (0 = any free port)")
	if err := parseNone(c, fs, args); err != nil {
		return err
	}
	if port < 0 || port > 65535 {
		return usageErrorf("--port must be 0 to 65535, got %d", port)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return usageErrorf("cannot listen on 127.0.0.1:%d: %v", port, err)
	}
	port = ln.Addr().(*net.TCPAddr).Port
	fmt.Fprintf(c.stdout, "http://127.0.0.1:%d/\n", port)
	fmt.Fprintln(c.stderr, "qtool play: serving the classroom page on 127.0.0.1 only; Ctrl-C stops")
	if err := play.New(port).Serve(ctx, ln); err != nil {
		return err
	}
	if ctx.Err() != nil {
		fmt.Fprintln(c.stderr, "qtool play: stopped")
		return withCode(exitInterrupted, nil)
	}
	return nil
}
