package openapi

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Doc is one loaded OpenAPI document.
type Doc struct {
	// File is the path the document was loaded from.
	File string `json:"file"`
	// OpenAPI is the document's `openapi` field, such as "3.1.1".
	OpenAPI string `json:"openapi"`
	// Title and APIVersion come from `info`.
	Title      string `json:"title,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
	// Operations are in document order: paths as written, and the
	// operations of one path as written.
	Operations []*Operation `json:"operations"`
	// Warnings are problems that did not stop the load, such as a recursive
	// model cut short. They are sorted and free of duplicates.
	Warnings []string `json:"warnings,omitempty"`
	// Extensions are the `x-` fields of the document and of its path
	// items (an operation's are on the operation), in document order.
	Extensions []*Extension `json:"extensions,omitempty"`
	// SecuritySchemes are the document's components/securitySchemes, by
	// name.
	SecuritySchemes map[string]*SecurityScheme `json:"securitySchemes,omitempty"`
}

// Loc is a place in the document: its JSON pointer, and its line and
// column (1-based) when the library knows them, else 0.
type Loc struct {
	Pointer   string `json:"-"`
	Line, Col int    `json:"-"`
}

// Extension is an `x-` field outside an operation.
type Extension struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
	// Where is "document" or "path item /pets/{id}".
	Where string `json:"where"`
	At    Loc    `json:"-"`
}

// SecurityScheme is one entry of components/securitySchemes.
type SecurityScheme struct {
	// Name is the scheme's key in components/securitySchemes.
	Name string `json:"name"`
	// Type is apiKey, http, oauth2, openIdConnect or mutualTLS.
	Type string `json:"type"`
	// In and Param are where an apiKey goes: query, header or cookie, and
	// under which name.
	In    string `json:"in,omitempty"`
	Param string `json:"param,omitempty"`
	At    Loc    `json:"-"`
}

// Credential returns the apiKey scheme that applies to op and sends its
// key as the parameter name in the location in (query, header, cookie),
// or nil. A header name matches in any case, as HTTP's do.
func (d *Doc) Credential(op *Operation, in, name string) *SecurityScheme {
	for _, n := range op.Security {
		sc := d.SecuritySchemes[n]
		if sc == nil || sc.Type != "apiKey" || sc.In != in {
			continue
		}
		if sc.Param == name || in == "header" && strings.EqualFold(sc.Param, name) {
			return sc
		}
	}
	return nil
}

// Operation returns the operation for method (any case) on the exact path
// template, or nil.
func (d *Doc) Operation(method, path string) *Operation {
	method = strings.ToUpper(method)
	for _, op := range d.Operations {
		if op.Method == method && op.Path == path {
			return op
		}
	}
	return nil
}

// Operation is one method on one path.
type Operation struct {
	// Method is upper case: GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH,
	// TRACE.
	Method string `json:"method"`
	// Path is the path template as written, such as "/pets/{petId}".
	Path        string   `json:"path"`
	OperationID string   `json:"operationId,omitempty"`
	Summary     string   `json:"summary,omitempty"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Deprecated  bool     `json:"deprecated,omitempty"`
	// Extensions holds the operation's `x-` fields, decoded as JSON would
	// decode them (numbers are float64); ExtensionAt says where each is.
	Extensions  map[string]any `json:"extensions,omitempty"`
	ExtensionAt map[string]Loc `json:"-"`
	// Security names the security schemes that apply: those of the
	// operation's `security`, else the document's.
	Security []string `json:"security,omitempty"`
	At       Loc      `json:"-"`
	// Params are the path-level parameters merged with the operation's,
	// in document order (path-level first).
	Params []*Param `json:"params,omitempty"`
	// Body is nil when the operation takes no request body.
	Body *Body `json:"body,omitempty"`
	// ResponseStatus is the status code Response was taken from ("200").
	ResponseStatus string `json:"responseStatus,omitempty"`
	// Response is the schema of the first 2xx response with JSON content,
	// or nil when there is none.
	Response *Schema `json:"response,omitempty"`
}

