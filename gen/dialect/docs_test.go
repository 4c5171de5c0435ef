package dialect

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/token"
)

const docsPath = "../../docs/clients.md"

// docsHeadPath is the hand-written part of docs/clients.md; TestDocsCurrent
// puts lang/clients' map of known clients in place of its {{client map}}
// line and the tables after it.
const docsHeadPath = "testdata/clients.head.md"

// silentDrops lists, for a dialect schema and the default one it was
// lowered from, the keywords dropped with no note in the description.
// additionalProperties and prefixItems are left out: the first is the
// server's to enforce (docs/clients.md), the second leaves a tuple note.
func silentDrops(def, dia *node) []string {
	var out []string
	if dia == nil {
		return nil
	}
	var dropped []string
	for _, k := range def.keys {
		if !dia.has(k) && k != "additionalProperties" && k != "prefixItems" {
			dropped = append(dropped, k)
		}
	}
	if len(dropped) > 0 && dia.str("description") == def.str("description") {
		out = append(out, dropped...)
	}
	if p := def.obj("properties"); p != nil {
		for _, k := range p.keys {
			out = append(out, silentDrops(p.obj(k), objOr(dia.obj("properties")).obj(k))...)
		}
	}
	if it := def.obj("items"); it != nil && def.has("prefixItems") == false {
		out = append(out, silentDrops(it, dia.obj("items"))...)
	}
	return out
}

type row struct {
	family                                             string
	beforeRefused, beforeWeak, afterRefused, afterWeak int
	limits                                             []string
	example                                            string
}

func tally(t *testing.T) []row {
	r := compile.File("../../specs/t27mcp/tool_schema.tspec")
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	var rows []row
	for _, fam := range clients.Names() {
		rw := row{family: fam}
		for _, tool := range r.Catalog.Tools {
			def := schema.Input(tool)
			dia := InputSchema(tool, fam)
			ref, weak := judge(fam, def)
			if ref != "" || !nameOK(fam, tool.Name) {
				rw.beforeRefused++
			} else if weak != "" {
				rw.beforeWeak++
			}
			ref, weak = judge(fam, dia)
			dv, _ := parse(def)
			av, _ := parse(dia)
			drops := silentDrops(dv.(*node), av.(*node))
			if ref != "" || !nameOK(fam, tool.Name) {
				rw.afterRefused++
				if rw.example == "" {
					rw.example = tool.Name + ": " + ref
				}
			} else if len(drops) > 0 || weak != "" {
				rw.afterWeak++
				if rw.example == "" {
					rw.example = tool.Name + ": " + weak + " drops " + strings.Join(drops, ", ")
				}
			}
		}
		for _, d := range clients.Lint(r.Catalog, []string{fam}, token.Warning, clients.Options{}) {
			if d.Code == clients.ToolCount.Diag.Code || d.Code == clients.OptionalCount.Diag.Code {
				_, detail, _ := strings.Cut(d.Msg, "carries (")
				detail, _, _ = strings.Cut(detail, ")")
				what := "tools"
				if d.Code == clients.OptionalCount.Diag.Code {
					what = "optional parameters"
				}
				rw.limits = append(rw.limits, what+": "+detail)
			}
		}
		rows = append(rows, rw)
	}
	return rows
}

// TestAfterTables: on the reference catalog, every family's dialect table
// is refused by none of our rule checkers and weakens nothing silently.
func TestAfterTables(t *testing.T) {
	for _, rw := range tally(t) {
		if rw.afterRefused > 0 || rw.afterWeak > 0 {
			t.Errorf("%s: %d refused, %d silently weakened (%s)", rw.family, rw.afterRefused, rw.afterWeak, rw.example)
		}
	}
}

// TestDocsCurrent: docs/clients.md is what the rule table and the tally
// of the reference catalog render; -update rewrites it.
func TestDocsCurrent(t *testing.T) {
	head, err := os.ReadFile(docsHeadPath)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	head = []byte(strings.Replace(string(head), "{{client behaviour}}\n", clients.BehavioursMarkdown(), 1))
	b.WriteString(strings.Replace(string(head), "{{client map}}\n", clients.ClientsMarkdown(), 1))
	b.WriteString("\n## The reference catalog, before and after\n\n")
	b.WriteString("specs/t27mcp/tool_schema.tspec, 27 tools, judged by the rule checkers of gen/dialect's tests (lang/clients' rules read on the JSON): the default tables against the dialect tables (`gen-json --dialect FAMILY`). \"Weakened\" counts tools the family accepts but reads less strictly than the spec says, with no note in a description (after) or silently (before). Produced by `go test ./gen/dialect -run TestDocsCurrent -update`.\n\n")
	b.WriteString("| family | default: refused | default: weakened | dialect: refused | dialect: weakened | request limits (no dialect can lower) |\n|---|---|---|---|---|---|\n")
	for _, rw := range tally(t) {
		lim := strings.Join(rw.limits, "; ")
		if lim == "" {
			lim = "none"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s |\n", rw.family, rw.beforeRefused, rw.beforeWeak, rw.afterRefused, rw.afterWeak, lim)
	}
	b.WriteString("\n## The rules, with their sources\n\n")
	b.WriteString("One row per rule of lang/clients' table (the research notes: shared/research/client-compat.md). Each construct is one lint code (`toolspec explain CODE`).\n\n")
	b.WriteString(clients.Markdown())
	got := b.String()
	if *update {
		if err := os.WriteFile(docsPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("docs/clients.md is stale; run go test ./gen/dialect -run TestDocsCurrent -update (-want +got):\n%s", diff)
	}
}
