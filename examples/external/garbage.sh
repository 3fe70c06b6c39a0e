#!/bin/sh
# A solver that prints garbage (protocol dimacs): the harness must report
# the line it cannot read, not crash.
cat > /dev/null
echo "c thinking"
echo "s SATISFIABLE"
echo "v 1 -2 three 0"
