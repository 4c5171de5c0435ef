package check

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// values reports every default and example that does not satisfy the
// schema of its own row. The rows are shared out among the cores; each
// keeps its own compiled schemas, and Check sorts the diagnostics.
//
// schemaOf is the row's JSON Schema. It is passed in (compile passes
// gen/schema.Type) because the emitter lives in gen, and imports flow one
// way: lang → model → gen. The value is checked against the very schema
// every backend emits, not a second idea of it.
func values(cat *model.Catalog, broken map[*model.Type]bool, schemaOf func(*model.Type) []byte) token.List {
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
			v := valueChecker{broken: broken, schemaOf: schemaOf, compiled: map[string]*validate.Schema{}}
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
	broken   map[*model.Type]bool
	schemaOf func(*model.Type) []byte
	// Rows repeat across tools (limit, page, ...): compile each distinct
	// row schema once.
	compiled map[string]*validate.Schema
	diags    token.List
	// bare is t without its default and examples, reused: schemaOf is
	// called through a function value, so a local copy would escape.
	bare model.Type
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
	for i, vt := range t.Variants {
		v.walk(vt, what+"|"+strconv.Itoa(i))
	}
	for _, f := range t.Fields {
		v.walk(f.Type, what+"."+f.Name)
	}
}

// values checks t's default and examples against t without them.
func (v *valueChecker) values(t *model.Type, what string) {
	v.bare = *t
	v.bare.Default, v.bare.Examples = nil, nil
	text := v.schemaOf(&v.bare)
	sch, ok := v.compiled[string(text)]
	if !ok {
		var err error
		if sch, err = validate.Compile(text, validate.Draft2020); err != nil {
			diag.RowSchemaInvalid.Report(&v.diags, t.Pos, what, err.Error())
			return
		}
		v.compiled[string(text)] = sch
	}
	check := func(value []byte, word string, off *diag.Def) {
		fails, err := sch.Validate(value)
		switch {
		case err != nil:
			diag.ValueUncheckable.Report(&v.diags, t.Pos, what, word, clip(value), err.Error())
		case len(fails) > 0:
			off.Report(&v.diags, t.Pos, what, clip(value), failureList(fails))
		}
	}
	if t.Default != nil {
		check(t.Default, "default", diag.DefaultOffRow)
	}
	for _, e := range t.Examples {
		check(e, "example", diag.ExampleOffRow)
	}
}

// clipText is clip for text: a name or number the spec wrote, which may be
// megabytes long.
func clipText(s string) string {
	if len(s) <= clipMax {
		return s
	}
	return clip([]byte(s))
}

// clipMax is the most of a spec's value a message quotes.
const clipMax = 60

// clip shortens a JSON value for a message.
func clip(v []byte) string {
	if len(v) <= clipMax {
		return string(v)
	}
	cut := clipMax - 3
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
