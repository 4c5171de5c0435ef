package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/model"
)

func init() { register(hashCmd) }

func hashCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "hash FILE",
		Short: "Print the spec hash and each profile's catalog identity",
		Long: `Print the spec hash (BLAKE3-256 of the canonical spec: formatted, comments
removed) and the catalog identity of each profile, one per line, the value
first:

  <hash>     spec NAME
  <hash>/p1  profile 1 (2024-11-05)
  <hash>/p2  profile 2 (2025-06-18)
  <hash>/p3  profile 3 (2026-07-28)

A seal records the identities of profiles 1 and 2; profile 3's table is
profile 2's with the fields of a cacheable result, so the spec hash
decides it too.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			c := r.Catalog
			fmt.Fprintf(e.stdout, "%s     spec %s\n", c.SpecHash, c.Name)
			for _, p := range model.ServedProfiles {
				fmt.Fprintf(e.stdout, "%s  profile %d (%s)\n", c.Identity(p), p, model.ProtocolOf(p))
			}
			return nil
		},
	}
}
