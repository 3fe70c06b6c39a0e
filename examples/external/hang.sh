#!/bin/sh
# A solver that never answers (any protocol): it starts a helper that
# sleeps, and sleeps itself; the harness must kill both at the time limit.
sleep 1000 &
sleep 1000
