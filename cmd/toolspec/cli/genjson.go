package cli

import (
	"strconv"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/gen/jsonout"
)

func init() { register(genJSONCmd) }

func genJSONCmd(e *env) *cobra.Command {
	var profile int
	var out string
	cmd := &cobra.Command{
		Use:   "gen-json [--profile N] FILE",
		Short: "Print the tools/list result of a profile",
		Long: `Print the tools/list result of a protocol profile: 1 (2024-11-05, inputs
only; the default) or 2 (2025-06-18, with titles, outputSchema and
annotations). With -o the result is written to a file instead.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			// The backend's rules decide the flag; the output is then
			// streamed in chunks rather than built in one buffer.
			if _, err := backend("gen-json", map[string]string{"profile": strconv.Itoa(profile)}); err != nil {
				return err
			}
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			chunks := jsonout.Chunks(r.Catalog, profile)
			if out == "" {
				for _, c := range chunks {
					if _, err := e.stdout.Write(c); err != nil {
						return err
					}
				}
				return nil
			}
			return writeFile(out, chunks...)
		},
	}
	cmd.Flags().IntVar(&profile, "profile", 1, "protocol profile: 1 (2024-11-05) or 2 (2025-06-18)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write to this file instead of stdout")
	return cmd
}
