package openapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/datamodel/low"
	lowv3 "github.com/pb33f/libopenapi/datamodel/low/v3"

	"github.com/pb33f/libopenapi/index"
	"github.com/pb33f/libopenapi/orderedmap"
	"github.com/toolspec/toolspec/internal/sizecap"
)

// Errors that Load wraps, for errors.Is.
var (
	// ErrSyntax: the file is not valid JSON or YAML.
	ErrSyntax = errors.New("syntax error")
	// ErrNotOpenAPI: the file parses but is not an OpenAPI 3.0 or 3.1
	// document (a Swagger 2.0 document, another version, or no `openapi`
	// field).
	ErrNotOpenAPI = errors.New("not an OpenAPI 3.0 or 3.1 document")
	// ErrUnresolvedRef: a $ref points at nothing. The library drops what
	// such a $ref is used in (a parameter disappears), so it fails the load
	// instead of loosening the operation.
	ErrUnresolvedRef = errors.New("unresolved $ref")
)

// Load reads the OpenAPI document at path. JSON and YAML are told apart by
// content, not by file name. Every error names the file.
//
// A construct toolspec cannot compare, such as a oneOf, does not fail the
// load: that schema is Unsupported and says why, so that callers can report
// it at the field that uses it. A `$ref` that does not resolve fails the
// load, listing every such $ref with its position.
func Load(path string) (*Doc, error) {
	data, err := sizecap.ReadFile(path, sizecap.Document, "a document")
	if err != nil {
		return nil, err // *fs.PathError names the file
	}
	return Parse(path, data)
}

// Parse is Load for a document already in memory; name is used in
// messages.
func Parse(name string, data []byte) (doc *Doc, err error) {
	// No input may panic; should the library panic on a document,
	// say so about that document instead of crashing the caller.
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, docErr(name, 0, 0, ErrNotOpenAPI, "the OpenAPI library failed on it: %v", r)
		}
	}()
	version, err := sniff(name, data)
	if err != nil {
		return nil, err
	}
	cfg := &datamodel.DocumentConfiguration{
		// The default logger writes JSON lines to standard output.
		Logger: slog.New(slog.DiscardHandler),
		// Constraining keywords next to a $ref are reported, not merged:
		// see refSiblings.
		TransformSiblingRefs:      false,
		MergeReferencedProperties: false,
	}
	ld, err := libopenapi.NewDocumentWithConfiguration(data, cfg)
	if err != nil {
		return nil, &DocError{File: name, Message: err.Error()}
	}
	model, err := ld.BuildV3Model()
	if model == nil {
		if err == nil {
			return nil, &DocError{File: name, Kind: ErrNotOpenAPI, Message: ErrNotOpenAPI.Error()}
		}
		return nil, &DocError{File: name, Message: err.Error()}
	}
	l := &loader{warnings: map[string]bool{}, refs: map[string]*Schema{}}
	var broken []*DocError
	for _, e := range unwrap(err) {
		var re *index.ResolvingError
		var ie *index.IndexingError
		switch {
		case errors.As(e, &re) && re.CircularReference != nil:
			// Cut and reported by schema where it meets them.
		case errors.As(e, &ie):
			broken = append(broken, unresolved(name, ie.Err, ie.Node))
		case errors.As(e, &re):
			broken = append(broken, unresolved(name, re.ErrorRef, re.Node))
		default:
			l.warn("%v", e)
		}
	}
	if len(broken) > 0 {
		slices.SortFunc(broken, func(a, b *DocError) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Message, b.Message))
		})
		broken = slices.CompactFunc(broken, func(a, b *DocError) bool { return *a == *b })
		errs := make([]error, len(broken))
		for i, b := range broken {
			errs[i] = b
		}
		return nil, errors.Join(errs...)
	}

	m := &model.Model
	d := &Doc{File: name, OpenAPI: version}
	if m.Info != nil {
		d.Title = m.Info.Title
		d.APIVersion = m.Info.Version
	}
	d.Extensions = extensionList(m.Extensions, "document", "#")
	if m.Components != nil {
		for n, sc := range m.Components.SecuritySchemes.FromOldest() {
			if sc == nil {
				continue
			}
			if d.SecuritySchemes == nil {
				d.SecuritySchemes = map[string]*SecurityScheme{}
			}
			at := Loc{Pointer: "#/components/securitySchemes/" + escape(n)}
			if lo := sc.GoLow(); lo != nil {
				at = loc(at.Pointer, lo.RootNode)
			}
			d.SecuritySchemes[n] = &SecurityScheme{Name: n, Type: sc.Type, In: sc.In, Param: sc.Name, At: at}
		}
	}
	global := requirements(m.Security)
	if m.Paths != nil {
		for path, item := range m.Paths.PathItems.FromOldest() {
			if item == nil {
				continue
			}
			d.Extensions = append(d.Extensions, extensionList(item.Extensions, "path item "+path, "#/paths/"+escape(path))...)
			for method, op := range item.GetOperations().FromOldest() {
				o := l.operation(path, method, item, op)
				o.Security = global
				if lo := op.GoLow(); lo != nil && lo.Security.KeyNode != nil {
					o.Security = requirements(op.Security)
				}
				d.Operations = append(d.Operations, o)
			}
		}
	}
	// Document order: paths as written, and the operations of one path
	// as written (libopenapi gives a path's operations in a fixed method
	// order, and one line for all of a minified JSON document).
	for i := 0; i < len(d.Operations); {
		j := i + 1
		for j < len(d.Operations) && d.Operations[j].Path == d.Operations[i].Path {
			j++
		}
		slices.SortStableFunc(d.Operations[i:j], func(a, b *Operation) int {
			if c := a.At.Line - b.At.Line; c != 0 {
				return c
			}
			return a.At.Col - b.At.Col
		})
		i = j
	}
	for w := range l.warnings {
		d.Warnings = append(d.Warnings, w)
	}
	slices.Sort(d.Warnings)
	return d, nil
}

