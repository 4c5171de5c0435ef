package clients

import (
	"fmt"
	"strings"
)

// Markdown renders the rule table for docs/clients.md: one row per rule,
// family by family.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| family | construct | code | effect | limit | the family's dialect | status | source |\n|---|---|---|---|---|---|---|---|\n")
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
			lowering := r.Lowering
			if lowering == "" {
				lowering = "cannot lower it"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", f.Name, strings.ReplaceAll(r.Construct.What, "|", "\\|"), r.Construct.Diag.Code, r.Effect, limit, lowering, status, r.Source)
		}
	}
	return b.String()
}

// ClientsMarkdown renders the default map from clientInfo.name to family
// for docs/clients.md, one row per known client.
func ClientsMarkdown() string {
	var b strings.Builder
	b.WriteString("| clientInfo.name | client | family (default dialect) | evidence | source | note |\n|---|---|---|---|---|---|\n")
	for _, c := range Clients {
		fam := c.Family
		if fam == "" {
			fam = "none (the standard table)"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", c.Name, c.App, fam, c.Evidence, c.Source, strings.ReplaceAll(c.Note, "|", "\\|"))
	}
	return b.String()
}
