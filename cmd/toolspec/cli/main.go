package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/internal/atomicfile"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/openapi"
	"github.com/toolspec/toolspec/seal"
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
	colour         bool // stderr is a terminal and NO_COLOR is unset
	// anywhere lifts the confinement of writes (--allow-outside-tree).
	anywhere bool
}

// Main runs toolspec with args (without the program name) and returns the
// exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, colour: wantColour(stderr)}
	root := &cobra.Command{
		Use:   "toolspec COMMAND",
		Short: "toolspec compiles MCP tool catalogs from one spec file",
		Long: `toolspec compiles MCP tool catalogs from one spec file (*.tspec): it checks
the spec, runs its tests, seals it with a content hash, and emits the
self-contained JSON Schema tables MCP servers serve.`,
		Version: versionText(),
		Args:    unknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usagef("a command is needed; toolspec --help lists them")
		},
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SuggestionsMinimumDistance = 2
	// --version without cobra's -v: -v means --verbose, wherever a command
	// has one (test-report), and one thing only.
	root.Flags().Bool("version", false, "print the version, as toolspec version does")
	root.SetVersionTemplate("{{.Version}}")
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagError)
	for _, add := range commands {
		root.AddCommand(add(e))
	}
	completeFiles(root)
	// A command with subcommands runs only to say one is missing: its help
	// lists the subcommands, not a use line of its own.
	root.SetUsageTemplate(strings.Replace(root.UsageTemplate(), "{{if .Runnable}}", "{{if and .Runnable (not .HasAvailableSubCommands)}}", 1))
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
		if cmd != nil {
			fmt.Fprintf(stderr, "usage: %s\n", cmd.UseLine())
		}
		return exitUsage
	}
	if fe := asFileError(err); fe != nil {
		e.printError(fe)
	} else {
		fmt.Fprintf(stderr, "toolspec: %v\n", err)
	}
	return exitFailed
}

// unknownCommand is the root's argument check: any word that is not a
// command is a usage error, with the nearest command suggested.
func unknownCommand(cmd *cobra.Command, a []string) error {
	if len(a) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q", a[0])
	if s := cmd.SuggestionsFor(a[0]); len(s) > 0 {
		msg += "; did you mean " + s[0] + "?"
	}
	return usageError{msg + "; toolspec --help lists the commands"}
}

// flagError words pflag's errors as ours: the flag, what it takes, and
// what it got, instead of strconv's "parsing "two": invalid syntax".
func flagError(cmd *cobra.Command, err error) error {
	var invalid *pflag.InvalidValueError
	var missing *pflag.ValueRequiredError
	var unknown *pflag.NotExistError
	switch {
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return usagef("--%s takes %s, not %q", f.Name, valueKind(f), invalid.GetValue())
	case errors.As(err, &missing):
		f := missing.GetFlag()
		return usagef("--%s needs a value: %s", f.Name, valueKind(f))
	case errors.As(err, &unknown):
		return usagef("unknown flag %s; %s --help lists the flags", dashed(unknown.GetSpecifiedName(), unknown.GetSpecifiedShortnames()), cmd.CommandPath())
	}
	return usageError{err.Error()}
}

func dashed(name, short string) string {
	if len(name) == 1 && strings.Contains(short, name) {
		return "-" + name // pflag names an unknown shorthand by itself
	}
	if name != "" {
		return "--" + name
	}
	return "-" + short
}

// valueKind says what a flag's value must be.
func valueKind(f *pflag.Flag) string {
	if k, ok := flagValues[f.Name]; ok {
		return k
	}
	switch f.Value.Type() {
	case "int":
		return "a whole number"
	case "bool":
		return "true or false"
	}
	return "a " + f.Value.Type() + " value"
}

// flagValues words the values of flags that take few.
var flagValues = map[string]string{
	"profile": "1 (protocol 2024-11-05), 2 (2025-06-18) or 3 (2026-07-28)",
}

// commands are the constructors of every subcommand, one file each.
var commands []func(*env) *cobra.Command

func register(f func(*env) *cobra.Command) { commands = append(commands, f) }

// args wraps a cobra positional-argument check so that a wrong count is a
// usage error in our words: what the command takes (its use line) and
// what it got. A command with subcommands names them.
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if check(cmd, a) == nil {
			return nil
		}
		if cmd.HasSubCommands() && len(a) > 0 {
			var names []string
			for _, c := range cmd.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			return usagef("%s: unknown %q; expected %s", cmd.Name(), a[0], orList(names))
		}
		return usagef("%s takes %s; got %s", cmd.Name(), operands(cmd), countArgs(a))
	}
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// operands is the use line without the command name and the flags: the
// words in brackets, each -flag and the value after it are left out.
func operands(cmd *cobra.Command) string {
	var words []string
	depth, flagValue := 0, false
	for _, w := range strings.Fields(cmd.Use)[1:] {
		opens := strings.HasPrefix(w, "[")
		switch {
		case depth > 0 || opens:
		case flagValue:
			flagValue = false
		case strings.HasPrefix(w, "-"):
			flagValue = true
		default:
			words = append(words, w)
		}
		depth += strings.Count(w, "[") - strings.Count(w, "]")
	}
	if len(words) == 0 {
		return "no arguments"
	}
	return strings.Join(words, " ")
}

