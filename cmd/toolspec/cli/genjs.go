package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

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
// written: both temporary files (beside their targets, as writeFile makes
// them) are written and synced first, then renamed into place.
func writePair(path1 string, data1 []byte, path2 string, data2 []byte) (err error) {
	if path1 == path2 {
		return fmt.Errorf("%s: the module and its declarations would be the same file", path1)
	}
	// A folder in the way would fail the second rename after the first
	// one: refuse before touching either file.
	for _, path := range []string{path1, path2} {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return &fileError{path: path, write: true, err: errors.New("is a directory")}
		}
	}
	var temps []string
	defer func() {
		if err != nil {
			for _, name := range temps {
				os.Remove(name)
			}
		}
	}()
	for _, f := range []struct {
		path string
		data []byte
	}{{path1, data1}, {path2, data2}} {
		name, err := writeTemp(f.path, f.data)
		if err != nil {
			return err
		}
		temps = append(temps, name)
	}
	// Only a failing rename in between can now leave the pair half new.
	if err := os.Rename(temps[0], path1); err != nil {
		return &fileError{path: path1, write: true, err: unwrapPathError(err)}
	}
	if err := os.Rename(temps[1], path2); err != nil {
		return &fileError{path: path2, write: true, err: unwrapPathError(err)}
	}
	return nil
}
