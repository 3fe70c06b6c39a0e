package dlx

// The tests run several workers on any machine, so that the split is
// exercised with more workers than this machine may have processors.
func init() { workerCap = func() int { return 8 } }
