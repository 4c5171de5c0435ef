package cli

import (
	"github.com/spf13/cobra"
)

func init() { register(checkCmd) }

func checkCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "check FILE...",
		Short: "Parse specs and run every check; print diagnostics",
		Long: `Parse each spec and run every check of the language. Diagnostics are printed
as file:line:col: error|warning: message, sorted by position. Exit 0 when no
spec has errors (warnings allowed), 1 otherwise. The file - is stdin.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			bad := false
			for _, f := range files {
				bad = e.load(f) == nil || bad
			}
			if bad {
				return failed
			}
			return nil
		},
	}
}
