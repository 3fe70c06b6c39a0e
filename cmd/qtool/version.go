package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// versionText is what qtool --version prints: the module's version, the
// VCS revision and time it was built from (with "+dirty" for uncommitted
// changes) and the Go version, from the build information the go command
// embeds (debug.ReadBuildInfo).
func versionText() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "qtool (no build information)\n"
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	out := fmt.Sprintf("qtool %s", version)
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		out += " " + rev
		if at != "" {
			out += " (" + at + ")"
		}
	}
	return out + ", " + bi.GoVersion + "\n"
}

func printVersion(w io.Writer) error {
	_, err := fmt.Fprint(w, versionText())
	return err
}
