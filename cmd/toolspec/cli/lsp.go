package cli

import (
	"context"
	"errors"
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
			err := lsp.Serve(context.Background(), stdio{e.stdin, e.stdout})
			if errors.Is(err, lsp.ErrExitWithoutShutdown) {
				return failed // the protocol's exit code 1
			}
			return err
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
