package report

import (
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// Example is an `example` value of a row: an implicit accept fixture of
// that row. It kills a mutant of the row (or of a row below it) that
// rejects it, like a test's fixture would. It is reported apart from the
// tests and is not counted in the last line: an example that kills no
// mutant is not vacuous, it documents.
type Example struct {
	// Where names the row as mutants do: "TOOL in.ROW", "group NAME.ROW".
	Where string          `json:"where"`
	Tool  string          `json:"tool"`
	Value json.RawMessage `json:"value"`
	Kills int             `json:"kills"`
	// Name is how killed_by names it: "example of WHERE", numbered when
	// the row has several.
	Name string `json:"name"`
}

// collectExamples registers every example of every row as a fixture that
// held (after checking it does hold: the checker already did), so that
// mutants run it. A row of a group is visited once, under its first tool.
func (s *suite) collectExamples() []Example {
	var out []Example
	seen := map[*model.Type]bool{}
	var walk func(t *model.Type, where string, tg target)
	walk = func(t *model.Type, where string, tg target) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		for i, e := range t.Examples {
			name := "example of " + where
			if len(t.Examples) > 1 {
				name = "example " + strconv.Itoa(i+1) + " of " + where
			}
			ex := Example{Where: where, Tool: s.cat.Tools[tg.tool].Name, Value: e, Name: name}
			if sch, err := s.compile(schema.Type(t)); err == nil {
				if fails, err := sch.Validate(e); err == nil && len(fails) == 0 {
					fx := &model.Fixture{Accept: true, Tool: ex.Tool, Output: tg.out, Value: e}
					id := len(s.refs)
					s.refs = append(s.refs, fixtureRef{len(s.cat.Tests) + len(out), fx, tg})
					s.fails = append(s.fails, nil)
					s.passing[tg] = append(s.passing[tg], id)
					s.observeFrom(t, e, id)
				}
			}
			out = append(out, ex)
		}
		eachChild(t, where, func(_ *model.Field, child *model.Type, cw string) { walk(child, cw, tg) })
	}
	for i, tool := range s.cat.Tools {
		walk(tool.Input, quoteName(tool.Name)+" in", target{i, false})
		if tool.Output != nil {
			walk(tool.Output, quoteName(tool.Name)+" out", target{i, true})
		}
	}
	for _, ex := range out {
		s.owners = append(s.owners, ex.Name)
	}
	s.kills = make([]int, len(s.owners))
	return out
}
