package play_test

// The server runs the backends built into qtool.
import _ "github.com/qtool-project/qtool/backend/all"