// Param returns the parameter with the given name and location, or nil.
func (o *Operation) Param(name, in string) *Param {
	for _, p := range o.Params {
		if p.Name == name && p.In == in {
			return p
		}
	}
	return nil
}

// ParamsIn returns the parameters in one location (path, query, header or
// cookie), in document order.
func (o *Operation) ParamsIn(in string) []*Param {
	var ps []*Param
	for _, p := range o.Params {
		if p.In == in {
			ps = append(ps, p)
		}
	}
	return ps
}

// String names the operation the way messages do: "POST /pets".
func (o *Operation) String() string { return o.Method + " " + o.Path }

// TemplateParams returns the names in a path template's braces, in order:
// "/a/{x}/b/{y}" gives [x y].
func TemplateParams(path string) []string {
	var names []string
	for {
		open := strings.IndexByte(path, '{')
		if open < 0 {
			return names
		}
		end := strings.IndexByte(path[open:], '}')
		if end < 0 {
			return names
		}
		names = append(names, path[open+1:open+end])
		path = path[open+end+1:]
	}
}

// Param is one parameter.
type Param struct {
	Name string `json:"name"`
	// In is path, query, header or cookie.
	In string `json:"in"`
	// Required is always true for a path parameter, as OpenAPI demands.
	Required    bool   `json:"required,omitempty"`
	Deprecated  bool   `json:"deprecated,omitempty"`
	Description string `json:"description,omitempty"`
	// Example is the parameter's own example; Examples the values of its
	// examples map, in document order (an externalValue is not read).
	Example  json.RawMessage   `json:"example,omitempty"`
	Examples []json.RawMessage `json:"examples,omitempty"`
	// Style and Explode are as written ("" and nil when absent).
	Style   string `json:"style,omitempty"`
	Explode *bool  `json:"explode,omitempty"`
	// MediaType is the media type the schema was taken from when the
	// parameter has `content` instead of `schema`.
	MediaType string `json:"mediaType,omitempty"`
	// Schema is never nil: a parameter with neither a schema nor JSON or
	// text/plain content is Unsupported.
	Schema *Schema `json:"schema"`
	At     Loc     `json:"-"`
}

// Body is an operation's request body.
type Body struct {
	Required    bool   `json:"required,omitempty"`
	Description string `json:"description,omitempty"`
	// ContentTypes are the media types offered, in document order.
	ContentTypes []string `json:"contentTypes"`
	// Schema is the schema of the media type rows follow: a JSON one, else
	// a form (Form says which); nil when there is neither.
	Schema *Schema `json:"schema,omitempty"`
	// Form is application/x-www-form-urlencoded or multipart/form-data
	// when no media type is JSON and the body is that form, else "".
	Form string `json:"form,omitempty"`
	At   Loc    `json:"-"`
}

// Kind is the shape of a normalized schema.
type Kind int

// The kinds. The zero Kind is Any.
const (
	Any Kind = iota
	String
	Integer
	Number
	Boolean
	Array
	Object
	Map
	Enum
	Union
	Unsupported
)

var kindNames = [...]string{
	Any:         "any",
	String:      "string",
	Integer:     "integer",
	Number:      "number",
	Boolean:     "boolean",
	Array:       "array",
	Object:      "object",
	Map:         "map",
	Enum:        "enum",
	Union:       "union",
	Unsupported: "unsupported",
}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown schema kind %q", b)
}