var quotedRef = regexp.MustCompile("`([^`]+)`")

// DocError is an error at a place in a document: "file:line:col: message",
// or "file: message" when the place is unknown (Line 0). Callers that
// print diagnostics read the fields; errors.Is finds Kind.
type DocError struct {
	File      string
	Line, Col int
	// Kind is ErrSyntax, ErrNotOpenAPI or ErrUnresolvedRef, or nil for a
	// failure the OpenAPI library reported in its own words.
	Kind error
	// Message is what went wrong, starting with Kind's words when it has
	// a Kind ("syntax error: ...", "unresolved $ref #/x").
	Message string
}

func (e *DocError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Message)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Message)
	}
	return e.File + ": " + e.Message
}

func (e *DocError) Unwrap() error { return e.Kind }

// docErr makes a DocError whose message is kind's words, then the detail.
func docErr(file string, line, col int, kind error, format string, args ...any) *DocError {
	return &DocError{File: file, Line: line, Col: col, Kind: kind, Message: kind.Error() + ": " + fmt.Sprintf(format, args...)}
}

// unresolved describes an unresolved $ref from the library's error and the
// node that holds the $ref.
func unresolved(name string, err error, node *yaml.Node) *DocError {
	ref := "?"
	line, col := 0, 0
	if err != nil {
		ref = err.Error()
		if m := quotedRef.FindStringSubmatch(ref); m != nil {
			ref = m[1]
		}
	}
	// The node holds the $ref as written; the message drops any file part.
	if node != nil {
		line, col = node.Line, node.Column
		switch node.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(node.Content); i += 2 {
				if node.Content[i].Value == "$ref" {
					ref = node.Content[i+1].Value
				}
			}
		case yaml.ScalarNode:
			if node.Value != "" {
				ref = node.Value
			}
		}
	}
	return &DocError{File: name, Line: line, Col: col, Kind: ErrUnresolvedRef, Message: ErrUnresolvedRef.Error() + " " + ref}
}

// unwrap flattens joined errors.
func unwrap(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unwrap(e)...)
		}
		return out
	}
	return []error{err}
}

