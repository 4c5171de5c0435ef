// Everything after the import block is copied into every generated file,
// after the catalog's own serving declarations (gen/golang/serve.go): the
// part of the serving half that does not depend on the catalog.
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
	"sync"
)

// ListToolsScopedJSON returns the tools/list result of a profile narrowed
// to a scope, a fresh copy on every call: "read" keeps the tools with the
// read_only hint, "write" the tools with read_only or additive, "all" (or
// "") every tool, exactly ListToolsJSON. A narrowed table names its scope
// in the catalog identity: "<SpecHash>/p2/read"; on profile 3 its
// cacheScope is "private". nil for any other scope.
func ListToolsScopedJSON(profile int, scope string) []byte {
	if scope == "" || scope == "all" {
		return ListToolsJSON(profile)
	}
	s := tsScopeIndex(scope)
	if s < 0 {
		return nil
	}
	if profile != 2 && profile != 3 {
		profile = 1
	}
	t := &tsScoped[profile-1][s]
	t.once.Do(func() { t.json = tsNarrow(profile, scope) })
	return append([]byte(nil), t.json...)
}

var tsScoped [3][2]struct {
	once sync.Once
	json []byte
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
func tsNarrow(profile int, scope string) []byte {
	var full struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(ListToolsJSON(profile), &full); err != nil || len(full.Tools) != len(tsServeTools) {
		panic("toolspec: the generated tools/list table does not match its tools") // a generator bug
	}
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	n := 0
	for i, t := range tsServeTools {
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
	id, _ := json.Marshal(CatalogID(profile) + "/" + scope)
	b.WriteString(`"_meta":{` + tsMetaKey + ":")
	b.Write(id)
	b.WriteString("}}")
	return b.Bytes()
}

// tsProfile3Cache is what a profile-3 table carries between its tools and
// its _meta, with its comma.
func tsProfile3Cache(cacheScope string) string {
	return `"ttlMs":` + strconv.Itoa(tsProfile3TTLMs) + `,"cacheScope":"` + cacheScope + `","resultType":"complete",`
}

type tsServeTool struct {
	name     string
	readOnly bool
	write    bool         // read_only or additive: a tool with neither may destroy
	result   string       // "out", "text" or "any"
	handler  reflect.Type // func(context.Context, <Tool>Input) (<Out>, error)
}

func (t *tsServeTool) inScope(scope string) bool {
	switch scope {
	case "", "all":
		return true
	case "read":
		return t.readOnly
	case "write":
		return t.write
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

// tsServe binds tool i (of catalog index i) to a handler of type t.handler,
// func(context.Context, In) (Out, error), with the tool's
// Decode<Tool>Input and, when it has an output schema,
// Validate<Tool>Output; when the handler has another type, nil. It works
// by reflection, not with type parameters, so that the Go compiler does
// not compile a copy of it per tool (docs/gen-go.md, "Speed"): a call
// costs one reflect.Value.Call more than a direct one.
func tsServe(t *tsServeTool, i int, h any) *tsServed {
	fn := reflect.ValueOf(h)
	if !fn.IsValid() || fn.Type() != t.handler {
		return nil
	}
	in := t.handler.In(1)
	s := &tsServed{
		decode: func(data []byte) (any, error) {
			p := reflect.New(in)
			if err := tsDecode(tsCat, i, data, p.Interface()); err != nil {
				return nil, err
			}
			return p.Elem().Interface(), nil
		},
		run: func(ctx context.Context, arg any) (any, error) {
			a := reflect.ValueOf(arg)
			if !a.IsValid() || a.Type() != in {
				return nil, fmt.Errorf("arguments of %s are %T, want %v", strconv.Quote(t.name), arg, in)
			}
			out := fn.Call([]reflect.Value{reflect.ValueOf(&ctx).Elem(), a})
			err, _ := out[1].Interface().(error)
			return out[0].Interface(), err
		},
	}
	if tsCat.tools[i].out != "" {
		s.validate = func(data []byte) error { return tsValidate(data, tsCat.output(i)) }
	}
	s.planErr = tsPrepare(tsCat.compiled(i), in)
	return s
}

// Bound is the catalog bound to its handlers: what an MCP SDK adapter
// serves (github.com/toolspec/toolspec/serve/gosdk for the official Go
// SDK). Its methods take and return only standard types.
type Bound struct {
	tools map[string]*tsBoundTool
	err   error
}

type tsBoundTool struct {
	row    *tsServeTool
	served *tsServed
}

// Bind binds every tool to its method of h.
func Bind(h Handlers) *Bound { return BindMap(HandlerMap(h)) }

// BindMap binds tools to handlers given by tool name, each a
// func(context.Context, <Tool>Input) (<Tool>Output, error) as the method
// of Handlers. Check reports the tools without a handler, the handlers
// without a tool, and the handlers of another type; an adapter refuses to
// serve the catalog until Check is nil.
func BindMap(handlers map[string]any) *Bound {
	b := &Bound{tools: make(map[string]*tsBoundTool, len(tsServeTools))}
	names := make([]string, 0, len(handlers))
	for n := range handlers {
		names = append(names, n)
	}
	problems := tsCat.handlerProblems(names)
	for i := range tsServeTools {
		t := &tsServeTools[i]
		h, ok := handlers[t.name]
		if !ok {
			continue
		}
		s := tsServe(t, i, h)
		if s == nil {
			problems = append(problems, fmt.Sprintf("handler of %s is %T, want %v", strconv.Quote(t.name), h, t.handler))
			continue
		}
		if s.planErr != nil {
			problems = append(problems, fmt.Sprintf("tool %s: %v", strconv.Quote(t.name), s.planErr))
			continue
		}
		b.tools[t.name] = &tsBoundTool{row: t, served: s}
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
func (b *Bound) SpecName() string { return SpecName }

// SpecHash is the spec hash.
func (b *Bound) SpecHash() string { return SpecHash }

// ProfileFor maps a negotiated protocol version to a profile (see ProfileFor).
func (b *Bound) ProfileFor(protocolVersion string) int { return ProfileFor(protocolVersion) }

// ListToolsJSON returns the tools/list result of a profile and scope (see
// ListToolsScopedJSON).
func (b *Bound) ListToolsJSON(profile int, scope string) []byte {
	return ListToolsScopedJSON(profile, scope)
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
		return t.row.result
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
