// Everything after the import block is copied into every generated file,
// after the catalog's own serving declarations (gen/golang/serve.go): the
// part of the serving half that does not depend on the catalog, which it
// is given (the catalog, c, and its serving rows) by those declarations,
// so that a shared runtime package (gen-go --runtime) serves every part.
// generated.go stands in for what the generator writes, so that this file
// compiles, is vetted and is tested here.

package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// tsScopedList is ListToolsScopedJSON: the tools/list result of a
// profile narrowed to a scope, a fresh copy on every call (rows are the
// catalog's serving rows, in catalog order).
func tsScopedList(c *tsCatalog, rows []tsServeTool, profile int, scope string) []byte {
	if scope == "" || scope == "all" {
		return c.list(profile)
	}
	s := tsScopeIndex(scope)
	if s < 0 {
		return nil
	}
	if profile != 2 && profile != 3 {
		profile = 1
	}
	t := &c.scoped[profile-1][s]
	t.once.Do(func() { t.json = tsNarrow(c, rows, profile, scope) })
	return append([]byte(nil), t.json...)
}

func tsScopeIndex(scope string) int {
	switch scope {
	case "read":
		return 0
	case "write":
		return 1
	}
	return -1
}

// tsNarrow keeps the entries of the full table that are in scope, byte
// for byte, and names the scope in the identity.
func tsNarrow(c *tsCatalog, rows []tsServeTool, profile int, scope string) []byte {
	var full struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(c.list(profile), &full); err != nil || len(full.Tools) != len(rows) {
		panic("toolspec: the generated tools/list table does not match its tools") // a generator bug
	}
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	n := 0
	for i, t := range rows {
		if !t.inScope(scope) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.Write(full.Tools[i])
		n++
	}
	b.WriteString(`],`)
	if profile == 3 {
		b.WriteString(tsProfile3Cache("private"))
	}
	id, _ := json.Marshal(c.ids[profile-1] + "/" + scope)
	b.WriteString(`"_meta":{` + c.metaKey + ":")
	b.Write(id)
	b.WriteString("}}")
	return b.Bytes()
}

// tsProfile3Cache is what a profile-3 table carries between its tools and
// its _meta, with its comma.
func tsProfile3Cache(cacheScope string) string {
	return `"ttlMs":` + strconv.Itoa(tsProfile3TTLMs) + `,"cacheScope":"` + cacheScope + `","resultType":"complete",`
}

// tsServeTool is a tool's serving row. Its fields are exported so that a
// part generated against a shared runtime package (gen-go --runtime) can
// write its rows; the type is not.
type tsServeTool struct {
	Name     string
	ReadOnly bool
	Write    bool         // read_only or additive: a tool with neither may destroy
	Result   string       // "out", "text" or "any"
	Handler  reflect.Type // func(context.Context, <Tool>Input) (<Out>, error)
}

func (t *tsServeTool) inScope(scope string) bool {
	switch scope {
	case "", "all":
		return true
	case "read":
		return t.ReadOnly
	case "write":
		return t.Write
	}
	return false
}

// tsServed is one tool bound to its handler.
type tsServed struct {
	decode   func([]byte) (any, error)
	run      func(context.Context, any) (any, error)
	validate func([]byte) error // nil without out
	planErr  error              // the input type cannot be decoded (tsPrepare)
}

// tsServe binds tool i of c, whose row is t, to a handler of type
// t.Handler, func(context.Context, In) (Out, error), with the tool's
// Decode<Tool>Input and, when it has an output schema,
// Validate<Tool>Output; when the handler has another type, nil. It works
// by reflection, not with type parameters, so that the Go compiler does
// not compile a copy of it per tool (docs/gen-go.md, "Speed"): a call
// costs a reflect.Value.Call.
func tsServe(c *tsCatalog, t *tsServeTool, i int, h any) *tsServed {
	fn := reflect.ValueOf(h)
	if !fn.IsValid() || fn.Type() != t.Handler {
		return nil
	}
	in := t.Handler.In(1)
	s := &tsServed{
		decode: func(data []byte) (any, error) {
			p := reflect.New(in)
			if err := tsDecode(c, i, data, p.Interface()); err != nil {
				return nil, err
			}
			return p.Elem().Interface(), nil
		},
		run: func(ctx context.Context, arg any) (any, error) {
			a := reflect.ValueOf(arg)
			if !a.IsValid() || a.Type() != in {
				return nil, fmt.Errorf("arguments of %s are %T, want %v", strconv.Quote(t.Name), arg, in)
			}
			out := fn.Call([]reflect.Value{reflect.ValueOf(&ctx).Elem(), a})
			err, _ := out[1].Interface().(error)
			return out[0].Interface(), err
		},
	}
	if c.tools[i].out != "" {
		s.validate = func(data []byte) error { return tsValidate(data, c.output(i)) }
	}
	s.planErr = tsPrepare(c.compiled(i), in)
	return s
}

