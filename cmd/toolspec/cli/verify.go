package cli

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/seal"
)

func init() { register(verifyCmd) }

func verifyCmd(e *env) *cobra.Command {
	var sealPath, root string
	cmd := &cobra.Command{
		Use:   "verify SPEC [--seal SEAL] [--root DIR]",
		Short: "Check the spec and every sealed artifact against the seal",
		Long: `Recompute the spec hash and every sealed artifact and compare them with the
seal (SPEC with .seal in place of .tspec unless --seal names one). One line
per field, MATCH or MISMATCH with its class:

  spec changed since sealing          the spec hash (name, identities) differs
  seal is for another spec file       the seal's spec path is not SPEC
  artifact refused                    outside the seal's tree, not a regular file, or over 256 MiB
  artifact missing                    the file does not exist
  artifact unreadable                 the file cannot be read
  artifact cannot be regenerated      the sealed generator fails on the spec
  artifact regenerated since sealing  it is what the spec makes now, not the sealed bytes
  artifact stale                      the sealed bytes, but the spec makes other bytes now
  artifact from another spec          other bytes, carrying a third spec's identity
  artifact edited by hand             other bytes, neither sealed nor generated

Exit 0 when every field matches, 1 on any mismatch, on a spec with errors,
and on a missing or corrupt seal.

The seal's tree is the nearest directory above the seal holding .git, else
the seal's directory. In an export without .git (git archive, a module zip,
a container copy), name it: toolspec verify --root . SPEC (docs/seal.md).`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, a []string) error {
			spec := a[0]
			if err := checkRoot(root); err != nil {
				return err
			}
			if sealPath == "" {
				sealPath = seal.DefaultPath(spec)
			}
			r := e.load(spec)
			if r == nil {
				return failed
			}
			s, err := readSeal(sealPath)
			if errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(e.stderr, "%s: no seal; run toolspec seal %s\n", sealPath, spec)
				return failed
			}
			if err != nil {
				e.printError(err)
				return failed
			}
			fields := seal.Verify(r.Catalog, spec, sealPath, root, s)
			width, bad := 0, 0
			for _, f := range fields {
				width = max(width, len(f.Name))
			}
			for _, f := range fields {
				if f.Class == seal.Match {
					fmt.Fprintf(e.stdout, "%-*s  MATCH\n", width, f.Name)
					continue
				}
				bad++
				fmt.Fprintf(e.stdout, "%-*s  MISMATCH  %s: %s\n", width, f.Name, f.Class, f.Detail)
			}
			if bad > 0 {
				fmt.Fprintf(e.stderr, "%s: %d of %d fields do not match\n", sealPath, bad, len(fields))
				return failed
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&sealPath, "seal", "", "the seal to check (default: SPEC with .seal for .tspec)")
	rootFlag(cmd, &root)
	return cmd
}
