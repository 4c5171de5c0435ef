package report

import (

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
	// Mutants, Killed, Survived and Invalid count the mutants listed under
	// the tool: those of its own rows, and those of a group's rows under
	// the first tool that uses the group, so that the tools' counts add up
	// to the report's.
	Mutants  int `json:"mutants"`
	Killed   int `json:"killed"`
	Survived int `json:"survived"`
	Invalid  int `json:"invalid"`
	// Acknowledged survivors are counted apart from Survived.
	Acknowledged int `json:"acknowledged"`
	// Untested is set when some mutant changes the tool's schemas (its own
	// rows or a group's) and no fixture names the tool: the run fails
	// (LANGUAGE.md section 7).
	Untested bool `json:"untested"`
}

func (s *suite) toolSummaries(muts []Mutant) []ToolSummary {
	// One pass over the fixtures and one over the mutants, each tool
	// found by name: a pass per tool was quadratic (Stripe's parts: 226
	// tools, 66 000 mutants).
	index := make(map[string]int, len(s.cat.Tools))
	out := make([]ToolSummary, len(s.cat.Tools))
	for i, t := range s.cat.Tools {
		index[t.Name] = i
		out[i] = ToolSummary{Tool: t.Name, Rows: countRows(t.Input) + countRows(t.Output)}
	}
	for _, test := range s.cat.Tests {
		for _, fx := range test.Fixtures {
			if i, ok := index[fx.Tool]; ok {
				out[i].Fixtures++
			}
		}
	}
	mutated := make([]bool, len(out))
	for _, m := range muts {
		for _, name := range m.Tools {
			if i, ok := index[name]; ok {
				mutated[i] = true
			}
		}
		if len(m.Tools) == 0 {
			continue
		}
		i, ok := index[m.Tools[0]]
		if !ok {
			continue
		}
		ts := &out[i]
		ts.Mutants++
		switch m.Verdict {
		case Killed:
			ts.Killed++
		case Survived:
			ts.Survived++
		case Invalid:
			ts.Invalid++
		case Acknowledged:
			ts.Acknowledged++
		}
	}
	for i := range out {
		out[i].Untested = mutated[i] && out[i].Fixtures == 0
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
