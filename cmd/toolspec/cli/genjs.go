package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/internal/atomicfile"
	"github.com/toolspec/toolspec/lang/token"
)

func init() { register(genJSCmd) }

func genJSCmd(e *env) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "gen-js FILE -o OUT.mjs",
		Short: "Write an ES module serving the catalog, and its .d.ts",
		Long: `Write an ES module with no dependencies that exports the spec's name, hash
and catalog key, both profiles' tools/list results (listTools), profileFor
and checkHandlers; and beside it OUT.d.ts (OUT without .mjs or .js) with a
typed input and output interface per tool. Both files are written
atomically, and neither is written when the spec has errors.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			if out == "" {
				return usagef("-o OUT.mjs is required")
			}
			b, err := backend("gen-js", map[string]string{})
			if err != nil {
				return err
			}
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			pair, err := b.Generate(r.Catalog, map[string]string{})
			var diags token.List
			if errors.As(err, &diags) {
				e.printDiags(diags)
				return failed
			}
			if err != nil {
				return err
			}
			return writePair(out, pair[0], dtsPath(out), pair[1])
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the module to write (required); the .d.ts goes beside it")
	return cmd
}

// dtsPath is the declaration file beside a module: OUT.mjs → OUT.d.ts.
func dtsPath(mjs string) string {
	for _, ext := range []string{".mjs", ".js"} {
		if strings.HasSuffix(mjs, ext) {
			return strings.TrimSuffix(mjs, ext) + ".d.ts"
		}
	}
	return mjs + ".d.ts"
}

// writePair writes two files so that neither changes unless both can be
// written (atomicfile.WriteAll).
func writePair(path1 string, data1 []byte, path2 string, data2 []byte) error {
	if path1 == path2 {
		return fmt.Errorf("%s: the module and its declarations would be the same file", path1)
	}
	return atomicfile.WriteAll(atomicfile.File{Path: path1, Data: [][]byte{data1}}, atomicfile.File{Path: path2, Data: [][]byte{data2}})
}
