package check

import "github.com/toolspec/toolspec/lang/suggest"

// didYouMean returns `; did you mean X?` for the closest candidate within a
// few edits of name, or "".
func didYouMean(name string, candidates []string) string {
	best, ok := suggest.Nearest(name, candidates)
	if !ok {
		return ""
	}
	return "; did you mean " + quoteName(best) + "?"
}
