package check

import "github.com/toolspec/toolspec/lang/diag"

// didYouMean returns `; did you mean X?` for the closest candidate within a
// few edits of name (diag.Closest), or "".
func didYouMean(name string, candidates []string) string {
	best := diag.Closest(name, candidates)
	if best == "" {
		return ""
	}
	return "; did you mean " + quoteName(best) + "?"
}