// sniff checks the syntax and the version before the library sees the
// document, so that the common mistakes get a message with a position and
// without the library's wording.
func sniff(name string, data []byte) (string, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) == 0 {
		return "", docErr(name, 0, 0, ErrNotOpenAPI, "the file is empty")
	}
	var top any
	if trimmed[0] == '{' {
		// Only the fields read here are decoded: a 13 MB document
		// decoded whole costs hundreds of megabytes. Numbers stay text:
		// 1e400 is valid JSON, beyond float64.
		var fields map[string]json.RawMessage
		err := json.Unmarshal(data, &fields)
		head := map[string]any{}
		for _, k := range []string{"swagger", "openapi"} {
			if raw, ok := fields[k]; ok && err == nil {
				dec := json.NewDecoder(bytes.NewReader(raw))
				dec.UseNumber()
				var v any
				err = dec.Decode(&v)
				head[k] = v
			}
		}
		top = head
		if err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				line, col := position(data, se.Offset)
				return "", docErr(name, line, col, ErrSyntax, "%v", se)
			}
			return "", docErr(name, 0, 0, ErrSyntax, "%v", err)
		}
	} else if err := yaml.Unmarshal(data, &top); err != nil {
		return "", yamlError(name, err)
	}
	var head map[string]any
	switch t := top.(type) {
	case map[string]any:
		head = t
	case map[any]any:
		head = jsonable(t).(map[string]any)
	default:
		return "", docErr(name, 0, 0, ErrNotOpenAPI, "the document is %s, not an object", describe(top))
	}
	if sw, ok := head["swagger"]; ok {
		return "", docErr(name, 0, 0, ErrNotOpenAPI, "it is swagger %v (convert it to OpenAPI 3 first)", sw)
	}
	v, ok := head["openapi"].(string)
	if !ok {
		if head["openapi"] == nil {
			return "", docErr(name, 0, 0, ErrNotOpenAPI, "no \"openapi\" field")
		}
		return "", docErr(name, 0, 0, ErrNotOpenAPI, "\"openapi\" is %v, not a version string", head["openapi"])
	}
	if !strings.HasPrefix(v, "3.0") && !strings.HasPrefix(v, "3.1") {
		return "", docErr(name, 0, 0, ErrNotOpenAPI, "it is openapi %s", v)
	}
	return v, nil
}

// describe names the JSON type of a decoded value, for messages.
func describe(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "a list"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	}
	return "a number"
}

var yamlPosition = regexp.MustCompile(`^(?:yaml: )?(?:.*? at )?L(\d+)\.C(\d+)(?:-L\d+\.C\d+)?: (.*)$`)
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError rewrites the YAML parser's error as
// "file:line:col: syntax error: message".
func yamlError(name string, err error) error {
	msg := err.Error()
	if m := yamlPosition.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return docErr(name, line, col, ErrSyntax, "%s", m[3])
	}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return docErr(name, line, 0, ErrSyntax, "%s", m[2])
	}
	return docErr(name, 0, 0, ErrSyntax, "%s", strings.TrimPrefix(msg, "yaml: "))
}

// position turns a byte offset into a 1-based line and column.
func position(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1)
	if col < 1 {
		col = 1
	}
	return line, col
}

type loader struct {
	warnings map[string]bool
	// expanding holds the $refs being expanded, outermost first.
	expanding []string
	// cutAt is the lowest index in expanding that a cycle cut below the
	// current schema went back to: a $ref whose expansion cut nothing
	// above itself reads the same from every place that uses it.
	cutAt int
	// refs holds the schema of each $ref that reads the same everywhere,
	// so a component is converted once however often it is used: the
	// tree callers walk shares it.
	refs map[string]*Schema
	// schemas counts the schemas built. With refs shared this is about
	// the document's size; only schemas inside a cycle are built once per
	// place that reaches them, and maxSchemas stops a hostile document.
	schemas int
	// inlined counts the schemas held once inlined by what is being
	// built: one per schema built, a shared $ref's size per use. start is
	// its value when the outermost $ref being built (expanding[0]) began:
	// once that $ref holds more than maxExpanded, over names it, and
	// every schema still being built under it stops at once (it would be
	// Unsupported anyway), so a $ref inside cycles, rebuilt for each path
	// that reaches it, costs at most maxExpanded schemas, not one per
	// path (Stripe's expandable fields: millions).
	inlined, start int
	over           string
}

