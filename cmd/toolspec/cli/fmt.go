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

// exitFmtBroken is fmt's exit status when a file cannot be read, parsed or
// written, distinct from 1, "-d: a file would change".
const exitFmtBroken = 3

func fmtCmd(e *env) *cobra.Command {
	var write, showDiff bool
	cmd := &cobra.Command{
		Use:   "fmt [-w] [-d] FILE...",
		Short: "Format specs canonically (comments kept)",
		Long: `Format specs in the canonical layout. Without flags the formatted text is
printed. -w rewrites each file that changes (atomically; through a symlink,
its target; a read-only file is refused); -d prints a diff of each file that
would change. A file that cannot be read or has syntax errors is reported
and left alone, and the other files are still formatted.

Exit status: 0 when all is well; 1 with -d when a file would change (and
none is broken); 2 on a usage error; 3 when a file cannot be read, does not
parse or cannot be written. A CI step "fmt -d" thus tells "run fmt -w"
(1) from "fix the spec first" (3).`,
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
			switch {
			case bad:
				return exitError{exitFmtBroken}
			case showDiff && changed:
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
