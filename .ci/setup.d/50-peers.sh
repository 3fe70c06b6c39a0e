# Other communities' solvers for the exports (package export) and the peer
# backends (gecode, clasp, cbc, glpk): MiniZinc with Gecode (the flatzinc
# package is Gecode's fzn-gecode), gringo and clasp, CBC and GLPK. Their
# tests skip with a message when a program is absent.
ci_apt_install minizinc flatzinc gringo clasp coinor-cbc glpk-utils