// maxSchemas bounds the schemas one document may build. GitHub's REST
// description (about 1 000 operations, 13 MB) builds about 40 000, Stripe
// 83 000 and Microsoft Graph 80 000 (each $ref inside cycles stopped at
// maxExpanded); a
// hostile one of a few kilobytes could otherwise build billions.
const maxSchemas = 500_000

// maxExpanded bounds how many schemas one schema may hold once its $refs
// are inlined, as importer and parity walk it. GitHub's largest response
// holds about 3 000; a hostile document of a few kilobytes could hold
// billions (each level of shared $refs multiplies them).
const maxExpanded = 20_000

// maxResponse bounds the schemas a 2xx response may hold once inlined; a
// larger one is Unsupported (import writes the tool's result `any`). A
// tool's result is its output schema, sent in every tools/list: Stripe's
// responses inline the objects their expandable fields expand to, 53 of
// them hold 2 000 to 20 000 schemas (a single tool then takes 8 MiB of
// spec), and its 452 tools would take 139 MiB. GitHub's largest response
// holds about 3 000.
const maxResponse = 1_000

func (l *loader) warn(format string, args ...any) {
	l.warnings[fmt.Sprintf(format, args...)] = true
}

func (l *loader) operation(path, method string, item *v3.PathItem, op *v3.Operation) *Operation {
	at := "#/paths/" + escape(path) + "/" + strings.ToLower(method)
	o := &Operation{
		Method:      strings.ToUpper(method),
		Path:        path,
		OperationID: op.OperationId,
		Summary:     op.Summary,
		Description: op.Description,
		Tags:        op.Tags,
		Deprecated:  op.Deprecated != nil && *op.Deprecated,
		At:          Loc{Pointer: at},
	}
	if lo := op.GoLow(); lo != nil {
		o.At = loc(at, lo.KeyNode)
	}
	for _, e := range extensionList(op.Extensions, "", at) {
		if o.Extensions == nil {
			o.Extensions, o.ExtensionAt = map[string]any{}, map[string]Loc{}
		}
		o.Extensions[e.Key], o.ExtensionAt[e.Key] = e.Value, e.At
	}

	// Path-level parameters first, then the operation's; an operation's
	// parameter replaces a path-level one of the same name and location.
	for i, p := range item.Parameters {
		if p == nil || ignoredHeader(p) || slices.ContainsFunc(op.Parameters, func(q *v3.Parameter) bool {
			return q != nil && q.Name == p.Name && q.In == p.In
		}) {
			continue
		}
		var refs []low.ValueReference[*lowv3.Parameter]
		if lo := item.GoLow(); lo != nil {
			refs = lo.Parameters.Value
		}
		o.Params = append(o.Params, l.param(p, paramPointer(p, refs, "#/paths/"+escape(path)+"/parameters/"+strconv.Itoa(i))))
	}
	for i, p := range op.Parameters {
		if p == nil || ignoredHeader(p) {
			continue
		}
		var refs []low.ValueReference[*lowv3.Parameter]
		if lo := op.GoLow(); lo != nil {
			refs = lo.Parameters.Value
		}
		o.Params = append(o.Params, l.param(p, paramPointer(p, refs, at+"/parameters/"+strconv.Itoa(i))))
	}

	// The template and the path parameters must name the same things.
	template := TemplateParams(path)
	for _, name := range template {
		if o.Param(name, "path") == nil {
			l.warn("%s: path template parameter {%s} is not declared as a path parameter", o, name)
		}
	}
	for _, p := range o.ParamsIn("path") {
		if !slices.Contains(template, p.Name) {
			l.warn("%s: path parameter %s is not in the path template", o, p.Name)
		}
	}

	if rb := op.RequestBody; rb != nil {
		b := &Body{Required: rb.Required != nil && *rb.Required, Description: rb.Description, At: Loc{Pointer: at + "/requestBody"}}
		if lo := rb.GoLow(); lo != nil {
			b.At = loc(b.At.Pointer, lo.KeyNode)
		}
		mt, media, form := bodyMedia(rb.Content, true)
		for ct := range rb.Content.KeysFromOldest() {
			b.ContentTypes = append(b.ContentTypes, ct)
		}
		b.Form = form
		if media != nil {
			b.Schema = l.schemaOrAny(media.Schema, at+"/requestBody/content/"+escape(mt)+"/schema")
		}
		o.Body = b
	}

	if op.Responses != nil {
		var codes []string
		for code := range op.Responses.Codes.KeysFromOldest() {
			if strings.HasPrefix(code, "2") {
				codes = append(codes, code)
			}
		}
		// "200" < "201" < "2XX": exact codes before the range.
		slices.Sort(codes)
		for _, code := range codes {
			r := op.Responses.Codes.GetOrZero(code)
			if r == nil {
				continue
			}
			mt, media := jsonMedia(r.Content)
			if media == nil {
				continue
			}
			o.ResponseStatus = code
			rat := at + "/responses/" + escape(code) + "/content/" + escape(mt) + "/schema"
			o.Response = l.schemaOrAny(media.Schema, rat)
			if n := o.Response.size; n > maxResponse {
				big := o.Response
				o.Response = unsupported("schema at %s holds %d schemas once its $refs are inlined, more than the %d a tool's result is written with: teach toolspec named types", rat, n, maxResponse)
				o.Response.size, o.Response.At, o.Response.Ref = 1, big.At, big.Ref
			}
			break
		}
	}
	return o
}

