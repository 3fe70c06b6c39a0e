package main

import "github.com/qtool-project/qtool/search"

// joinDefaultMaxN is the largest order the join counter takes, the one
// backend.Default picks for an empty board up to it (search.JoinMaxN).
const joinDefaultMaxN = search.JoinMaxN
