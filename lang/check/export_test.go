package check

// SetParallelTools sets how many tools a check needs before it checks
// them in parallel (checkTools), for a test; restore sets it back.
func SetParallelTools(n int) (restore func()) {
	old := parallelTools
	parallelTools = n
	return func() { parallelTools = old }
}
