package cli

import (
	"io"
	"os"
	"strings"
)

// ANSI colours for what a reader looks for first: errors and failures in
// red, warnings and survivors in yellow, passes in green.
const (
	red    = "\033[31m"
	yellow = "\033[33m"
	green  = "\033[32m"
	reset  = "\033[0m"
)

// wantColour reports whether output to w may be coloured: w is a terminal
// and NO_COLOR (https://no-color.org) is unset or empty.
func wantColour(w io.Writer) bool {
	return os.Getenv("NO_COLOR") == "" && isTerminal(w)
}

// severities colour the severity word of a diagnostic line.
var severities = []struct{ word, colour string }{
	{": error: ", red},
	{": warning: ", yellow},
}

// paint colours the severity of one diagnostic line when colour is on.
func (e *env) paint(line string) string {
	if !e.colour {
		return line
	}
	return paintDiag(line)
}

func paintDiag(line string) string {
	for _, s := range severities {
		if i := strings.Index(line, s.word); i >= 0 {
			word := s.word[2 : len(s.word)-2]
			return line[:i+2] + s.colour + word + reset + line[i+len(s.word)-2:]
		}
	}
	return line
}

// verdicts colour the first word of a test-report line.
var verdicts = map[string]string{
	"PASS": green, "KILLED": green,
	"FAIL": red, "VACUOUS": red,
	"SURVIVED": yellow,
}

// paintReport colours the verdict that starts each line of a test report.
func paintReport(text []byte) []byte {
	lines := strings.SplitAfter(string(text), "\n")
	for i, l := range lines {
		body := strings.TrimLeft(l, " ")
		word, _, _ := strings.Cut(body, " ")
		if c, ok := verdicts[strings.TrimSuffix(word, "\n")]; ok {
			indent := l[:len(l)-len(body)]
			lines[i] = indent + c + word + reset + body[len(word):]
		}
	}
	return []byte(strings.Join(lines, ""))
}
