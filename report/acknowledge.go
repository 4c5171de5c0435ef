package report

import (
	"fmt"

	"github.com/toolspec/toolspec/model"
)

// Acknowledgment is one `survives TOOL PATH KEYWORD because "reason"` line
// of the spec: PASS with the mutants it accepts, or FAIL when no
// surviving mutant matches it (LANGUAGE.md section 7).
type Acknowledgment struct {
	Pos     string  `json:"pos"`
	Tool    string  `json:"tool"`
	Path    string  `json:"path"`
	Keyword string  `json:"keyword"`
	Reason  string  `json:"reason"`
	Verdict Verdict `json:"verdict"`
	// Mutants counts the survivors it accepts.
	Mutants int `json:"mutants"`
	// Problem says why a FAIL matches nothing.
	Problem string `json:"problem,omitempty"`
}

// acknowledge marks the survivors each `survives` line accepts as
// ACKNOWLEDGED, with its reason. A mutant matches a line when it changes
// the line's keyword at the place its path leads to: the row for a row
// mutant (flip required, drop row), the row's type for any other. A row
// of a group is one place whichever tool's path names it.
func acknowledge(lines []*model.Survives, muts []*mutant, results []Mutant) []Acknowledgment {
	out := make([]Acknowledgment, 0, len(lines))
	for _, l := range lines {
		a := Acknowledgment{Pos: l.Pos.String(), Tool: l.Tool, Path: l.Path, Keyword: l.Keyword, Reason: l.Reason, Verdict: Pass}
		killed, invalid := 0, 0
		for i, m := range muts {
			if m.keyword != l.Keyword || l.Type == nil {
				continue
			}
			if m.field != nil && m.field != l.Field || m.field == nil && m.typ != l.Type {
				continue
			}
			switch r := &results[i]; r.Verdict {
			case Survived, Acknowledged:
				r.Verdict, r.Reason = Acknowledged, l.Reason
				a.Mutants++
			case Killed:
				killed++
			case Invalid:
				invalid++
			}
		}
		if a.Mutants == 0 {
			a.Verdict = Fail
			switch {
			case killed > 0:
				a.Problem = fmt.Sprintf("no surviving mutant matches it: the tests kill %s there; remove the line", plural(killed, "mutant"))
			case invalid > 0:
				a.Problem = "no surviving mutant matches it: its mutants there are invalid; remove the line"
			default:
				a.Problem = "no mutant changes " + l.Keyword + " there; remove the line"
			}
		}
		out = append(out, a)
	}
	return out
}