// ignoredHeader reports the header parameters that OpenAPI says SHALL be
// ignored: Accept, Content-Type and Authorization are described elsewhere
// (media types, security schemes).
func ignoredHeader(p *v3.Parameter) bool {
	if p.In != "header" {
		return false
	}
	switch strings.ToLower(p.Name) {
	case "accept", "content-type", "authorization":
		return true
	}
	return false
}

// paramPointer is the pointer of the component a parameter slot refers
// to ($ref: '#/components/parameters/X'), or the slot's when the
// parameter is written in place: a position's line is the definition's,
// so its pointer must be too.
func paramPointer(p *v3.Parameter, refs []low.ValueReference[*lowv3.Parameter], slot string) string {
	lo := p.GoLow()
	for _, r := range refs {
		if lo != nil && r.Value == lo && r.IsReference() && strings.HasPrefix(r.GetReference(), "#/") {
			return r.GetReference()
		}
	}
	return slot
}

func (l *loader) param(p *v3.Parameter, at string) *Param {
	out := &Param{
		Name:        p.Name,
		In:          p.In,
		Required:    p.In == "path" || (p.Required != nil && *p.Required),
		Deprecated:  p.Deprecated,
		Description: p.Description,
		Style:       p.Style,
		Explode:     own(p.Explode),
		Example:     raw(p.Example),
		At:          Loc{Pointer: at},
	}
	if p.Examples != nil {
		for pair := p.Examples.First(); pair != nil; pair = pair.Next() {
			if ex := pair.Value(); ex != nil && ex.Value != nil {
				if b := raw(ex.Value); b != nil {
					out.Examples = append(out.Examples, b)
				}
			}
		}
	}
	if lo := p.GoLow(); lo != nil {
		out.At = loc(at, lo.RootNode)
	}
	switch {
	case p.Schema != nil:
		out.Schema = l.schema(p.Schema, at+"/schema")
	case p.Content != nil:
		if mt, media := jsonMedia(p.Content); media != nil {
			out.MediaType = mt
			out.Schema = l.schemaOrAny(media.Schema, at+"/content/"+escape(mt)+"/schema")
		} else if mt, media := textMedia(p.Content); media != nil {
			// Plain text is a string, whatever its schema says the
			// text holds.
			out.MediaType = mt
			out.Schema = &Schema{Kind: String, At: Loc{Pointer: at + "/content/" + escape(mt)}}
			if media.Schema != nil {
				if s := l.schema(media.Schema, at+"/content/"+escape(mt)+"/schema"); s.Kind == String {
					out.Schema = s
				}
			}
		} else {
			out.Schema = unsupported("parameter %s at %s has no JSON or text/plain content: teach toolspec to compare it", p.Name, at)
		}
	default:
		out.Schema = unsupported("parameter %s at %s has neither schema nor content", p.Name, at)
	}
	return out
}

