package check

// FormatNames returns the format names the checker accepts after `format`
// without a warning (those toolspec asserts),
// for editors to complete (a copy: callers may not change the checker's).
func FormatNames() []string { return append([]string(nil), formatNames...) }
