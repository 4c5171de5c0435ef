package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/internal/atomicfile"
	"github.com/toolspec/toolspec/seal"
)

func init() { register(sealCmd) }

func sealCmd(e *env) *cobra.Command {
	var out, root string
	var update bool
	cmd := &cobra.Command{
		Use:   "seal SPEC [-o SEAL] [--root DIR] [--update | ARTIFACT...]",
		Short: "Record the spec hash and the hash of every generated artifact",
		Long: `Write the seal of a spec: its name, path and hash, its catalog identities, and
for each artifact its path, the generator and options that made it, and the
BLAKE3-256 of its bytes (the format is in docs/seal.md). The seal is SPEC with
.seal in place of .tspec unless -o names one.

Each ARTIFACT must be exactly what a generator makes from the spec now; seal
finds the generator and options by regenerating. An artifact no generator
reproduces is stale or edited by hand: regenerate it first. With ARTIFACTs
named, the seal lists exactly those; with none, it keeps the artifacts the
existing seal lists. Nothing is written when the spec has errors or any
artifact fails; the seal is written whole or not at all.

Every ARTIFACT must be a regular file inside the tree the seal governs: the
nearest directory above the seal holding .git, else the seal's directory,
or DIR with --root (docs/seal.md).

--update (-u) first regenerates every artifact the existing seal lists, with
the generator and options the seal records for it, then seals: after an
edit of the spec (a new test changes the spec hash, so every artifact), one
command brings all of them up to date. Nothing is written when the spec has
errors or the seal cannot be read.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, a []string) error {
			spec, artifacts := a[0], a[1:]
			if err := checkRoot(root); err != nil {
				return err
			}
			if out == "" {
				out = seal.DefaultPath(spec)
			}
			if update && len(artifacts) > 0 {
				return usagef("seal --update regenerates the artifacts the seal lists; name none (toolspec seal --update %s)", spec)
			}
			r := e.load(spec)
			if r == nil {
				return failed
			}
			if update {
				old, err := readSeal(out)
				if err != nil {
					e.printError(err)
					return failed
				}
				files, err := seal.Regenerate(r.Catalog, out, root, old)
				if err != nil {
					e.printError(err)
					return failed
				}
				for _, f := range files {
					if err := e.write(root, atomicfile.File{Path: f.File, Data: [][]byte{f.Data}}); err != nil {
						return err
					}
				}
			}
			var in []seal.Input
			if len(artifacts) == 0 {
				old, err := readSeal(out)
				switch {
				case errors.Is(err, fs.ErrNotExist):
					// A first seal without artifacts guards the spec alone:
					// legal, but rarely what was meant.
					fmt.Fprintln(e.stderr, e.paint(fmt.Sprintf("%s: warning: no artifacts named and no seal yet: this seals the spec alone (toolspec seal %s FILE... seals generated files too)", out, spec)))
				case err != nil:
					e.printError(err)
					return failed
				default:
					in = old.Inputs(out)
				}
			}
			for _, f := range artifacts {
				in = append(in, seal.Input{File: f})
			}
			s, err := seal.Make(r.Catalog, spec, out, root, in)
			if err != nil {
				e.printError(err)
				return failed
			}
			var b bytes.Buffer
			if err := seal.Write(&b, s); err != nil {
				return err
			}
			return e.write(root, atomicfile.File{Path: out, Data: [][]byte{b.Bytes()}})
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the seal here (default: SPEC with .seal for .tspec)")
	cmd.Flags().BoolVarP(&update, "update", "u", false, "regenerate every artifact the seal lists, as it records, then seal")
	rootFlag(cmd, &root)
	e.allowOutsideFlag(cmd)
	return cmd
}

// rootFlag adds --root, shared by seal and verify.
func rootFlag(cmd *cobra.Command, root *string) {
	cmd.Flags().StringVar(root, "root", "", "the tree the seal governs; artifacts must be inside it (default: the nearest directory above the seal holding .git, else the seal's own)")
}

// checkRoot makes a --root that is not an existing directory a usage error,
// before anything is read or written.
func checkRoot(root string) error {
	if root == "" {
		return nil
	}
	_, err := seal.Root(root)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if err != nil {
		return usagef("--root %s: %v; it must be an existing directory", root, err)
	}
	return nil
}

// readSeal reads and parses the seal at path; errors name the path.
func readSeal(path string) (*seal.Seal, error) {
	s, err := seal.Load(path)
	var pe *seal.ParseError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%s: corrupt seal: %w", path, err)
	case err != nil && asFileError(err) == nil:
		return nil, &fileError{path: path, err: err} // refused: not a regular file
	}
	return s, err
}
