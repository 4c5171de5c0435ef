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
	b.WriteString("| clientInfo.name | client | family | served by default | evidence | source | note |\n|---|---|---|---|---|---|---|\n")
	for _, c := range Clients {
		fam, served := c.Family, c.Dialect()+" dialect"
		if fam == "" {
			fam = "none"
		}
		if c.Dialect() == "" {
			served = "the standard table"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", c.Name, c.App, fam, served, c.Evidence, c.Source, strings.ReplaceAll(c.Note, "|", "\\|"))
	}
	return b.String()
}

// BehavioursMarkdown renders Behaviours for docs/clients.md.
func BehavioursMarkdown() string {
	var b strings.Builder
	b.WriteString("| client | clientInfo.name | sends the input schema as | lowers itself | output schemas | injects | evidence | source |\n|---|---|---|---|---|---|---|---|\n")
	for _, x := range Behaviours {
		name := "the user's"
		if x.Client != "" {
			name = "`" + x.Client + "`"
		}
		var inj []string
		for _, in := range x.Injects {
			inj = append(inj, "`"+in.Name+"` ("+in.Type+"): "+in.Why)
		}
		if len(inj) == 0 {
			inj = []string{"nothing"}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", x.Who, name, x.Sends, x.Lowers, x.Outputs, strings.Join(inj, "; "), x.Evidence, x.Source)
	}
	return b.String()
}
