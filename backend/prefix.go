package backend

import "strings"

// prefixes holds the makers of backends named by a prefix and an
// argument, e.g. "exec:PROGRAM": written only by RegisterPrefix, from init
// functions.
var prefixes = map[string]func(arg string) (Backend, error){}

// RegisterPrefix has Lookup make the backend of every name that starts
// with prefix (e.g. "exec:") by calling make with the rest of the name.
// It panics on a duplicate prefix.
func RegisterPrefix(prefix string, make func(arg string) (Backend, error)) {
	if _, dup := prefixes[prefix]; dup {
		panic("backend prefix registered twice: " + prefix)
	}
	prefixes[prefix] = make
}

// lookupPrefix makes the backend of a name with a registered prefix.
func lookupPrefix(name string) (Backend, bool, error) {
	for p, mk := range prefixes {
		if arg, ok := strings.CutPrefix(name, p); ok {
			b, err := mk(arg)
			return b, true, err
		}
	}
	return nil, false, nil
}
