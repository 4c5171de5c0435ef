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
	var out, pkg, runtime string
	var dialects []string
	var runtimePackage bool
	cmd := &cobra.Command{
		Use:   "gen-go FILE -o OUT.go [--package P] [--runtime IMPORTPATH]",
		Short: "Write the Go source a server imports to serve the catalog",
		Long: `Write one Go file: the catalog identity, both profiles' tools/list tables,
typed argument structs and validating decoders (see docs/gen-go.md).

The package clause is --package, else the base name of OUT's directory as
written on the command line (lowercased, letters, digits and _ only), else
"toolspec". The working directory never changes the output.

--dialects F,... adds the dialect tables of those client families
(docs/clients.md): ListDialectToolsJSON, and the Bound methods with which
serve/gosdk serves each client its dialect.

--runtime IMPORTPATH writes a file without the runtime (the decoders, the
validators, the serving half): it imports the package at IMPORTPATH
instead, which "gen-go --runtime-package -o DIR/runtime.go" writes (no
FILE; the package clause as above). Many catalogs (the parts
of import openapi --split) then share one runtime, which the Go compiler
compiles once (docs/gen-go.md, "A shared runtime"). Not with --dialects.`,
		Args: func(cmd *cobra.Command, a []string) error {
			if runtimePackage {
				return nil // RunE refuses a FILE
			}
			return args(cobra.ExactArgs(1))(cmd, a)
		},
		RunE: func(_ *cobra.Command, files []string) error {
			if out == "" {
				return usagef("-o OUT.go is required")
			}
			if pkg == "" {
				pkg = defaultPackage(out)
			}
			if runtimePackage {
				if len(files) > 0 || runtime != "" || len(dialects) > 0 {
					return usagef("--runtime-package takes no FILE, --runtime or --dialects")
				}
				data, err := golang.Runtime(pkg)
				if err != nil {
					return usagef("--package: %v", err)
				}
				return e.writeFile(out, data)
			}
			opts := map[string]string{"package": pkg}
			if runtime != "" {
				opts["runtime"] = runtime
			}
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
	cmd.Flags().StringVar(&runtime, "runtime", "", "import the shared runtime from this import path instead of carrying it")
	cmd.Flags().BoolVar(&runtimePackage, "runtime-package", false, "write the shared runtime package (--runtime) instead of a catalog")
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
