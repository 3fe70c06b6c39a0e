package main

import (
	"flag"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/backend/peer"
)

// addExecFlags adds --protocol and --name, which say how a backend
// exec:PROGRAM talks to its program and what to call it (docs/external.md).
func addExecFlags(fs *flag.FlagSet, p *problemFlags) {
	fs.StringVar(&p.protocol, "protocol", "dimacs", "with --backend exec:PROGRAM: what the program reads and prints, one of "+strings.Join(peer.Protocols, ", ")+" (see docs/external.md)")
	fs.StringVar(&p.execName, "name", "", "with --backend exec:PROGRAM: the `NAME` it is shown under (default exec:PROGRAM)")
}

// lookupExec returns backend name; exec:PROGRAM is made with the protocol
// and the name given.
func lookupExec(name, protocol, display string) (backend.Backend, error) {
	if cmd, ok := strings.CutPrefix(name, peer.ExecPrefix); ok {
		return peer.NewExec(cmd, protocol, display)
	}
	return findBackend(name)
}
