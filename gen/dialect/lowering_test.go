package dialect

import (
	"regexp"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/clients"
)

// clientsLine is the header line declaring families, dropped from the
// lints' examples so they compile whatever they declare.
var clientsLine = regexp.MustCompile(`(?m)^clients .*\n`)

// TestLoweringDeclared: lang/clients says, per rule, whether the family's
// dialect lowers the construct (Rule.Lowering); the dialect does exactly
// that. Each construct's wrong example (lang/diag) holds the construct: our
// rule checker finds the family refusing or weakening its default schema,
// and finds the dialect schema clean exactly when the rule says lowered.
func TestLoweringDeclared(t *testing.T) {
	checked := 0
	for _, r := range clients.Rules {
		switch r.Construct {
		case clients.ToolCount, clients.OptionalCount, clients.NestingDepth, clients.ToolName:
			if r.Lowering != "" {
				t.Errorf("%s %s: a request limit or a name cannot be lowered", r.Family, r.Construct.Diag.Name)
			}
			continue
		}
		src := clientsLine.ReplaceAllString(r.Construct.Diag.Wrong, "")
		res := compile.Source("wrong.tspec", []byte(src))
		if res.Catalog == nil {
			t.Fatalf("%s: %v", r.Construct.Diag.Code, res.Diags)
		}
		tool := res.Catalog.Tools[0]
		ref, weak := judge(r.Family, schema.Input(tool))
		if ref == "" && weak == "" {
			continue // our checker does not model this rule (uncertain ones)
		}
		checked++
		ref, weak = judge(r.Family, InputSchema(tool, r.Family))
		clean := ref == "" && weak == ""
		if lowered := r.Lowering != ""; clean != lowered {
			t.Errorf("%s %s: the table says lowered=%v, the dialect schema leaves %q %q\n%s", r.Family, r.Construct.Diag.Name, lowered, ref, weak, InputSchema(tool, r.Family))
		}
	}
	t.Logf("%d rules checked", checked)
	if checked < 15 {
		t.Errorf("only %d rules checked", checked)
	}
}
