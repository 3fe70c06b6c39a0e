# CryptoMiniSat 5 (Debian package cryptominisat, program cryptominisat5) for
# the external-solver backends and their tests, which skip with a message
# when it is absent. minisat, picosat and cadical come from 10-sat-solvers.sh.
ci_apt_install cryptominisat
