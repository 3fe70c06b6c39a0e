package main

// Every backend built into qtool registers itself with package backend.
import _ "github.com/qtool-project/qtool/backend/all"
