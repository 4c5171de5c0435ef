package cli

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/lsp"
)

func init() { register(lspCmd) }

func lspCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server on stdin and stdout (for editors)",
		Long: `Run a Language Server Protocol server on stdin and stdout: diagnostics with
codes, formatting, hover, definition, references, completion, symbols, code
actions and a test-report lens for *.tspec files. Editors start it; see
docs/editors.md.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return lsp.Serve(context.Background(), stdio{e.stdin, e.stdout})
		},
	}
}

// stdio joins stdin and stdout into the one stream the server reads and
// writes.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
