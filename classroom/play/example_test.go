package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/qtool-project/qtool/classroom/play"
)

// A server on a free port of the loopback interface, as qtool play runs it;
// the page asks it which methods it can show, and has a board checked.
func ExampleServer() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- play.New(port).Serve(ctx, ln) }()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)

	resp, err := http.Get(base + "/api/info")
	if err != nil {
		panic(err)
	}
	var info struct{ Methods []string }
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	fmt.Println(info.Methods)

	resp, err = http.Post(base+"/api/check", "application/json", strings.NewReader(`{"n":4,"queens":[[0,1],[2,3]]}`))
	if err != nil {
		panic(err)
	}
	var v struct {
		Message string
		Pair    [][2]int
	}
	json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	fmt.Println(v.Message, v.Pair)

	stop()
	fmt.Println(<-done)
	// Output:
	// [backtrack bitmask dlx minconflicts]
	// illegal: queens at (0,1) b1 and (2,3) d3 share a diagonal [[0 1] [2 3]]
	// <nil>
}
