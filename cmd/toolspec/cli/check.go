package cli

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

func init() { register(checkCmd) }

func checkCmd(e *env) *cobra.Command {
	var asJSON, strict bool
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Parse specs and run every check; print diagnostics",
		Long: `Parse each spec and run every check of the language. Diagnostics are printed
as file:line:col: error|warning: message [CODE], sorted by position; run
toolspec explain CODE for what one means. With --json they are printed on
stdout as {"diagnostics": [{"code", "name", "severity", "file", "line",
"column", "message"}, ...]} (docs/diagnostics.md). Exit 0 when no spec has
errors (warnings allowed), 1 otherwise. --strict makes the warnings that
guard servers (a pattern that can backtrack exponentially) errors. The file - is stdin.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			bad := false
			var all token.List
			for _, f := range files {
				r := e.compile(f)
				if strict {
					r.Diags = diag.Strict(r.Diags)
				}
				if asJSON {
					all = append(all, r.Diags...)
				} else {
					e.printDiags(r.Diags)
				}
				bad = bad || r.Diags.HasErrors()
			}
			if asJSON {
				if err := writeJSONDiags(e, all); err != nil {
					return err
				}
			}
			if bad {
				return failed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the diagnostics as JSON on stdout")
	cmd.Flags().BoolVar(&strict, "strict", false, "count strict warnings (exponential-time patterns) as errors")
	return cmd
}

// jsonDiag is one diagnostic as check --json prints it; the shape is
// documented in docs/diagnostics.md.
type jsonDiag struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
}

func writeJSONDiags(e *env, l token.List) error {
	out := struct {
		Diagnostics []jsonDiag `json:"diagnostics"`
	}{Diagnostics: make([]jsonDiag, 0, len(l))}
	for _, d := range l {
		j := jsonDiag{Code: d.Code, Severity: d.Severity.String(), File: d.Pos.File, Line: d.Pos.Line, Column: d.Pos.Column, Message: d.Msg}
		if def := diag.Of(d); def != nil {
			j.Name = def.Name
		}
		out.Diagnostics = append(out.Diagnostics, j)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(append(b, '\n'))
	return err
}
