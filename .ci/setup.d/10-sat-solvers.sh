# Outside SAT solvers for the cross-check tests (they skip with a message
# when a solver is absent, so a failed install is not fatal).
ci_apt_install minisat picosat cadical
