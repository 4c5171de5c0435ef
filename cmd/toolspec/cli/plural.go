package cli

import "fmt"

// count is n and a noun, the noun in the plural unless n is 1: "1 tool",
// "2 tools". plural is the noun's plural when adding "s" is wrong.
func count(n int, noun string, plural ...string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	if len(plural) > 0 {
		return fmt.Sprintf("%d %s", n, plural[0])
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// agree is the verb "agree" for n subjects.
func agree(n int) string {
	if n == 1 {
		return "agrees"
	}
	return "agree"
}
