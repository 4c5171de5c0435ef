package cli

import (
	"strconv"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/gen/jsonout"
)

func init() { register(genJSONCmd) }

func genJSONCmd(e *env) *cobra.Command {
	var profile int
	var out, family string
	cmd := &cobra.Command{
		Use:   "gen-json [--profile N] FILE",
		Short: "Print the tools/list result of a profile",
		Long: `Print the tools/list result of a protocol profile: 1 (2024-11-05, inputs
only; the default), 2 (2025-06-18, with titles, outputSchema and
annotations) or 3 (2026-07-28: as 2, and the result's ttlMs, cacheScope
and resultType). With -o the result is written to a file instead.

--dialect FAMILY lowers the input schemas to what a client family reads
(gemini, openai, openai_strict, anthropic, anthropic_strict, copilot,
cursor, mistral, xai; docs/clients.md): the _meta identity then ends in
/p<profile>/<family>. Servers still validate calls with the spec itself.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			// The backend's rules decide the flag; the output is then
			// streamed in chunks rather than built in one buffer.
			opts := map[string]string{"profile": strconv.Itoa(profile)}
			if family != "" {
				opts["dialect"] = family
			}
			b, err := backend("gen-json", opts)
			if err != nil {
				return err
			}
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			var chunks [][]byte
			if family == "" {
				chunks = jsonout.Chunks(r.Catalog, profile)
			} else if chunks, err = b.Generate(r.Catalog, opts); err != nil {
				return err
			}
			if out == "" {
				for _, c := range chunks {
					if _, err := e.stdout.Write(c); err != nil {
						return err
					}
				}
				return nil
			}
			return e.writeFile(out, chunks...)
		},
	}
	cmd.Flags().IntVar(&profile, "profile", 1, "protocol profile: 1 (2024-11-05), 2 (2025-06-18) or 3 (2026-07-28)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write to this file instead of stdout")
	cmd.Flags().StringVar(&family, "dialect", "", "lower the table to a client family's dialect (docs/clients.md)")
	e.allowOutsideFlag(cmd)
	return cmd
}
