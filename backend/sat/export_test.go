package sat

// SetCompactLimit replaces the memory limit of the compact formula's
// searches for a test and returns the function that restores it.
func SetCompactLimit(f func(loaded uint64) uint64) (restore func()) {
	old := compactLimit
	compactLimit = f
	return func() { compactLimit = old }
}

// SetModelCompactClauses replaces the size from which a model gets the
// compact formula for a test and returns the function that restores it.
func SetModelCompactClauses(c int) (restore func()) {
	old := modelCompactClauses
	modelCompactClauses = c
	return func() { modelCompactClauses = old }
}
