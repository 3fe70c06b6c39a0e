package backend

import (
	"fmt"
	"sort"
	"strings"
)

// registry holds the registered backends by name. It is written only by
// Register, from the init functions of the adapter packages, and read
// afterwards: no lock.
var registry = map[string]Backend{}

// Register adds a backend under its name. It panics on a duplicate name.
func Register(b Backend) {
	if _, dup := registry[b.Name()]; dup {
		panic("backend registered twice: " + b.Name())
	}
	registry[b.Name()] = b
}

// Lookup returns the backend with the given name.
func Lookup(name string) (Backend, error) {
	if b, ok := registry[name]; ok {
		return b, nil
	}
	if b, ok, err := lookupPrefix(name); ok {
		return b, err
	}
	return nil, fmt.Errorf("backend: unknown backend %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the registered backends in alphabetical order.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// LookupFold is Lookup with the case of the name ignored ("DLX" is dlx);
// the error is Lookup's.
func LookupFold(name string) (Backend, error) {
	b, err := Lookup(name)
	if err == nil {
		return b, nil
	}
	for _, known := range Names() {
		if strings.EqualFold(known, name) {
			return Lookup(known)
		}
	}
	return nil, err
}
