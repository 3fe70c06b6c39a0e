package experiments_test

// The tests run every backend built into qtool.
import _ "github.com/qtool-project/qtool/backend/all"
