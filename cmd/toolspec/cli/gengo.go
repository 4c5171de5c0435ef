package cli

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/gen/golang"
)

func init() { register(genGoCmd) }

func genGoCmd(e *env) *cobra.Command {
	var out, pkg string
	var dialects []string
	cmd := &cobra.Command{
		Use:   "gen-go FILE -o OUT.go [--package P]",
		Short: "Write the Go source a server imports to serve the catalog",
		Long: `Write one Go file: the catalog identity, both profiles' tools/list tables,
typed argument structs and validating decoders (see docs/gen-go.md).

The package clause is --package, else the base name of OUT's directory as
written on the command line (lowercased, letters, digits and _ only), else
"toolspec". The working directory never changes the output.

--dialects F,... adds the dialect tables of those client families
(docs/clients.md): ListDialectToolsJSON, and the Bound methods with which
serve/gosdk serves each client its dialect.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			if out == "" {
				return usagef("-o OUT.go is required")
			}
			if pkg == "" {
				pkg = defaultPackage(out)
			}
			opts := map[string]string{"package": pkg}
			if len(dialects) > 0 {
				opts["dialects"] = strings.Join(dialects, ",")
			}
			b, err := backend("gen-go", opts)
			if err != nil {
				return err
			}
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			data, err := b.Generate(r.Catalog, opts)
			var ge *golang.Error
			if errors.As(err, &ge) {
				e.printDiags(ge.Diags)
				return failed
			}
			if err != nil {
				return err
			}
			return e.writeFile(out, data[0])
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the Go file to write")
	cmd.Flags().StringVar(&pkg, "package", "", "package name of the generated file")
	cmd.Flags().StringSliceVar(&dialects, "dialects", nil, "also carry the dialect tables of these client families (docs/clients.md)")
	e.allowOutsideFlag(cmd)
	return cmd
}

// defaultPackage derives a package name from the output path as given.
func defaultPackage(out string) string {
	dir := filepath.Base(filepath.Dir(out))
	var b strings.Builder
	for _, c := range strings.ToLower(dir) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' {
			b.WriteRune(c)
		}
	}
	name := b.String()
	if name == "" || name[0] >= '0' && name[0] <= '9' || !golang.ValidPackage(name) {
		return golang.DefaultPackage
	}
	return name
}
