package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/diag"
)

func init() { register(explainCmd) }

func explainCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "explain CODE",
		Short: "Explain a diagnostic, with a wrong and a right example",
		Long: `Print what a diagnostic means, why the rule holds, and a spec that gets it
next to one that does not. CODE is the code printed after the message
(TS0510) or the diagnostic's name (enum-empty). docs/diagnostics.md lists
them all.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, a []string) error {
			d, ok := diag.Lookup(a[0])
			if !ok {
				if s := diag.Suggest(a[0]); s != "" {
					return usagef("unknown diagnostic %q; did you mean %s?", a[0], s)
				}
				return usagef("unknown diagnostic %q (codes look like TS0510; docs/diagnostics.md lists them)", a[0])
			}
			fmt.Fprint(e.stdout, d.TextWith(example(d)))
			return nil
		},
	}
}

// example is the diagnostic d's Wrong example gets from check, as check
// prints it, or "" when check does not report it (a diagnostic of another
// command, or one that needs options).
func example(d *diag.Def) string {
	if d.Wrong == "" {
		return ""
	}
	for _, x := range compile.Source("demo.tspec", []byte(d.Wrong)).Diags {
		if x.Code == d.Code {
			return x.String()
		}
	}
	return ""
}
