package preset

import (
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// Backends looks up the backends named in list (comma-separated, blanks
// and duplicates ignored) with lookup (nil: backend.Lookup); each must be
// able to do task on at least one of the boards (experiments.Supports),
// and what names the task in the refusal ("do mode count on these
// problems"). A backend that cannot run on this machine (an external
// solver not installed, backend.Unavailable) is kept: its cells are
// skipped. Every error is a *SettingError.
func Backends(list string, task experiments.Task, boards []encode.Board, what string, lookup func(string) (backend.Backend, error)) ([]backend.Backend, error) {
	o := Options{Lookup: lookup}
	var bs []backend.Backend
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		b, err := o.lookup(name)
		if err != nil {
			return nil, settingf("%v", err)
		}
		if backend.Unavailable(b) != nil {
			bs = append(bs, b) // its cells are skipped, with a note
			continue
		}
		// The reason given is the first board's, the smallest of a grid
		// of orders (--n 29-30: "cannot count n = 29").
		can, why := false, ""
		for _, p := range boards {
			ok, w := experiments.Supports(b, task, p)
			if ok {
				can = true
				break
			}
			if why == "" {
				why = w
			}
		}
		if !can {
			return nil, settingf("backend %s cannot %s: it %s", name, what, why)
		}
		bs = append(bs, b)
	}
	if len(bs) == 0 {
		return nil, settingf("--backends %q names no backend", list)
	}
	return bs, nil
}
