package dlx

// The tests run several workers on any machine, so that the split is
// exercised with more workers than this machine may have processors.
func init() { workerCap = func() int { return 8 } }

// SetZDDLimit sets the memory a ZDD may take, for a test; it returns the
// function that restores it.
func SetZDDLimit(b uint64) func() {
	old := zddLimit
	zddLimit = func() uint64 { return b }
	return func() { zddLimit = old }
}
