package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/internal/sizecap"
	"github.com/toolspec/toolspec/specdiff"
)

func init() { register(diffCmd) }

func diffCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "diff OLD NEW.tspec",
		Short: "Report how a spec's schemas differ from an older spec or tools/list result",
		Long: `Compare OLD with the spec NEW.tspec's gen-json (profile 2), tool by tool: what
was missing or loose before and what the spec declares now, one change a
line. OLD is an older spec (OLD.tspec, compared by its own gen-json) or a
tools/list result (OLD.json, for example a server's hand-written schemas).
Changes read like
  list_orders limit: number → integer 1..500
  list_orders: + required customer
  old_tool: tool removed
It is a report: exit 0 whatever it finds, 1 when a file cannot be read or the
spec has errors. See docs/openapi.md.`,
		Args: args(cobra.ExactArgs(2)),
		RunE: func(_ *cobra.Command, a []string) error {
			if isSpecPath(a[0]) && !isSpecPath(a[1]) {
				return usagef("the old tools/list result comes first, then the spec: toolspec diff %s %s", a[1], a[0])
			}
			var old []byte
			if isSpecPath(a[0]) {
				// Both are specs: the old one's tools/list, as gen-json
				// writes it.
				r := e.load(a[0])
				if r == nil {
					return failed
				}
				old = jsonout.Generate(r.Catalog, 2)
			} else {
				var err error
				if old, err = sizecap.ReadFile(a[0], sizecap.Document, "a document"); err != nil {
					e.docError(a[0], err)
					return failed
				}
			}
			r := e.load(a[1])
			if r == nil {
				return failed
			}
			changes, err := specdiff.Diff(old, jsonout.Generate(r.Catalog, 2))
			if err != nil {
				fmt.Fprintf(e.stderr, "%s: error: %v\n", a[0], err)
				return failed
			}
			tools := map[string]bool{}
			for _, c := range changes {
				fmt.Fprintln(e.stdout, c.String())
				tools[c.Tool] = true
			}
			fmt.Fprintf(e.stdout, "diff: %s in %s\n", count(len(changes), "change"), count(len(tools), "tool"))
			return nil
		},
	}
}

// isSpecPath reports whether path names a spec file by its extension.
func isSpecPath(path string) bool { return strings.HasSuffix(path, ".tspec") }
