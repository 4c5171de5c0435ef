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
	var dialects []string
	var sdk int
	cmd := &cobra.Command{
		Use:   "gen-js FILE -o OUT.mjs",
		Short: "Write an ES module serving the catalog, and its declarations",
		Long: `Write an ES module with no dependencies that exports the spec's name, hash
and catalog key, both profiles' tools/list results (listTools), profileFor
and checkHandlers; and beside it its declarations, with a typed input and
output interface per tool: OUT.d.mts for OUT.mjs, OUT.d.ts for OUT.js (the
names TypeScript pairs with each; OUT.d.ts for any other name). Both files are written
atomically, and neither is written when the spec has errors.

--dialects F,... adds the dialect tables of those client families
(docs/clients.md): listDialectTools(profile, dialect, {scope}) and
normalizeArgs(dialect, name, args), which a server applies before
validating with the spec. Without it the module is unchanged.

--sdk 2 writes the declarations for the MCP TypeScript SDK 2
(@modelcontextprotocol/server): they import its types, and handlers get its
ServerContext. By default (--sdk 1) they are written for SDK 1.x
(@modelcontextprotocol/sdk), and handlers get its RequestHandlerExtra. The
module is the same: register serves on either SDK.`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			if out == "" {
				return usagef("-o OUT.mjs is required")
			}
			opts := map[string]string{}
			if len(dialects) > 0 {
				opts["dialects"] = strings.Join(dialects, ",")
			}
			switch sdk {
			case 1:
			case 2:
				opts["sdk"] = "2"
			default:
				return usagef("--sdk is 1 (@modelcontextprotocol/sdk) or 2 (@modelcontextprotocol/server), not %d", sdk)
			}
			b, err := backend("gen-js", opts)
			if err != nil {
				return err
			}
			r := e.load(files[0])
			if r == nil {
				return failed
			}
			pair, err := b.Generate(r.Catalog, opts)
			var diags token.List
			if errors.As(err, &diags) {
				e.printDiags(diags)
				return failed
			}
			if err != nil {
				return err
			}
			return e.writePair(out, pair[0], dtsPath(out), pair[1])
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the module to write (required); its .d.mts (or .d.ts) goes beside it")
	cmd.Flags().StringSliceVar(&dialects, "dialects", nil, "also carry the dialect tables of these client families (docs/clients.md)")
	cmd.Flags().IntVar(&sdk, "sdk", 1, "the MCP TypeScript SDK the declarations are written for: 1 (@modelcontextprotocol/sdk) or 2 (@modelcontextprotocol/server)")
	e.allowOutsideFlag(cmd)
	return cmd
}

// dtsPath is the declaration file TypeScript pairs with a module:
// OUT.mjs → OUT.d.mts, OUT.js → OUT.d.ts (with .d.ts beside a .mjs,
// tsc --module nodenext would check the module itself instead).
func dtsPath(mjs string) string {
	switch {
	case strings.HasSuffix(mjs, ".mjs"):
		return strings.TrimSuffix(mjs, ".mjs") + ".d.mts"
	case strings.HasSuffix(mjs, ".js"):
		return strings.TrimSuffix(mjs, ".js") + ".d.ts"
	}
	return mjs + ".d.ts"
}

// writePair writes two files so that neither changes unless both can be
// written (atomicfile.WriteAll).
func (e *env) writePair(path1 string, data1 []byte, path2 string, data2 []byte) error {
	if path1 == path2 {
		return fmt.Errorf("%s: the module and its declarations would be the same file", path1)
	}
	return e.write("", atomicfile.File{Path: path1, Data: [][]byte{data1}}, atomicfile.File{Path: path2, Data: [][]byte{data2}})
}