// jsonMedia picks the JSON media type: application/json itself, else the
// first other JSON one in document order (text/json, application/*+json,
// and */* or application/*, which take JSON too).
func jsonMedia(content *orderedmap.Map[string, *v3.MediaType]) (string, *v3.MediaType) {
	name, mt, _ := bodyMedia(content, false)
	return name, mt
}

// bodyMedia picks the media type whose schema a tool's rows follow, best
// first: application/json, another JSON type, then (with forms) a form,
// application/x-www-form-urlencoded before multipart/form-data, whose
// fields are rows as a JSON object's properties are (encoding them is the
// HTTP client's business). form is the form's media type, "" for JSON.
func bodyMedia(content *orderedmap.Map[string, *v3.MediaType], forms bool) (name string, mt *v3.MediaType, form string) {
	rank := 0
	for n, m := range content.FromOldest() {
		base, _, err := mime.ParseMediaType(n)
		if err != nil {
			base = strings.ToLower(strings.TrimSpace(n))
		}
		r := 0
		switch {
		case base == "application/json":
			r = 5
		case isJSON(base):
			r = 4
		case forms && base == "application/x-www-form-urlencoded":
			r = 2
		case forms && base == "multipart/form-data":
			r = 1
		}
		if r > rank {
			name, mt, rank = n, m, r
			form = ""
			if r <= 2 {
				form = base
			}
		}
	}
	return name, mt, form
}

// textMedia picks text/plain.
func textMedia(content *orderedmap.Map[string, *v3.MediaType]) (string, *v3.MediaType) {
	for name, mt := range content.FromOldest() {
		base, _, err := mime.ParseMediaType(name)
		if err != nil {
			base = strings.ToLower(strings.TrimSpace(name))
		}
		if base == "text/plain" {
			return name, mt
		}
	}
	return "", nil
}

// loc is the location of a node, which may be nil.
func loc(pointer string, n *yaml.Node) Loc {
	if n == nil {
		return Loc{Pointer: pointer}
	}
	return Loc{Pointer: pointer, Line: n.Line, Col: n.Column}
}

// requirements names the schemes of a security requirement list, each
// once, in document order.
func requirements(reqs []*base.SecurityRequirement) []string {
	var names []string
	for _, r := range reqs {
		if r == nil {
			continue
		}
		for n := range r.Requirements.KeysFromOldest() {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// extensionList is the x- fields of one object, where says which, at is
// the object's pointer.
func extensionList(m *orderedmap.Map[string, *yaml.Node], where, at string) []*Extension {
	var out []*Extension
	for k, n := range m.FromOldest() {
		if !strings.HasPrefix(k, "x-") {
			continue
		}
		var v any
		if b := raw(n); b != nil {
			_ = json.Unmarshal(b, &v)
		}
		// The value's node; the key's line is one before a block value's.
		out = append(out, &Extension{Key: k, Value: v, Where: where, At: loc(at+"/"+escape(k), n)})
	}
	return out
}

func isJSON(mediaType string) bool {
	return mediaType == "text/json" || strings.HasSuffix(mediaType, "+json") ||
		mediaType == "*/*" || mediaType == "application/*"
}

// escape escapes a JSON pointer token.
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// decode turns a YAML node into the value encoding/json would give for the
// same JSON decoded with UseNumber: maps with string keys, []any,
// json.Number (the digits as the document writes them), string, bool, nil.
func decode(n *yaml.Node) (any, error) {
	if n == nil {
		return nil, nil
	}
	return value(n, 0)
}

// raw is decode as JSON text, nil when n is nil. Numbers keep their
// digits.
// raws is raw of each node, leaving out those that are not JSON.
func raws(ns []*yaml.Node) []json.RawMessage {
	var out []json.RawMessage
	for _, n := range ns {
		if b := raw(n); b != nil {
			out = append(out, b)
		}
	}
	return out
}

func raw(n *yaml.Node) json.RawMessage {
	if n == nil {
		return nil
	}
	v, err := decode(n)
	if err != nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

// jsonable rewrites map[any]any (which YAML may produce) as
// map[string]any.
func jsonable(v any) any {
	switch v := v.(type) {
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case map[string]any:
		for k, e := range v {
			v[k] = jsonable(e)
		}
		return v
	case []any:
		for i, e := range v {
			v[i] = jsonable(e)
		}
		return v
	}
	return v
}
