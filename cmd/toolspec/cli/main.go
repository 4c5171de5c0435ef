package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/internal/atomicfile"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // errors in a spec, a mismatch, a failed test
	exitUsage  = 2 // the command line is wrong
)

// exitError carries an exit code out of a command; its message, if any, has
// already been printed.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// failed is returned by a command that printed its own diagnostics.
var failed = exitError{exitFailed}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// env is what every command needs: where to print.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Main runs toolspec with args (without the program name) and returns the
// exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "toolspec",
		Short: "toolspec compiles MCP tool catalogs from one spec file",
		Long: `toolspec compiles MCP tool catalogs from one spec file (*.tspec): it checks
the spec, runs its tests, seals it with a content hash, and emits the
self-contained JSON Schema tables MCP servers serve.`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err.Error()} })
	for _, add := range commands {
		root.AddCommand(add(e))
	}
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		if cmd != nil {
			fmt.Fprintf(stderr, "usage: %s\n", cmd.UseLine())
		}
		return exitUsage
	}
	fmt.Fprintf(stderr, "toolspec: %v\n", err)
	return exitFailed
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong number of arguments), which are usage errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "requires exactly", "unknown flag", "unknown shorthand"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// commands are the constructors of every subcommand, one file each.
var commands []func(*env) *cobra.Command

func register(f func(*env) *cobra.Command) { commands = append(commands, f) }

// args wraps a cobra positional-argument check so its error is a usage error.
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if err := check(cmd, a); err != nil {
			return usageError{err.Error()}
		}
		return nil
	}
}

// backend returns the generator a command runs, once opts (its flags, as
// the seal records them) pass the backend's own option rules: the command
// line and the seal apply the same ones. A bad option is a usage error.
func backend(name string, opts map[string]string) (gen.Backend, error) {
	b, ok := gen.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no backend %s (a bug)", name)
	}
	if err := b.CheckOptions(opts); err != nil {
		return nil, usagef("--%v", err)
	}
	return b, nil
}

// printDiags prints diagnostics to stderr, one per line.
func (e *env) printDiags(l token.List) {
	for _, d := range l {
		fmt.Fprintln(e.stderr, d.String())
	}
}

// load compiles one spec and prints its diagnostics. It returns nil (and
// the caller should return failed) when the spec has errors.
func (e *env) load(path string) *compile.Result {
	return e.loadStrict(path, false)
}

// loadStrict is load; with strict, warnings that strict runs count as
// errors (diag.Def.Strict) are errors.
func (e *env) loadStrict(path string, strict bool) *compile.Result {
	r := compile.File(path)
	if strict {
		r.Diags = diag.Strict(r.Diags)
		if r.Diags.HasErrors() {
			r.Catalog = nil
		}
	}
	e.printDiags(r.Diags)
	if r.Catalog == nil {
		return nil
	}
	return &r
}

// writeFile writes a whole file atomically, through a symlink to its
// target, refusing a read-only file (package atomicfile). The file's
// content is the pieces of data, one after the other.
func writeFile(path string, data ...[]byte) error {
	return atomicfile.Write(path, data...)
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// docError prints why a document could not be read, as diagnostics:
// "DOC: error: ..." or, for the OpenAPI loader's messages that already
// carry a position, "DOC:line:col: error: ...", one a line.
func (e *env) docError(path string, err error) {
	for _, msg := range strings.Split(unwrapPathError(err).Error(), "\n") {
		pos := path
		if rest, ok := strings.CutPrefix(msg, path); ok {
			if m := linecol.FindString(rest); m != "" {
				pos, rest = path+m, rest[len(m):]
			}
			if r, ok := strings.CutPrefix(rest, ": "); ok {
				msg = r
			}
		}
		fmt.Fprintf(e.stderr, "%s: error: %s\n", pos, msg)
	}
}

var linecol = regexp.MustCompile(`^:\d+:\d+`)
