package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

func init() { register(checkCmd) }

func checkCmd(e *env) *cobra.Command {
	var asJSON, strict bool
	var families []string
	var lintOpts clients.Options
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Parse specs and run every check; print diagnostics",
		Long: `Parse each spec and run every check of the language. Diagnostics are printed
as file:line:col: error|warning: message [CODE], sorted by position; run
toolspec explain CODE for what one means. With --json they are printed on
stdout as {"diagnostics": [{"code", "name", "severity", "file", "line",
"column", "message"}, ...]} (docs/diagnostics.md). Exit 0 when no spec has
errors (warnings allowed), 1 otherwise. --strict makes the warnings that
guard servers (a pattern that can backtrack exponentially) errors.

--clients F,... (or all) lints each spec for the client families named
(docs/clients.md): every construct of an input schema a family refuses or
silently drops is a warning, or an error for the families the spec declares
in its header (clients F, ...). --prefix-length N is the length of the
server-name prefix clients put before tool names (Cursor's 60 counts it).
A summary per family (tools refused, tools weakened) follows on stdout.
The file - is stdin.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			extra, err := parseFamilies(families)
			if err != nil {
				return err
			}
			bad := false
			var all token.List
			for _, f := range files {
				r := e.compileWith(f, compile.Options{Clients: lintOpts, Lint: extra})
				if strict {
					r.Diags = diag.Strict(r.Diags)
				}
				if asJSON {
					all = append(all, r.Diags...)
				} else {
					e.printDiags(r.Diags)
					if r.Catalog != nil && len(extra) > 0 {
						printSummary(e, f, clients.Summarize(r.Catalog, extra, lintOpts))
					}
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
	cmd.Flags().StringSliceVar(&families, "clients", nil, "lint for these client families (comma-separated, or all): "+strings.Join(clients.Names(), ", "))
	cmd.Flags().IntVar(&lintOpts.PrefixLength, "prefix-length", 0, "length of the server-name prefix clients put before tool names, separator included")
	cmd.Flags().BoolVar(&strict, "strict", false, "count strict warnings (exponential-time patterns) as errors")
	return cmd
}

// printSummary prints, on stdout, how many tools each family refuses or
// weakens: the counts of the diagnostics above, per tool.
func printSummary(e *env, file string, sums []clients.Summary) {
	fmt.Fprintf(e.stdout, "%s: client families\n", file)
	for _, s := range sums {
		line := fmt.Sprintf("  %-17s refuses %d of %s, weakens %d", s.Family, s.Refused, count(s.Tools, "tool"), s.Weakened)
		if s.Limits > 0 {
			line += fmt.Sprintf(", over %d of its request limits", s.Limits)
		}
		fmt.Fprintln(e.stdout, line)
	}
}

// parseFamilies reads --clients: family names, or all.
func parseFamilies(names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "all" {
			return clients.Names(), nil
		}
		if _, ok := clients.Lookup(n); !ok {
			return nil, usagef("unknown client family %q for --clients; known: all, %s", n, strings.Join(clients.Names(), ", "))
		}
		out = append(out, n)
	}
	return out, nil
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
		j := jsonDiag{Code: d.Code, Severity: d.Severity.String(), File: d.Pos.Filename, Line: d.Pos.Line, Column: d.Pos.Column, Message: d.Msg}
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