// Schema is a normalized schema. Only the fields that fit its Kind are set.
type Schema struct {
	Kind Kind `json:"kind"`
	// EnumType is the type of an Enum's values: String, Integer, Number or
	// Boolean, or Any when the values mix types.
	EnumType Kind `json:"enumType,omitempty"`
	Nullable bool `json:"nullable,omitempty"`
	// Ref is the component the schema was reached through, such as "Pet"
	// for "#/components/schemas/Pet"; any other $ref is kept whole.
	Ref string `json:"ref,omitempty"`
	// Cycle marks a $ref back into a schema being expanded: it keeps its
	// Kind and Ref but has no children.
	Cycle bool `json:"cycle,omitempty"`
	// Unsupported says why the schema could not be normalized, naming the
	// keyword and where it is, when Kind is Unsupported.
	Unsupported string `json:"unsupported,omitempty"`
	// At is where the schema is written: a $ref's target, not its use.
	At Loc `json:"-"`

	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Format      string `json:"format,omitempty"`
	Pattern     string `json:"pattern,omitempty"`
	// Default and Example are JSON text; numbers keep their digits.
	Default json.RawMessage `json:"default,omitempty"`
	Example json.RawMessage `json:"example,omitempty"`
	// Examples is OpenAPI 3.1's (JSON Schema's) examples array.
	Examples   []json.RawMessage `json:"examples,omitempty"`
	Deprecated bool              `json:"deprecated,omitempty"`
	ReadOnly   bool              `json:"readOnly,omitempty"`
	WriteOnly  bool              `json:"writeOnly,omitempty"`

	// Enum values decoded as JSON decodes them with UseNumber, without
	// null: a number is a json.Number holding its digits as the document
	// writes them (9007199254740993 is not a float64; read them with
	// internal/decimal).
	Enum []any `json:"enum,omitempty"`

	// Min and Max are the numeric bounds, as the document writes them, ""
	// when absent; an exclusive bound from either OpenAPI 3.0 (boolean)
	// or 3.1 (number) sets the Exclusive flag.
	Min          json.Number `json:"min,omitempty"`
	Max          json.Number `json:"max,omitempty"`
	ExclusiveMin bool        `json:"exclusiveMin,omitempty"`
	ExclusiveMax bool        `json:"exclusiveMax,omitempty"`
	MultipleOf   json.Number `json:"multipleOf,omitempty"`
	// Ignored says, for each numeric keyword whose value is not a number
	// (.inf, true where 3.1 wants a number), what was not kept or how it
	// was read, for callers to report at the field.
	Ignored []string `json:"ignored,omitempty"`

	MinLength *int64 `json:"minLength,omitempty"`
	MaxLength *int64 `json:"maxLength,omitempty"`

	Items       *Schema `json:"items,omitempty"`
	MinItems    *int64  `json:"minItems,omitempty"`
	MaxItems    *int64  `json:"maxItems,omitempty"`
	UniqueItems bool    `json:"uniqueItems,omitempty"`

	// Variants are a Union's members (its oneOf or anyOf), in document
	// order: never null (a null member makes the union Nullable), never
	// nullable themselves, never unions (a nested one is flattened).
	Variants []*Schema `json:"variants,omitempty"`

	// Properties are in document order.
	Properties []*Property `json:"properties,omitempty"`
	// Required is the `required` list as written; it may name properties
	// that are not declared.
	Required []string `json:"required,omitempty"`
	// AdditionalProperties is the schema of a Map's values, or of an
	// Object's undeclared properties.
	AdditionalProperties *Schema `json:"additionalProperties,omitempty"`
	// Closed is set by `additionalProperties: false`.
	Closed        bool   `json:"closed,omitempty"`
	MinProperties *int64 `json:"minProperties,omitempty"`
	MaxProperties *int64 `json:"maxProperties,omitempty"`

	// size is how many schemas this one holds once its $refs are
	// inlined, itself included: schemas are shared, not copied, so a
	// caller walking the tree may meet far more than the loader built.
	size int
}

// Property returns the named property, or nil.
func (s *Schema) Property(name string) *Property {
	for _, p := range s.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Property is one property of an object.
type Property struct {
	Name     string  `json:"name"`
	Required bool    `json:"required,omitempty"`
	Schema   *Schema `json:"schema"`
}
