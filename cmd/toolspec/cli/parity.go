package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/openapi"
	"github.com/toolspec/toolspec/parity"
)

func init() { register(parityCmd) }

func parityCmd(e *env) *cobra.Command {
	var doc string
	var allowEmpty bool
	cmd := &cobra.Command{
		Use:   "parity --openapi DOC SPEC",
		Short: "Compare every tool that names an endpoint with the OpenAPI document",
		Long: `Compare every tool that names an endpoint with its operation in an OpenAPI
3.0 or 3.1 document (JSON or YAML): the operation must exist; body, query and
path rows must be exactly the operation's body properties, query and path
parameters, with the same types, nullability, enum values and required-ness.
Every mismatch of every tool is printed, one a line, as
file:line:col: tool T field F: API: ...; spec: ...
Exit 0 when all agree, 1 on any mismatch, when the spec or the document
cannot be read, or when no tool names an endpoint (unless --allow-empty). See docs/openapi.md.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			if doc == "" {
				return usagef("--openapi DOC is required")
			}
			r := e.load(files[0])
			d, err := openapi.Load(doc)
			if err != nil {
				e.docError(doc, err)
				return failed
			}
			if r == nil {
				return failed
			}
			rep := parity.CheckAll(r.Catalog, d)
			for _, w := range rep.Warnings {
				fmt.Fprintf(e.stderr, "%s (%s)\n", w, docPlace(doc, w.At))
			}
			ms := rep.Mismatches
			for _, m := range ms {
				if m.At.Pointer != "" {
					fmt.Fprintf(e.stdout, "%s (%s)\n", m, docPlace(doc, m.At))
				} else {
					fmt.Fprintln(e.stdout, m.String())
				}
			}
			n := parity.Checked(r.Catalog)
			if n == 0 && !allowEmpty {
				fmt.Fprintf(e.stderr, "parity: compared nothing: no tool of %s names an endpoint (endpoint METHOD \"PATH\" in a tool; --allow-empty accepts a spec without any)\n", files[0])
				return failed
			}
			if len(ms) > 0 {
				fmt.Fprintf(e.stderr, "parity: %s in %s against %s\n", count(len(ms), "mismatch", "mismatches"), files[0], doc)
				return failed
			}
			fmt.Fprintf(e.stdout, "parity: OK: %s with endpoints %s with %s\n", count(n, "tool"), agree(n), doc)
			return nil
		},
	}
	cmd.Flags().StringVar(&doc, "openapi", "", "the OpenAPI document (JSON or YAML)")
	cmd.Flags().BoolVar(&allowEmpty, "allow-empty", false, "exit 0 when no tool names an endpoint (nothing to compare)")
	return cmd
}