// Bound is the catalog bound to its handlers: what an MCP SDK adapter
// serves (github.com/toolspec/toolspec/serve/gosdk for the official Go
// SDK). Its methods take and return only standard types.
type Bound struct {
	c     *tsCatalog
	rows  []tsServeTool
	tools map[string]*tsBoundTool
	err   error
}

type tsBoundTool struct {
	row    *tsServeTool
	served *tsServed
}

// tsBindMap is BindMap: it binds the tools of c, whose serving rows are
// rows, to handlers given by tool name.
func tsBindMap(c *tsCatalog, rows []tsServeTool, handlers map[string]any) *Bound {
	b := &Bound{c: c, rows: rows, tools: make(map[string]*tsBoundTool, len(rows))}
	names := make([]string, 0, len(handlers))
	for n := range handlers {
		names = append(names, n)
	}
	problems := c.handlerProblems(names)
	for i := range rows {
		t := &rows[i]
		h, ok := handlers[t.Name]
		if !ok {
			continue
		}
		s := tsServe(c, t, i, h)
		if s == nil {
			problems = append(problems, fmt.Sprintf("handler of %s is %T, want %v", strconv.Quote(t.Name), h, t.Handler))
			continue
		}
		if s.planErr != nil {
			problems = append(problems, fmt.Sprintf("tool %s: %v", strconv.Quote(t.Name), s.planErr))
			continue
		}
		b.tools[t.Name] = &tsBoundTool{row: t, served: s}
	}
	if len(problems) > 0 {
		b.err = errors.New("toolspec: " + strings.Join(problems, "; "))
	}
	return b
}

// Check returns nil when every tool has a handler of its type and every
// handler a tool; otherwise one error naming each problem.
func (b *Bound) Check() error { return b.err }

// SpecName is the spec's name.
func (b *Bound) SpecName() string { return b.c.name }

// SpecHash is the spec hash.
func (b *Bound) SpecHash() string { return b.c.hash }

// ProfileFor maps a negotiated protocol version to a profile (see ProfileFor).
func (b *Bound) ProfileFor(protocolVersion string) int { return tsProfileFor(protocolVersion) }

// ListToolsJSON returns the tools/list result of a profile and scope (see
// ListToolsScopedJSON).
func (b *Bound) ListToolsJSON(profile int, scope string) []byte {
	return tsScopedList(b.c, b.rows, profile, scope)
}

// InScope reports whether tool is a tool of the catalog within scope.
func (b *Bound) InScope(tool, scope string) bool {
	t := b.tools[tool]
	return t != nil && t.row.inScope(scope)
}

// Result is what tool returns: "out" (structured, see ValidateOutput),
// "text" (a string) or "any" (a value to marshal); "" for no such tool.
func (b *Bound) Result(tool string) string {
	if t := b.tools[tool]; t != nil {
		return t.row.Result
	}
	return ""
}

// Decode decodes and validates the arguments of tool with its
// Decode<Tool>Input.
func (b *Bound) Decode(tool string, args []byte) (any, error) {
	t := b.tools[tool]
	if t == nil {
		return nil, fmt.Errorf("unknown tool %s", strconv.Quote(tool))
	}
	return t.served.decode(args)
}

// Run calls tool's handler with arguments Decode returned.
func (b *Bound) Run(ctx context.Context, tool string, in any) (any, error) {
	t := b.tools[tool]
	if t == nil {
		return nil, fmt.Errorf("unknown tool %s", strconv.Quote(tool))
	}
	return t.served.run(ctx, in)
}

// ValidateOutput checks a structured result of tool, as JSON, with its
// Validate<Tool>Output; nil for a tool without out.
func (b *Bound) ValidateOutput(tool string, out []byte) error {
	t := b.tools[tool]
	if t == nil || t.served.validate == nil {
		return nil
	}
	return t.served.validate(out)
}
