package suggest

import "sort"

// Nearest returns the candidate closest to name, within about a third of
// its length in edits, and whether there is one. Ties go to the first in
// sorted order, so the answer does not depend on the candidates' order.
func Nearest(name string, candidates []string) (string, bool) {
	best, bestDist := "", len(name)/3+2
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, cand := range sorted {
		if d := Distance(name, cand); d < bestDist {
			best, bestDist = cand, d
		}
	}
	return best, best != ""
}

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
