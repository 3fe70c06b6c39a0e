package main

import (
	"fmt"
	"io"

	"github.com/qtool-project/qtool/internal/machine"
)

// versionText is what qtool --version prints: the module's version, the
// VCS revision and time it was built from (with "+dirty" for uncommitted
// changes) and the Go version, from the build information the go command
// embeds (machine.Build).
func versionText() string {
	version, rev, at, goVersion, ok := machine.Build()
	if !ok {
		return "qtool (no build information)\n"
	}
	out := "qtool " + version
	if rev != "" {
		out += " " + rev
		if at != "" {
			out += " (" + at + ")"
		}
	}
	return out + ", " + goVersion + "\n"
}

func printVersion(w io.Writer) error {
	_, err := fmt.Fprint(w, versionText())
	return err
}
