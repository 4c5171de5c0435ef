package report

import "github.com/toolspec/toolspec/lang/token"

// The checks of LANGUAGE.md section 6, in its order, as the report names
// them. Every control belongs to one of them.
const (
	checkRows     = "rows well formed"
	checkNames    = "names unique"
	checkTools    = "every tool has a description, an input and an output"
	checkGroups   = "groups used, known and acyclic"
	checkPatterns = "patterns portable"
	checkToolName = "tool names valid"
	checkFixtures = "tests name a tool and a direction it has"
	checkSpec     = "spec header well formed"
	checkEndpoint = "endpoints and request wiring"
	checkClients  = "declared client families read every tool"
)

var checkOrder = []string{checkRows, checkNames, checkTools, checkGroups, checkPatterns, checkToolName, checkFixtures, checkSpec, checkEndpoint, checkClients}

// runChecks lists the checks as they ran on the spec. The spec compiled,
// so each passed; warnings are attributed to the check whose rule gave them.
func runChecks(diags token.List) []Check {
	warnings := map[string]int{}
	for _, d := range diags {
		if d.Severity != token.Warning {
			continue
		}
		if c := byCode[d.Code]; c != nil {
			warnings[c.check]++
		}
	}
	out := make([]Check, len(checkOrder))
	for i, name := range checkOrder {
		out[i] = Check{Name: name, Verdict: Pass, Warnings: warnings[name]}
	}
	return out
}
