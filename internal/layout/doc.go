// Package layout holds the test of the module's import rule: the table of
// docs/design.md ("Which package may import which"), checked against
// `go list` by TestLayout. It has no code of its own.
package layout
