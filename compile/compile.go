package compile

import (
	"encoding/hex"
	"errors"
	"os"
	"slices"

	"github.com/zeebo/blake3"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/sizecap"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// Result is one compiled spec.
type Result struct {
	// File and Comments are the syntax tree; File is nil after a syntax error.
	File     *ast.File
	Comments []*ast.Comment
	// Catalog is the checked model; nil when Diags has errors.
	Catalog *model.Catalog
	Diags   token.List
}

// ReadSpec reads the spec at path. A file that cannot be read, or is over
// sizecap.Spec, is reported as a diagnostic at the path instead.
func ReadSpec(path string) ([]byte, token.List) {
	src, err := sizecap.ReadRegularFile(path, sizecap.Spec, "a spec")
	if err == nil {
		return src, nil
	}
	var l token.List
	d := diag.FileUnreadable
	if errors.Is(err, sizecap.ErrTooLarge) {
		d = diag.FileTooLarge
	}
	d.Report(&l, token.Pos{Filename: path}, unwrapPathError(err).Error())
	return nil, l
}

// File reads (ReadSpec) and compiles the spec at path.
func File(path string) Result { return FileWith(path, Options{}) }

// Options tune compilation.
type Options struct {
	// Clients tunes the lints of client families.
	Clients clients.Options
	// Lint names client families to lint as warnings (`check --clients`);
	// the families the spec declares are linted as errors all the same.
	Lint []string
	// ParseCache, when set, keeps the declarations of the last Analyse of
	// the same file and parses only those whose text changed (the
	// language server's edits; parser.Cache).
	ParseCache *parser.Cache
	// CheckCache, when set, keeps what the last Analyse of the same file
	// found in each declaration and checks again only the declarations
	// that changed and those that depend on them (check.Cache).
	CheckCache *check.Cache
}

// FileWith is File with options.
func FileWith(path string, opt Options) Result {
	src, diags := ReadSpec(path)
	if diags != nil {
		return Result{Diags: diags}
	}
	return SourceWith(path, src, opt)
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Source compiles spec text; filename is used in positions only.
func Source(filename string, src []byte) Result { return SourceWith(filename, src, Options{}) }

// SourceWith is Source with options.
func SourceWith(filename string, src []byte, opt Options) Result {
	p := parser.Parse(filename, src)
	if p.File == nil {
		return analysed(p, opt) // never fit to emit, so no catalog
	}
	// The hash needs only the tree: compute it on the other core while
	// the checks run. (Checked, which the test report calls once per
	// planted defect, hashes only specs that pass.)
	hash := make(chan string, 1)
	go func() { hash <- Hash(p.File) }()
	return fitToEmit(analysed(p, opt), func() string { return <-hash })
}

// Checked runs the checks on an already parsed tree (r.File) and fills in
// Catalog and Diags. The test report uses it on planted defects.
func Checked(r Result) Result {
	a := checkedTree(Result{File: r.File, Comments: r.Comments, Diags: r.Diags}, Options{})
	return fitToEmit(a, func() string { return Hash(r.File) })
}

// Analyse is what an editor needs of spec text: every diagnostic `check`
// reports, and the checked model even when there are errors (for hover
// and completion; never fit to emit). It computes no hash.
func Analyse(filename string, text string, opt Options) Result {
	return analysed(parser.ParseText(filename, text, opt.ParseCache), opt)
}

// analysed checks a parse: the declarations that parsed around a syntax
// error, or the whole tree. The catalog is kept whatever the diagnostics.
func analysed(p parser.Result, opt Options) Result {
	r := Result{File: p.File, Comments: p.Comments, Diags: p.Diags}
	if p.File == nil {
		r.Diags = append(r.Diags, partial(p, opt.CheckCache)...).Sort()
		return r
	}
	return checkedTree(r, opt)
}

// checkedTree runs the checks, then the client lints when they pass, on
// r.File.
func checkedTree(r Result, opt Options) Result {
	checked := checkConfig.CheckCached(r.File, opt.CheckCache)
	r.Catalog = checked.Catalog
	r.Diags = append(r.Diags, checked.Diags...)
	if !r.Diags.HasErrors() {
		r.Diags = append(r.Diags, lints(r.Catalog, opt)...)
	}
	r.Diags = r.Diags.Sort()
	return r
}

// fitToEmit keeps the catalog, hashed, only when there is no error.
func fitToEmit(r Result, hash func() string) Result {
	if r.Diags.HasErrors() {
		r.Catalog = nil
		return r
	}
	r.Catalog.SpecHash = hash()
	return r
}

// lints lints cat for client families: those the spec declares as errors
// where their dialect cannot lower the construct, those opt.Lint adds as
// warnings.
func lints(cat *model.Catalog, opt Options) token.List {
	l := clients.LintDeclared(cat, cat.Clients, opt.Clients)
	var others []string
	for _, f := range opt.Lint {
		if !slices.Contains(cat.Clients, f) {
			others = append(others, f)
		}
	}
	return append(l, clients.Lint(cat, others, token.Warning, opt.Clients)...)
}

// partial checks the declarations that parsed around a syntax error, so
// their problems are reported in the same run.
func partial(p parser.Result, k *check.Cache) token.List {
	if p.Partial == nil {
		return nil
	}
	cfg := checkConfig
	cfg.Unparsed = check.Unparsed{Tools: p.Unparsed["tool"], Groups: p.Unparsed["group"]}
	return cfg.CheckCached(p.Partial, k).Diags
}

// checkConfig gives the checker the schema emitter, which lang may not
// import, so that defaults and examples are checked against the schema
// every backend emits.
var checkConfig = check.Config{SchemaOf: schema.AppendType}

// Hash is the spec hash: BLAKE3-256, lowercase hex, of the canonical form
// (the formatter's output without comments).
func Hash(f *ast.File) string {
	h := blake3.New()
	format.WriteCanonical(h, f) // a hash.Hash never fails to write
	return hex.EncodeToString(h.Sum(nil))
}
