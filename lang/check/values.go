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
// schema of its own row, for the tools of the catalog (their units): each
// tool's own rows, and once each the group rows that tools hold at their
// top level. Only what is not cached yet is checked, shared out among the
// cores when there is much of it; each worker keeps its own compiled
// schemas, and Check sorts the diagnostics.
//
// The row's JSON Schema is c.schemaOf. It is passed in (compile passes
// gen/schema.AppendType) because the emitter lives in gen, and imports flow one
// way: lang → model → gen. The value is checked against the very schema
// every backend emits, not a second idea of it.
func (c *checker) values(tools []*unit) {
	stage := c.cache.groups
	var jobs []func(v *valueChecker)
	var groupRoots []*model.Field // in the order first held
	seen := map[*model.Field]bool{}
	type groupValues struct {
		f    *model.Field
		slot *token.List
	}
	var pending []groupValues
	for _, u := range tools {
		for _, f := range u.groupRoots {
			if seen[f] {
				continue
			}
			seen[f] = true
			groupRoots = append(groupRoots, f)
			if _, ok := stage.values[f]; !ok {
				// Jobs may run in parallel: each writes its own slot.
				slot := new(token.List)
				pending = append(pending, groupValues{f, slot})
				jobs = append(jobs, func(v *valueChecker) {
					v.diags = nil
					v.walkRow(f)
					*slot = v.diags
				})
			}
		}
		if !u.valuesDone {
			u.valuesDone = true
			jobs = append(jobs, func(v *valueChecker) {
				v.diags = nil
				for _, typ := range []*model.Type{u.tool.Input, u.tool.Output} {
					if typ == nil {
						continue
					}
					for _, f := range typ.Fields {
						if f.Group == "" {
							v.walkRow(f)
						}
					}
				}
				u.values = v.diags
			})
		}
	}
	c.runValues(jobs)
	for _, p := range pending {
		stage.values[p.f] = *p.slot
	}
	for _, u := range tools {
		c.diags = append(c.diags, u.values...)
	}
	for _, f := range groupRoots {
		c.diags = append(c.diags, stage.values[f]...)
	}
}

// runValues runs the jobs: on this goroutine, with the schemas the cache
// compiled before, when they are few (an edit); else on every core.
func (c *checker) runValues(jobs []func(v *valueChecker)) {
	k := c.cache
	if k.compiled == nil {
		k.compiled = map[string]*validate.Schema{}
	}
	workers := min(runtime.GOMAXPROCS(0), max(len(jobs)/64, 1))
	if workers == 1 {
		v := valueChecker{broken: c.broken, schemaOf: c.schemaOf, compiled: k.compiled, verdicts: map[*validate.Schema]map[string]verdict{}}
		for _, job := range jobs {
			job(&v)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := valueChecker{broken: c.broken, schemaOf: c.schemaOf, compiled: map[string]*validate.Schema{}, verdicts: map[*validate.Schema]map[string]verdict{}}
			for i := w; i < len(jobs); i += workers {
				jobs[i](&v)
			}
		}()
	}
	wg.Wait()
}

// valueChecker checks the defaults and examples under some rows.
type valueChecker struct {
	broken   map[*model.Type]bool
	schemaOf func([]byte, *model.Type) []byte
	// Rows repeat across tools (limit, page, ...): compile each distinct
	// row schema once.
	compiled map[string]*validate.Schema
	// verdicts are what each compiled schema said of each value it was
	// given (no longer than verdictMax): rows repeat with their defaults
	// (limit ... default 50), and a verdict depends on nothing else.
	verdicts map[*validate.Schema]map[string]verdict
	diags    token.List
	// path holds the name walk builds, reused from one row to the next.
	path []byte
	// bare is t without its default and examples, reused: schemaOf is
	// called through a function value, so a local copy would escape.
	bare model.Type
	// text holds bare's schema, reused.
	text []byte
}

// walkRow checks the values under the row f.
func (v *valueChecker) walkRow(f *model.Field) {
	if v.path == nil {
		v.path = make([]byte, 0, 256) // room for the names of most rows' types
	}
	v.path = append(v.path[:0], f.Name...)
	v.walk(f.Type, v.path)
}

// walk checks the values under t, which what names (row.elem[]|1...). The
// name is made a string only for a type that has values: siblings append
// their names in turn to the same bytes after what.
func (v *valueChecker) walk(t *model.Type, what []byte) {
	if t == nil || v.broken[t] {
		return
	}
	if t.Default != nil || len(t.Examples) > 0 {
		v.values(t, string(what))
	}
	v.walk(t.Elem, append(what, "[]"...))
	for _, it := range t.Items {
		v.walk(it, append(what, "[]"...))
	}
	for i, vt := range t.Variants {
		v.walk(vt, strconv.AppendInt(append(what, '|'), int64(i), 10))
	}
	for _, f := range t.Fields {
		v.walk(f.Type, append(append(what, '.'), f.Name...))
	}
}

// values checks t's default and examples against t without them.
func (v *valueChecker) values(t *model.Type, what string) {
	v.bare = *t
	v.bare.Default, v.bare.Examples = nil, nil
	v.text = v.schemaOf(v.text[:0], &v.bare)
	text := v.text
	sch, ok := v.compiled[string(text)]
	if !ok {
		var err error
		if sch, err = validate.CompileAnnotatedFormats(text, validate.Draft2020); err != nil {
			diag.RowSchemaInvalid.Report(&v.diags, t.Pos, what, err.Error())
			return
		}
		v.compiled[string(text)] = sch
	}
	check := func(value []byte, word string, off *diag.Def) {
		fails, err := v.validate(sch, value)
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

// verdict is what validate.Schema.Validate returned for a value.
type verdict struct {
	fails []validate.Failure
	err   error
}

// verdictMax bounds the values whose verdicts are kept: long ones seldom
// repeat.
const verdictMax = 256

// validate is sch.Validate(value), remembered for short values.
func (v *valueChecker) validate(sch *validate.Schema, value []byte) ([]validate.Failure, error) {
	if len(value) > verdictMax {
		return sch.Validate(value)
	}
	seen := v.verdicts[sch]
	if r, ok := seen[string(value)]; ok {
		return r.fails, r.err
	}
	fails, err := sch.Validate(value)
	if seen == nil {
		seen = map[string]verdict{}
		v.verdicts[sch] = seen
	}
	seen[string(value)] = verdict{fails, err}
	return fails, err
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