func countArgs(a []string) string {
	switch len(a) {
	case 0:
		return "none"
	case 1:
		return fmt.Sprintf("1 argument (%s)", a[0])
	}
	return fmt.Sprintf("%d arguments (%s)", len(a), strings.Join(a, " "))
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
		fmt.Fprintln(e.stderr, e.paint(d.String()))
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
	r := e.compile(path)
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

// compile compiles one spec; the path "-" reads it from stdin.
func (e *env) compile(path string) compile.Result { return e.compileWith(path, compile.Options{}) }

// compileWith is compile with options (client lints).
func (e *env) compileWith(path string, opt compile.Options) compile.Result {
	if path != "-" {
		return compile.FileWith(path, opt)
	}
	src, err := io.ReadAll(e.stdin)
	if err != nil {
		var l token.List
		diag.FileUnreadable.Report(&l, token.Pos{Filename: stdinName}, err.Error())
		return compile.Result{Diags: l}
	}
	return compile.SourceWith(stdinName, src, opt)
}

// stdinName is the file name of a spec read from stdin, in diagnostics.
const stdinName = "<stdin>"

// fileError is a file that cannot be read or written. Every command words
// it as the spec's own read error is: "PATH: error: REASON [TS0001]",
// REASON as the system says it (no such file or directory, is a
// directory, permission denied), and "PATH: error: cannot write: REASON
// [TS0003]" for a write.
type fileError struct {
	path  string
	write bool
	err   error
}

func (f *fileError) Error() string { return f.diagnostic().String() }

func (f *fileError) diagnostic() token.Diagnostic {
	d := diag.FileUnreadable
	if f.write {
		d = diag.FileUnwritable
	}
	return d.New(token.Pos{Filename: f.path}, f.err.Error())
}

func (f *fileError) Unwrap() error { return f.err }

// printError prints an error that ends a command: a file that cannot be
// read or written in the one wording of fileError, anything else as it is.
func (e *env) printError(err error) {
	if fe := asFileError(err); fe != nil {
		fmt.Fprintln(e.stderr, e.paint(fe.Error()))
		return
	}
	fmt.Fprintln(e.stderr, err)
}

// asFileError returns err as a fileError when it is one or an
// *fs.PathError, else nil.
func asFileError(err error) *fileError {
	var fe *fileError
	var pe *fs.PathError
	var we *atomicfile.WriteError
	switch {
	case errors.As(err, &fe):
		return fe
	case errors.As(err, &we):
		return &fileError{path: we.Path, write: true, err: we.Err}
	case errors.As(err, &pe):
		return &fileError{path: pe.Path, err: pe.Err}
	}
	return nil
}

// writeFile writes a whole file atomically, through a symlink to its
// target, refusing a read-only file (package atomicfile) and, unless
// --allow-outside-tree, a target outside the file's tree (confine). The
// file's content is the pieces of data, one after the other.
func (e *env) writeFile(path string, data ...[]byte) error {
	return e.write("", atomicfile.File{Path: path, Data: data})
}

// write writes files atomically (atomicfile.WriteAll: none changes unless
// all can be written), each confined to its tree (confine).
func (e *env) write(root string, files ...atomicfile.File) error {
	for i := range files {
		if err := e.confine(root, &files[i]); err != nil {
			return err
		}
	}
	return atomicfile.WriteAll(files...)
}

// confine refuses a write to f.Path whose target, after symlinks, leaves
// the tree it belongs to: the tree of --root when root is given (seal),
// else the nearest folder above the path holding .git, else its folder.
// Otherwise it sets f.Tree and f.Rel, so that the write goes through the
// tree and a symlink planted after this check cannot lead it out.
// --allow-outside-tree turns it off.
func (e *env) confine(root string, f *atomicfile.File) error {
	if e.anywhere {
		return nil
	}
	tree, err := seal.SealWriteTree(f.Path, root)
	if err == nil {
		f.Tree = tree
		f.Rel, err = seal.ConfineWrite(tree, f.Path)
	}
	if errors.Is(err, seal.ErrRefused) {
		err = fmt.Errorf("%w%s", err, outsideHint)
	}
	if err != nil {
		return &atomicfile.WriteError{Path: f.Path, Err: unwrapPathError(err)}
	}
	return nil
}

// outsideHint ends a refused write: how to write there anyway.
const outsideHint = "; --allow-outside-tree writes there anyway"

// allowOutsideFlag adds --allow-outside-tree to a command that writes.
func (e *env) allowOutsideFlag(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&e.anywhere, "allow-outside-tree", false, "write even where a symlink leads outside the tree of the file written (docs/security.md)")
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// docError prints why a document could not be read, as diagnostics:
// "DOC: error: ..." or, where the OpenAPI loader knows the place,
// "DOC:line:col: error: ...", one a line.
func (e *env) docError(path string, err error) {
	if fe := asFileError(err); fe != nil {
		e.printError(fe) // the file itself: one wording for every command
		return
	}
	for _, err := range flatten(unwrapPathError(err)) {
		pos, msg := path, err.Error()
		var de *openapi.DocError
		if errors.As(err, &de) {
			pos, msg = de.File, de.Message
			if de.Line > 0 {
				pos += ":" + strconv.Itoa(de.Line)
				if de.Col > 0 {
					pos += ":" + strconv.Itoa(de.Col)
				}
			}
		}
		for _, line := range strings.Split(msg, "\n") {
			fmt.Fprintf(e.stderr, "%s: error: %s\n", pos, line)
		}
	}
}

// flatten lists the errors joined in err (errors.Join), or err alone.
func flatten(err error) []error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []error{err}
	}
	var out []error
	for _, e := range j.Unwrap() {
		out = append(out, flatten(e)...)
	}
	return out
}
