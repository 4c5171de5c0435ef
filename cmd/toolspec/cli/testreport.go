package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/report"
)

func init() { register(testReportCmd) }

func testReportCmd(e *env) *cobra.Command {
	var asJSON, strict, suggest, write, verbose, quiet bool
	var junit string
	cmd := &cobra.Command{
		Use:   "test-report FILE... [--suggest [-w]] [-v]",
		Short: "Run the checks, negative controls, tests and mutants of a spec",
		Long: `Run everything that shows a spec's tests are worth having: the checks, a
negative control for every checker rule (a planted defect that rule must
catch), every test fixture against the emitted profile-2 schemas, and
one-row mutants of the spec that some test must notice.

The report ends with "N passed, N failed, N vacuous", where N counts the
checks, negative controls and tests (and, with --strict, mutants). A test
no mutant can make fail is vacuous. Exit 0 only when nothing failed and
nothing is vacuous; --strict also fails on surviving mutants, and makes
strict warnings (a pattern that can backtrack exponentially) errors. --json
prints a machine-readable report instead; --junit FILE also writes JUnit
XML. A spec with errors prints its diagnostics and exits 1. Several specs
are reported one after the other (exit 1 when any fails); --json, --junit
and -w take one. Verdicts are coloured on a terminal unless NO_COLOR is
set.

--suggest adds, for each surviving mutant, the smallest fixture that
kills it, verified with the validator, as test blocks ready to paste;
with -w they are appended to the spec (formatted, atomically). -v lists
every mutant, killed ones too; -q prints only what fails and the last line.
See docs/test-report.md.`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, files []string) error {
			if write && !suggest {
				return usagef("-w writes the suggested fixtures: give it with --suggest")
			}
			if len(files) > 1 && (asJSON || junit != "" || write) {
				return usagef("--json, --junit and -w report one spec; got %d", len(files))
			}
			if quiet && (verbose || suggest) {
				return usagef("-q prints only the failures: it does not go with -v or --suggest")
			}
			opts := report.Options{Strict: strict, Suggest: suggest, Verbose: verbose, Quiet: quiet}
			ok := true
			for i, f := range files {
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				done, err := e.testReport(f, opts, asJSON, junit, write)
				if err != nil {
					return err
				}
				ok = ok && done
			}
			if !ok {
				return failed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&junit, "junit", "", "also write the report as JUnit XML to this file")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail on surviving mutants and strict warnings too")
	cmd.Flags().BoolVar(&suggest, "suggest", false, "suggest a fixture that kills each surviving mutant")
	cmd.Flags().BoolVarP(&write, "write", "w", false, "with --suggest: append the suggested tests to the spec")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "list every mutant, killed ones too")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the failures and the last line")
	e.allowOutsideFlag(cmd)
	return cmd
}

// testReport runs the report of one spec and prints it; ok is false when
// the spec has errors or the report fails.
func (e *env) testReport(file string, opts report.Options, asJSON bool, junit string, write bool) (ok bool, err error) {
	r := e.loadStrict(file, opts.Strict)
	if r == nil {
		return false, nil
	}
	prog := newProgress(e.stderr)
	opts.Progress = prog.update
	rep := report.Run(*r, opts)
	prog.clear()
	if junit != "" {
		if err := e.writeFile(junit, rep.JUnit()); err != nil {
			return false, err
		}
	}
	var out bytes.Buffer
	if asJSON {
		rep.JSON(&out)
	} else {
		rep.Text(&out)
	}
	text := out.Bytes()
	if !asJSON && wantColour(e.stdout) {
		text = paintReport(text)
	}
	if _, err := e.stdout.Write(text); err != nil {
		return false, err
	}
	if write {
		if err := e.writeSuggestions(file, rep); err != nil {
			return false, err
		}
	}
	return rep.Summary.OK, nil
}

// writeSuggestions appends the suggested test blocks to the spec, through
// the formatter, all at once or not at all.
func (e *env) writeSuggestions(path string, rep *report.Report) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, unwrapPathError(err))
	}
	out, err := rep.WithSuggestions(path, src)
	if errors.Is(err, report.ErrNothingToSuggest) {
		fmt.Fprintf(e.stderr, "%s: no suggested fixture to add\n", path)
		return nil
	}
	if err != nil {
		return err
	}
	if err := e.writeFile(path, out); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "%s: suggested tests (and acknowledgments) appended; run test-report again to see the survivors killed\n", path)
	return nil
}

// progress shows "mutants done/total" on a terminal once a run has taken
// more than progressDelay; on a pipe or a file it shows nothing.
type progress struct {
	w     io.Writer
	start time.Time
	mu    sync.Mutex
	last  time.Time
	shown bool
}

const progressDelay = 2 * time.Second

func newProgress(w io.Writer) *progress {
	if !isTerminal(w) {
		return &progress{}
	}
	return &progress{w: w, start: time.Now()}
}

func (p *progress) update(done, total int) {
	if p.w == nil {
		return
	}
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.start) < progressDelay || (now.Sub(p.last) < 100*time.Millisecond && done < total) {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "\rmutants %d/%d", done, total)
}

func (p *progress) clear() {
	if p.w != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether w is a character device (a terminal), not a
// pipe, a file or a CI log.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
