package cli

import (
	"github.com/spf13/cobra"
)

// specArgs are the commands whose every argument is a spec (the rest name
// theirs below). `toolspec completion bash|zsh|fish|powershell` prints the
// script; these tell it what to offer.
var specArgs = map[string]bool{
	"check": true, "fmt": true, "gen-go": true, "gen-js": true, "gen-json": true,
	"hash": true, "parity": true, "test-report": true, "verify": true,
}

// completeFiles sets what the shell completes: .tspec files for specs,
// .json for diff's old result, any file for seal's artifacts, and the two
// values of --profile.
func completeFiles(root *cobra.Command) {
	// cobra's completion command prints its help, exit 0, without a shell
	// or with one it does not know: a usage error here, like any other.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = args(cobra.NoArgs)
			c.RunE = func(*cobra.Command, []string) error {
				return usagef("completion needs a shell: bash, fish, powershell or zsh")
			}
		}
	}
	tspec := func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"tspec"}, cobra.ShellCompDirectiveFilterFileExt
	}
	for _, c := range root.Commands() {
		switch {
		case specArgs[c.Name()]:
			c.ValidArgsFunction = tspec
		case c.Name() == "seal":
			c.ValidArgsFunction = func(cmd *cobra.Command, a []string, s string) ([]string, cobra.ShellCompDirective) {
				if len(a) == 0 {
					return tspec(cmd, a, s)
				}
				return nil, cobra.ShellCompDirectiveDefault
			}
		case c.Name() == "diff":
			c.ValidArgsFunction = func(cmd *cobra.Command, a []string, s string) ([]string, cobra.ShellCompDirective) {
				if len(a) == 0 {
					return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
				}
				return tspec(cmd, a, s)
			}
		}
		if c.Flags().Lookup("profile") != nil {
			c.RegisterFlagCompletionFunc("profile", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return []string{"1\tprotocol 2024-11-05", "2\tprotocol 2025-06-18", "3\tprotocol 2026-07-28"}, cobra.ShellCompDirectiveNoFileComp
			})
		}
	}
}
