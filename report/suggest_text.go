package report

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/internal/sizecap"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
)

// maxKillsNamed bounds the comments over a suggested fixture: one that
// kills more mutants names the first ones and counts the rest.
const maxKillsNamed = 8

// SuggestedTests writes the suggested fixtures as test blocks, one per
// tool in the order of its first survivor, each fixture under comments
// naming the mutants it kills (at most maxKillsNamed, then how many
// more): ready to paste into the spec. Test names
// are "TOOL: suggested by test-report", numbered when the spec already
// has a test of that name. It is "" when there is nothing to suggest.
func (rep *Report) SuggestedTests() string {
	taken := map[string]bool{}
	for _, t := range rep.Tests {
		taken[t.Name] = true
	}
	type line struct {
		fixture string
		kills   []string
	}
	var tools []string
	byTool := map[string][]*line{}
	for _, sg := range rep.Suggestions {
		if sg.Fixture == "" {
			continue
		}
		lines, seen := byTool[sg.Tool]
		if !seen {
			tools = append(tools, sg.Tool)
		}
		var l *line
		for _, x := range lines {
			if x.fixture == sg.Fixture {
				l = x
			}
		}
		if l == nil {
			l = &line{fixture: sg.Fixture}
			byTool[sg.Tool] = append(lines, l)
		}
		l.kills = append(l.kills, sg.Mutant)
	}
	var b strings.Builder
	for i, tool := range tools {
		name := tool + ": suggested by test-report"
		for n := 2; taken[name]; n++ {
			name = tool + ": suggested by test-report " + strconv.Itoa(n)
		}
		taken[name] = true
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "test %s {\n", jsonstr.Quote(name))
		for _, l := range byTool[tool] {
			for i, k := range l.kills {
				if i == maxKillsNamed && len(l.kills) > maxKillsNamed+1 {
					fmt.Fprintf(&b, "  // and %d more (test-report -v names them)\n", len(l.kills)-i)
					break
				}
				// A comment ends at the line's end: keep the mutant's
				// description on one line whatever its pattern holds.
				fmt.Fprintf(&b, "  // kills %s\n", strings.NewReplacer("\n", `\n`, "\r", `\r`, "\u2028", `\u2028`, "\u2029", `\u2029`).Replace(k))
			}
			fmt.Fprintf(&b, "  %s\n", l.fixture)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// SuggestedSurvives writes the acknowledgments proposed for the survivors
// no fixture kills, one line each, in the order of their first survivor.
// It is "" when every survivor got a fixture.
func (rep *Report) SuggestedSurvives() string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, sg := range rep.Suggestions {
		if sg.Survives != "" && !seen[sg.Survives] {
			seen[sg.Survives] = true
			b.WriteString(sg.Survives + "\n")
		}
	}
	return b.String()
}

// maxWritten is the largest spec WithSuggestions returns: what check
// reads (a variable for the tests).
var maxWritten int64 = sizecap.Spec

// ErrNothingToSuggest is returned by WithSuggestions when no survivor got
// a fixture.
var ErrNothingToSuggest = errors.New("no fixture to add")

// WithSuggestions returns the spec source with the suggested test blocks
// and acknowledgments appended, formatted canonically (comments kept). It
// fails, and the caller must write nothing, when the result does not
// compile cleanly.
func (rep *Report) WithSuggestions(filename string, src []byte) ([]byte, error) {
	tests, survives := rep.SuggestedTests(), rep.SuggestedSurvives()
	if tests == "" && survives == "" {
		return nil, ErrNothingToSuggest
	}
	text := append(bytes.TrimRight(bytes.Clone(src), "\n\t "), "\n\n"...)
	text = append(text, tests...)
	if survives != "" {
		text = append(append(text, '\n'), survives...)
	}
	p := parser.Parse(filename, text)
	if p.File == nil || p.Diags.HasErrors() {
		return nil, fmt.Errorf("the spec with the suggested tests does not parse: %v", p.Diags)
	}
	out := format.Source(p.File, p.Comments)
	if int64(len(out)) > maxWritten {
		return nil, fmt.Errorf("the spec with the suggested tests would be %s, over the %s a spec may be: split it (import openapi --split DIR writes parts of at most 4 MiB)", sizecap.Text(int64(len(out))), sizecap.Text(maxWritten))
	}
	if r := compile.Source(filename, out); r.Catalog == nil {
		return nil, fmt.Errorf("the spec with the suggested tests does not check: %v", r.Diags)
	}
	return out, nil
}

// suggestionsText writes the suggestions section of the text report.
func (rep *Report) suggestionsText(b *bytes.Buffer) {
	with := 0
	var without []Suggestion
	for _, sg := range rep.Suggestions {
		if sg.Fixture != "" {
			with++
		} else {
			without = append(without, sg)
		}
	}
	fmt.Fprintf(b, "\nsuggested fixtures (%d of %d surviving mutants get one, verified to kill it)\n", with, len(rep.Suggestions))
	if t := rep.SuggestedTests(); t != "" {
		b.WriteString(t)
	}
	// The survivors over a tool's budget are counted, a line a tool.
	var budgeted []string
	overBy := map[string]int{}
	for _, sg := range without {
		if sg.Reason == overBudget {
			if overBy[sg.Tool] == 0 {
				budgeted = append(budgeted, sg.Tool)
			}
			overBy[sg.Tool]++
			continue
		}
		fmt.Fprintf(b, "  no fixture for %s: %s\n", sg.Mutant, sg.Reason)
	}
	for _, tool := range budgeted {
		fmt.Fprintf(b, "  no fixture for %d survivors of %s: over the 16 KiB of fixtures --suggest makes a tool: not tried (run test-report after -w to see which the fixtures written kill; the others stay survivors, which only --strict fails on)\n", overBy[tool], tool)
	}
	if s := rep.SuggestedSurvives(); s != "" {
		b.WriteString("acknowledgments for the survivors without a fixture (-w writes them too):\n" + s)
	}
}
