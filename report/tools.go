package report

import (
	"slices"

	"github.com/toolspec/toolspec/model"
)

// ToolSummary is one line of the per-tool summary that opens the report.
type ToolSummary struct {
	Tool string `json:"tool"`
	// Rows counts the rows of the tool's input and output, nested ones
	// and those from groups included.
	Rows int `json:"rows"`
	// Fixtures counts the test fixtures that name the tool.
	Fixtures int `json:"fixtures"`
	// Mutants, Killed, Survived and Invalid count the mutants that change
	// the tool's schemas (a group row's mutant counts for every tool that
	// uses the group).
	Mutants  int `json:"mutants"`
	Killed   int `json:"killed"`
	Survived int `json:"survived"`
	Invalid  int `json:"invalid"`
}

func (s *suite) toolSummaries(muts []Mutant) []ToolSummary {
	out := make([]ToolSummary, len(s.cat.Tools))
	for i, t := range s.cat.Tools {
		ts := ToolSummary{Tool: t.Name, Rows: countRows(t.Input) + countRows(t.Output)}
		for _, test := range s.cat.Tests {
			for _, fx := range test.Fixtures {
				if fx.Tool == t.Name {
					ts.Fixtures++
				}
			}
		}
		for _, m := range muts {
			if !slices.Contains(m.Tools, t.Name) {
				continue
			}
			ts.Mutants++
			switch m.Verdict {
			case Killed:
				ts.Killed++
			case Survived:
				ts.Survived++
			case Invalid:
				ts.Invalid++
			}
		}
		out[i] = ts
	}
	return out
}

func countRows(t *model.Type) int {
	if t == nil {
		return 0
	}
	n := 0
	t.Children(func(f *model.Field, _ int, c *model.Type) {
		if f != nil {
			n++
		}
		n += countRows(c)
	})
	return n
}
