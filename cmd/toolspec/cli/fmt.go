package cli

import (
	"bytes"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
)

func init() { register(fmtCmd) }

func fmtCmd(e *env) *cobra.Command {
	var write, showDiff bool
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] FILE...",
		Short: "Format specs canonically (comments kept)",
		Long: `Format specs in the canonical layout. Without flags the formatted text is
printed. -w rewrites each file that changes (atomically; through a symlink,
its target; a read-only file is refused); -d prints a diff and exits 1 when
any file would change. A file with syntax errors is left
alone and makes the command exit 1.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			bad, changed := false, false
			for _, path := range files {
				src, diags := compile.ReadSpec(path)
				if diags != nil {
					e.printDiags(diags)
					bad = true
					continue
				}
				p := parser.Parse(path, src)
				e.printDiags(p.Diags)
				if p.File == nil {
					bad = true
					continue
				}
				out := format.Source(p.File, p.Comments)
				same := bytes.Equal(src, out)
				switch {
				case showDiff:
					if !same {
						changed = true
						e.stdout.Write(diff.Diff(path+".orig", src, path, out))
					}
					if write && !same && !e.rewrite(path, out) {
						bad = true
					}
				case write:
					if !same && !e.rewrite(path, out) {
						bad = true
					}
				default:
					e.stdout.Write(out)
				}
			}
			if bad || (showDiff && changed) {
				return failed
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result back to each file")
	cmd.Flags().BoolVarP(&showDiff, "diff", "d", false, "print a diff and exit 1 when a file would change")
	e.allowOutsideFlag(cmd)
	return cmd
}

// rewrite writes a formatted file back, or says why it cannot (a read-only
// file, say) and returns false; fmt goes on with the other files, as gofmt
// does.
func (e *env) rewrite(path string, out []byte) bool {
	if err := e.writeFile(path, out); err != nil {
		e.printError(err)
		return false
	}
	return true
}
