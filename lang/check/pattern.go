package check

import (
	"regexp"
	"strings"
)

// Temporary: replaced by the portable-pattern checker.
func patternProblem(p string) string {
	if _, err := regexp.Compile(p); err != nil {
		return "pattern does not compile as RE2: " + err.Error()
	}
	if strings.Contains(p, "(?") {
		return "not portable"
	}
	return ""
}
