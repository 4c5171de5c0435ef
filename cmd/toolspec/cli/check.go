package cli

import (
	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/compile"
)

func init() { register(checkCmd) }

func checkCmd(e *env) *cobra.Command {
	var strict bool
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Parse specs and run every check; print diagnostics",
		Long: `Parse each spec and run every check of the language. Diagnostics are printed
as file:line:col: error|warning: message, sorted by position. Exit 0 when no
spec has errors (warnings allowed), 1 otherwise. --strict makes the warnings
that guard servers (a pattern that can backtrack exponentially) errors.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			bad := false
			for _, f := range files {
				r := compile.File(f)
				if strict {
					r.Diags = r.Diags.Strict()
				}
				e.printDiags(r.Diags)
				bad = bad || r.Diags.HasErrors()
			}
			if bad {
				return failed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&strict, "strict", false, "count strict warnings (exponential-time patterns) as errors")
	return cmd
}
