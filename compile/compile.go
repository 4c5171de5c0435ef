package compile

import (
	"encoding/hex"
	"errors"
	"os"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zeebo/blake3"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
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

// File reads and compiles the spec at path. A file that cannot be read is
// reported as a diagnostic at the path.
func File(path string) Result {
	src, err := os.ReadFile(path)
	if err != nil {
		var l token.List
		l.Errorf(token.Pos{File: path}, "%v", unwrapPathError(err))
		return Result{Diags: l}
	}
	return Source(path, src)
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Source compiles spec text; filename is used in positions only.
func Source(filename string, src []byte) Result {
	p := parser.Parse(filename, src)
	r := Result{File: p.File, Comments: p.Comments, Diags: p.Diags}
	if p.File == nil {
		if p.Partial != nil {
			// Report the problems of the declarations that parsed too;
			// the result is never fit to emit, so no catalog.
			u := check.Unparsed{Tools: p.Unparsed["tool"], Groups: p.Unparsed["group"]}
			r.Diags = append(r.Diags, check.CheckPartial(p.Partial, u).Diags...).Sort()
		}
		return r
	}
	// The hash needs only the tree: compute it on the other core while
	// the checks run. (Checked, which the test report calls once per
	// planted defect, hashes only specs that pass.)
	hash := make(chan string, 1)
	go func() { hash <- Hash(p.File) }()
	return checked(r, func() string { return <-hash })
}

// Checked runs the checks on an already parsed tree (r.File) and fills in
// Catalog and Diags. The test report uses it on planted defects.
func Checked(r Result) Result {
	return checked(r, func() string { return Hash(r.File) })
}

func checked(r Result, hash func() string) Result {
	checked := check.Check(r.File)
	cat := checked.Catalog
	r.Diags = append(r.Diags, checked.Diags...)
	r.Diags = append(r.Diags, checkValues(cat, checked.Broken)...)
	r.Diags = r.Diags.Sort()
	if r.Diags.HasErrors() {
		return r
	}
	cat.SpecHash = hash()
	r.Catalog = cat
	return r
}

// Hash is the spec hash: BLAKE3-256, lowercase hex, of the canonical form
// (the formatter's output without comments).
func Hash(f *ast.File) string {
	h := blake3.New()
	format.WriteCanonical(h, f) // a hash.Hash never fails to write
	return hex.EncodeToString(h.Sum(nil))
}

// checkValues reports every default and example that does not satisfy the
// schema of its own row. The rows are shared out among the cores; each
// keeps its own compiled schemas, and the caller sorts the diagnostics.
func checkValues(cat *model.Catalog, broken map[*model.Type]bool) token.List {
	// Group rows are shared between tools: check (and report) them once.
	var roots []*model.Field
	seen := map[*model.Field]bool{}
	for _, tool := range cat.Tools {
		for _, typ := range []*model.Type{tool.Input, tool.Output} {
			if typ == nil {
				continue
			}
			for _, f := range typ.Fields {
				if !seen[f] {
					seen[f] = true
					roots = append(roots, f)
				}
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), max(len(roots)/64, 1))
	found := make([]token.List, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := valueChecker{broken: broken, compiled: map[string]*validate.Schema{}}
			for i := w; i < len(roots); i += workers {
				v.walk(roots[i].Type, roots[i].Name)
			}
			found[w] = v.diags
		}()
	}
	wg.Wait()
	var diags token.List
	for _, d := range found {
		diags = append(diags, d...)
	}
	return diags
}

// valueChecker checks the defaults and examples under some rows.
type valueChecker struct {
	broken map[*model.Type]bool
	// Rows repeat across tools (limit, page, ...): compile each distinct
	// row schema once.
	compiled map[string]*validate.Schema
	diags    token.List
}

func (v *valueChecker) walk(t *model.Type, what string) {
	if t == nil || v.broken[t] {
		return
	}
	if t.Default != nil || len(t.Examples) > 0 {
		v.values(t, what)
	}
	v.walk(t.Elem, what+"[]")
	for _, it := range t.Items {
		v.walk(it, what+"[]")
	}
	for _, f := range t.Fields {
		v.walk(f.Type, what+"."+f.Name)
	}
}

// values checks t's default and examples against t without them.
func (v *valueChecker) values(t *model.Type, what string) {
	bare := *t
	bare.Default, bare.Examples = nil, nil
	text := schema.Type(&bare)
	sch, ok := v.compiled[string(text)]
	if !ok {
		var err error
		if sch, err = validate.Compile(text, validate.Draft2020); err != nil {
			v.diags.Errorf(t.Pos, "%s: %v", what, err)
			return
		}
		v.compiled[string(text)] = sch
	}
	check := func(value []byte, word string) {
		fails, err := sch.Validate(value)
		switch {
		case err != nil:
			v.diags.Errorf(t.Pos, "%s: %s %s: %v", what, word, clip(value), err)
		case len(fails) > 0:
			v.diags.Errorf(t.Pos, "%s: %s %s does not satisfy its own row (%s)", what, word, clip(value), failureList(fails))
		}
	}
	if t.Default != nil {
		check(t.Default, "default")
	}
	for _, e := range t.Examples {
		check(e, "example")
	}
}

// clip shortens a JSON value for a message.
func clip(v []byte) string {
	const max = 60
	if len(v) <= max {
		return string(v)
	}
	cut := max - 3
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return string(v[:cut]) + "..."
}

func failureList(fs []validate.Failure) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Message
		if f.At != "" {
			parts[i] = f.At + ": " + f.Message
		}
	}
	return strings.Join(parts, ", ")
}
