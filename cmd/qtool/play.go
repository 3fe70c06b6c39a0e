package main

import (
	"context"
	"fmt"
	"net"
	"strconv"

	"github.com/qtool-project/qtool/classroom/play"
)

func init() {
	register(command{name: "play", summary: "the classroom: watch a search, place queens, have them checked (a local page)", run: runPlay})
}

const playUsage = `
Usage: qtool play [--port P]

Serves the classroom page on 127.0.0.1 and prints its address on the first
line of output; open it in a browser on this machine. On the page: choose n
(1 to 32) and a method, then step, run (with a speed), pause, go on to the
next solution, or finish (count the rest at full speed); or switch to "your
turn", place queens by clicking, check them, complete the board with a
backend, and download it as a board file or an SVG picture. Beside the
board the search tree grows (click a node to see its board); "side by side"
steps or races two or three methods on one board; "growth" counts n = 4 to
N with the real searches and plots nodes and time with n!, and runs the
classic bugs against the right count. Every step downloads as SVG or PNG.
The page speaks English, German, Catalan and Simplified Chinese (the
browser's language or the switch at the top). Keyboard: s step, r run, p
pause, n next solution, f finish; Tab and the arrow keys reach every
control, square and tree node. Several tabs run their searches at once;
closing a tab stops its search. Only the page itself may use the API (other
origins are refused). Nothing is fetched from or sent to the network.
Ctrl-C stops the server.

--port P serves on a port of your choice instead of a free one.

Examples:
  qtool play
`

func runPlay(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("play", playUsage)
	var port int
	intFlag(fs, &port, "port", 0, "TCP `port` on 127.0.0.1 (0 = any free port)")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("play: unexpected argument %q (see qtool play --help)", operands[0])
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
