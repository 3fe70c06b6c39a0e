// Package all registers every backend built into qtool with package
// backend, by importing each adapter package for its side effect (as a
// program imports a database/sql driver):
//
//	import _ "github.com/qtool-project/qtool/backend/all"
//
// A program that wants fewer backends imports only those, e.g.
// _ "github.com/qtool-project/qtool/backend/bitmask". A new backend is
// one package (or one file of an existing one) and one line here.
package all

import (
	_ "github.com/qtool-project/qtool/backend/backtrack"    // backtrack, backtrack-rows
	_ "github.com/qtool-project/qtool/backend/bitmask"      // bitmask
	_ "github.com/qtool-project/qtool/backend/construct"    // construct
	_ "github.com/qtool-project/qtool/backend/dlx"          // dlx
	_ "github.com/qtool-project/qtool/backend/join"         // join, constellation, domains
	_ "github.com/qtool-project/qtool/backend/minconflicts" // minconflicts
	_ "github.com/qtool-project/qtool/backend/peer"         // gecode, clasp, cbc, glpk, exec:PROGRAM
	_ "github.com/qtool-project/qtool/backend/sat"          // sat, sat-ENC, external SAT solvers
)
