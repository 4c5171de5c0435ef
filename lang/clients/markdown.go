package clients

import (
	"fmt"
	"strings"
)

// Markdown renders the rule table for docs/clients.md: one row per rule,
// family by family.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| family | construct | code | effect | limit | status | source |\n|---|---|---|---|---|---|---|\n")
	for _, f := range Families {
		for _, r := range RulesOf(f.Name) {
			limit := ""
			if r.Limit > 0 {
				limit = fmt.Sprint(r.Limit)
				if r.Prefixed {
					limit += " with the server-name prefix"
				}
			}
			if r.Name != nil {
				limit = strings.TrimSpace(limit + " `" + r.Name.String() + "`")
			}
			status := "confirmed"
			if r.Uncertain {
				status = "uncertain"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", f.Name, strings.ReplaceAll(r.Construct.What, "|", "\\|"), r.Construct.Diag.Code, r.Effect, limit, status, r.Source)
		}
	}
	return b.String()
}
