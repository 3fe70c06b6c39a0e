#!/bin/sh
# A deliberately wrong solver (protocol dimacs): it reads the formula and
# claims that variables 1 to 8 (on an empty board of order 8 or more, the
# whole first row) are true, which the harness must catch.
cat > /dev/null
echo "s SATISFIABLE"
echo "v 1 2 3 4 5 6 7 8 0"
