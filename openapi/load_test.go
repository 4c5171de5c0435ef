package openapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// op returns an operation, failing the test when it is missing.
func op(t *testing.T, d *Doc, method, path string) *Operation {
	t.Helper()
	o := d.Operation(method, path)
	if o == nil {
		t.Fatalf("%s: no operation %s %s", d.File, method, path)
	}
	return o
}

// prop returns a property's schema, failing the test when it is missing.
func prop(t *testing.T, s *Schema, name string) *Schema {
	t.Helper()
	if s == nil {
		t.Fatalf("no schema to look up property %s in", name)
	}
	p := s.Property(name)
	if p == nil {
		t.Fatalf("no property %s in %s schema (ref %q)", name, s.Kind, s.Ref)
	}
	return p.Schema
}

// kinds is a compact description of a schema for comparisons:
// "kind[?][ ref=R][ cycle]".
func kinds(s *Schema) string {
	if s == nil {
		return "<nil>"
	}
	out := s.Kind.String()
	if s.Nullable {
		out += "?"
	}
	if s.Ref != "" {
		out += " ref=" + s.Ref
	}
	if s.Cycle {
		out += " cycle"
	}
	return out
}

func propNames(s *Schema) []string {
	var names []string
	for _, p := range s.Properties {
		names = append(names, p.Name)
	}
	return names
}

func TestErsatzTVv1(t *testing.T) {
	t.Parallel()
	d := load(t, "ersatztv-v1.json")
	if d.OpenAPI != "3.1.1" || d.Title != "ErsatzTV | v1" || d.APIVersion != "1.0.0" {
		t.Errorf("header = %q %q %q, want 3.1.1, ErsatzTV | v1, 1.0.0", d.OpenAPI, d.Title, d.APIVersion)
	}
	if len(d.Operations) != 18 {
		t.Errorf("%d operations, want 18", len(d.Operations))
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings: %q", d.Warnings)
	}
	if !slices.IsSortedFunc(d.Operations, func(a, b *Operation) int {
		if c := a.At.Line - b.At.Line; c != 0 {
			return c
		}
		return a.At.Col - b.At.Col
	}) {
		t.Errorf("operations are not in document order")
	}

	// A body that is a $ref repeated under four content types.
	create := op(t, d, "post", "/api/ffmpeg/profiles/new")
	if create.OperationID != "CreateFFmpegProfile" || !slices.Equal(create.Tags, []string{"FFmpegProfile"}) {
		t.Errorf("CreateFFmpegProfile: id %q tags %q", create.OperationID, create.Tags)
	}
	if len(create.Params) != 0 || create.Response != nil {
		t.Errorf("CreateFFmpegProfile: %d params, response %s; want none", len(create.Params), kinds(create.Response))
	}
	b := create.Body
	if b == nil || !b.Required {
		t.Fatalf("CreateFFmpegProfile: body %+v, want a required one", b)
	}
	wantTypes := []string{"application/json-patch+json", "application/json", "text/json", "application/*+json"}
	if diff := cmp.Diff(wantTypes, b.ContentTypes); diff != "" {
		t.Errorf("body content types (-want +got):\n%s", diff)
	}
	if got := kinds(b.Schema); got != "object ref=CreateFFmpegProfile" {
		t.Fatalf("body schema = %s", got)
	}
	names := propNames(b.Schema)
	if len(names) != 25 || names[0] != "name" || names[1] != "threadCount" || names[24] != "deinterlaceVideo" {
		t.Errorf("body properties not in document order: %q", names)
	}
	for name, want := range map[string]string{
		"name":                   "string?",
		"threadCount":            "integer",
		"qsvExtraHardwareFrames": "integer?",
		"allowBFrames":           "boolean",
		"deinterlaceVideo":       "boolean",
		"hardwareAcceleration":   "enum ref=HardwareAccelerationKind",
		"vaapiDriver":            "enum ref=VaapiDriver",
	} {
		if got := kinds(prop(t, b.Schema, name)); got != want {
			t.Errorf("CreateFFmpegProfile.%s = %s, want %s", name, got, want)
		}
	}
	if !b.Schema.Property("vaapiDisplay").Required {
		t.Errorf("vaapiDisplay should be required")
	}
	if f := prop(t, b.Schema, "qsvExtraHardwareFrames").Format; f != "int32" {
		t.Errorf("qsvExtraHardwareFrames format %q, want int32", f)
	}
	// An enum component with no type: the type comes from the values.
	hw := prop(t, b.Schema, "hardwareAcceleration")
	if hw.EnumType != String {
		t.Errorf("hardwareAcceleration enum type %s, want string", hw.EnumType)
	}
	wantHW := []any{"None", "Qsv", "Nvenc", "Vaapi", "VideoToolbox", "Amf", "V4l2m2m", "Rkmpp"}
	if diff := cmp.Diff(wantHW, hw.Enum); diff != "" {
		t.Errorf("hardwareAcceleration values (-want +got):\n%s", diff)
	}

	// A response offered as text/plain, application/json and text/json.
	channels := op(t, d, "GET", "/api/channels")
	if channels.ResponseStatus != "200" || kinds(channels.Response) != "array" ||
		kinds(channels.Response.Items) != "object ref=ChannelResponseModel" {
		t.Errorf("GET /api/channels response %s %s of %s", channels.ResponseStatus,
			kinds(channels.Response), kinds(channels.Response.Items))
	}

	// The response model of the same profile has nullable fields of its own.
	profiles := op(t, d, "GET", "/api/ffmpeg/profiles")
	if got := kinds(prop(t, profiles.Response.Items, "deinterlaceVideo")); got != "boolean?" {
		t.Errorf("FFmpegFullProfileResponseModel.deinterlaceVideo = %s, want boolean?", got)
	}

	// A query parameter with a default, not required.
	gc := op(t, d, "GET", "/api/maintenance/gc")
	force := gc.Param("force", "query")
	if force == nil || force.Required || kinds(force.Schema) != "boolean" || string(force.Schema.Default) != "false" {
		t.Errorf("gc force = %+v", force)
	}

	// A path parameter.
	del := op(t, d, "DELETE", "/api/ffmpeg/delete/{id}")
	id := del.Param("id", "path")
	if id == nil || !id.Required || kinds(id.Schema) != "integer" || del.Body != nil {
		t.Errorf("DELETE /api/ffmpeg/delete/{id}: id %+v, body %+v", id, del.Body)
	}

	if d.Operation("GET", "/api/nope") != nil || d.Operation("PATCH", "/api/channels") != nil {
		t.Errorf("Operation found an operation that does not exist")
	}
}

func TestErsatzTVScriptedSchedule(t *testing.T) {
	t.Parallel()
	d := load(t, "ersatztv-scripted-schedule.json")
	if len(d.Operations) != 28 {
		t.Errorf("%d operations, want 28", len(d.Operations))
	}
	posts := 0
	for _, o := range d.Operations {
		if o.Method == "POST" {
			posts++
		}
		// Every operation is on /api/scripted/playout/build/{buildId}/...
		if p := o.Param("buildId", "path"); p == nil || p.Schema.Format != "uuid" {
			t.Errorf("%s: buildId = %+v", o, p)
		}
	}
	if posts != 26 {
		t.Errorf("%d POST operations, want 26", posts)
	}

	marathon := op(t, d, "POST", "/api/scripted/playout/build/{buildId}/add_marathon")
	body := marathon.Body.Schema
	if got := kinds(body); got != "object ref=ContentMarathon" {
		t.Fatalf("add_marathon body = %s", got)
	}
	guids := prop(t, body, "guids")
	if kinds(guids) != "map" || kinds(guids.AdditionalProperties) != "array" ||
		kinds(guids.AdditionalProperties.Items) != "string" {
		t.Errorf("guids = %s", kinds(guids))
	}
	if guids.Description != "List of external content identifiers" {
		t.Errorf("guids description %q", guids.Description)
	}
	if got := propNames(body); !slices.Equal(got, []string{"key", "groupBy", "itemOrder", "guids", "searches", "playAllItems", "shuffleGroups"}) {
		t.Errorf("add_marathon properties %q", got)
	}

	count := op(t, d, "POST", "/api/scripted/playout/build/{buildId}/add_count")
	if got := kinds(count.Response); got != "object ref=PlayoutContext" {
		t.Errorf("add_count response = %s", got)
	}
	if f := prop(t, count.Response, "currentTime").Format; f != "date-time" {
		t.Errorf("currentTime format %q", f)
	}
	if got := kinds(prop(t, count.Body.Schema, "fillerKind")); got != "string?" {
		t.Errorf("fillerKind = %s, want string?", got)
	}

	peek := op(t, d, "GET", "/api/scripted/playout/build/{buildId}/peek_next/{content}")
	if names := len(peek.ParamsIn("path")); names != 2 || peek.Body != nil {
		t.Errorf("peek_next: %d path params, body %+v", names, peek.Body)
	}
	if got := kinds(peek.Response); got != "object ref=PeekItemDuration" {
		t.Errorf("peek_next response = %s", got)
	}
}

func TestNullable30(t *testing.T) {
	t.Parallel()
	d := load(t, "nullable.yaml")
	o := op(t, d, "POST", "/notes")
	body := o.Body.Schema
	for name, want := range map[string]string{
		"title":  "string?",
		"stars":  "integer?",
		"tags":   "array?",
		"plain":  "string",
		"author": "object? ref=Author", // nullable written next to the $ref
	} {
		if got := kinds(prop(t, body, name)); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	// The component itself is not nullable: the sibling did not leak.
	if got := kinds(o.Response); got != "object ref=Author" || o.ResponseStatus != "201" {
		t.Errorf("response %s %s, want 201 object ref=Author", o.ResponseStatus, got)
	}
	stars := prop(t, body, "stars")
	if stars.Min != "0" || stars.ExclusiveMin || stars.Max != "5" || !stars.ExclusiveMax {
		t.Errorf("stars bounds: %+v", stars)
	}
}

func TestEnumRef(t *testing.T) {
	t.Parallel()
	o := op(t, load(t, "enum-ref.yaml"), "GET", "/paint")
	for _, c := range []struct {
		param    string
		kinds    string
		enumType Kind
		values   []any
	}{
		{"color", "enum ref=Color", String, []any{"red", "green", "blue"}},
		{"level", "enum ref=Level", Integer, []any{json.Number("1"), json.Number("2"), json.Number("3")}},
		{"size", "enum ref=Size", String, []any{"S", "M", "L"}},
		{"finish", "enum?", String, []any{"matt", "gloss"}},
	} {
		p := o.Param(c.param, "query")
		if p == nil {
			t.Errorf("no query parameter %s", c.param)
			continue
		}
		if got := kinds(p.Schema); got != c.kinds || p.Schema.EnumType != c.enumType {
			t.Errorf("%s = %s of %s, want %s of %s", c.param, got, p.Schema.EnumType, c.kinds, c.enumType)
		}
		if diff := cmp.Diff(c.values, p.Schema.Enum); diff != "" {
			t.Errorf("%s values (-want +got):\n%s", c.param, diff)
		}
	}
	if !o.Param("color", "query").Required || o.Param("level", "query").Required {
		t.Errorf("required flags wrong")
	}
}

func TestArrays(t *testing.T) {
	t.Parallel()
	o := op(t, load(t, "arrays.yaml"), "PUT", "/batches")
	body := o.Body.Schema
	ids := prop(t, body, "ids")
	if kinds(ids.Items) != "integer" || ids.Items.Format != "int64" || *ids.MinItems != 1 || *ids.MaxItems != 100 || !ids.UniqueItems {
		t.Errorf("ids = %+v", ids)
	}
	if got := kinds(prop(t, body, "points").Items); got != "object ref=Point" {
		t.Errorf("points items = %s", got)
	}
	if !prop(t, body, "points").Items.Closed {
		t.Errorf("Point has additionalProperties: false, want Closed")
	}
	if got := kinds(prop(t, body, "grid").Items.Items); got != "number" {
		t.Errorf("grid items items = %s", got)
	}
	if got := kinds(prop(t, body, "loose").Items); got != "any" {
		t.Errorf("array without items has items %s, want any", got)
	}
	groups := prop(t, body, "groups")
	if kinds(groups) != "map" || kinds(groups.AdditionalProperties.Items) != "string" {
		t.Errorf("groups = %s", kinds(groups))
	}
}

func TestCompositionUnsupported(t *testing.T) {
	t.Parallel()
	body := op(t, load(t, "oneof-unsupported.yaml"), "POST", "/shapes").Body.Schema
	for name, want := range map[string]string{
		"merged": "allOf member 1 (string) conflicts with the members before it: object and string at #/paths/~1shapes/post/requestBody/content/application~1json/schema/properties/merged: teach toolspec to compare allOf of conflicting schemas",
	} {
		s := prop(t, body, name)
		if s.Kind != Unsupported || s.Unsupported != want {
			t.Errorf("%s = %s %q, want unsupported %q", name, s.Kind, s.Unsupported, want)
		}
		if s.Properties != nil || s.Items != nil {
			t.Errorf("%s: an unsupported schema must not carry a shape", name)
		}
	}
	if got := kinds(prop(t, body, "size")); got != "number" {
		t.Errorf("size = %s: one unsupported property spoils its neighbours", got)
	}
}

// variants writes a schema's kind with its variants': "union?(string, integer)".
func variants(s *Schema) string {
	out := kinds(s)
	if s.Kind == Union {
		var vs []string
		for _, v := range s.Variants {
			vs = append(vs, kinds(v))
		}
		out += "(" + strings.Join(vs, ", ") + ")"
	}
	return out
}

func TestUnions(t *testing.T) {
	t.Parallel()
	body := op(t, load(t, "unions.yaml"), "POST", "/things").Body.Schema
	for name, want := range map[string]string{
		"shape":      "union ref=Shape(object ref=Circle, object ref=Square)",
		"idOrName":   "union(string, integer)",
		"maybe":      "union?(string, integer)",
		"lifted":     "union?(string, integer)",
		"one":        "object ref=Circle",
		"oneNull":    "integer?",
		"nested":     "union(string, integer, boolean)",
		"anything":   "any",
		"unreadable": "unsupported",
		"typed":      "unsupported",
		"nullAlone":  "unsupported",
	} {
		if got := variants(prop(t, body, name)); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"idOrName":   "An id or a name",
		"one":        "Just one",
		"unreadable": "Not a string",
	} {
		if got := prop(t, body, name).Description; got != want {
			t.Errorf("%s: description %q, want %q", name, got, want)
		}
	}
	if got := prop(t, body, "unreadable").Unsupported; !strings.Contains(got, "not at") || !strings.Contains(got, "/oneOf/1") {
		t.Errorf("unreadable: %q names neither the keyword nor the member", got)
	}
}

func TestUnwrapped31(t *testing.T) {
	t.Parallel()
	body := op(t, load(t, "unwrapped-31.yaml"), "POST", "/items").Body.Schema
	for name, want := range map[string]string{
		"kind":        "enum ref=Kind",
		"maybeKind":   "enum? ref=Kind",
		"maybeCount":  "integer?",
		"label":       "string?",
		"either":      "unsupported",
		"positive":    "number",
		"described":   "enum ref=Kind",
		"constrained": "enum",
		"contained":   "unsupported ref=Kind",
		"fixed":       "enum",
	} {
		if got := kinds(prop(t, body, name)); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	if got := prop(t, body, "kind").Description; got != "What it is" {
		t.Errorf("allOf wrapper description %q, want What it is", got)
	}
	if got := prop(t, body, "described").Description; got != "Overridden" {
		t.Errorf("description next to $ref %q, want Overridden", got)
	}
	if got := prop(t, body, "either").Unsupported; !strings.Contains(got, "type union [string, integer]") || !strings.Contains(got, "teach toolspec") {
		t.Errorf("either: %q", got)
	}
	// A constraint next to a $ref applies with it; one toolspec does not
	// read is Unsupported, never dropped.
	if got := prop(t, body, "constrained").MinLength; got == nil || *got != 2 {
		t.Errorf("constrained: minLength next to $ref lost")
	}
	if got := prop(t, body, "contained").Unsupported; !strings.Contains(got, `"uniqueItems" next to $ref`) ||
		!strings.Contains(got, "/properties/contained") {
		t.Errorf("contained: %q", got)
	}
	pos := prop(t, body, "positive")
	if pos.Min != "0" || !pos.ExclusiveMin || pos.Max != "10" || pos.ExclusiveMax {
		t.Errorf("positive bounds: %+v", pos)
	}
	if got := prop(t, body, "fixed").Enum; !slices.Equal(got, []any{"v1"}) {
		t.Errorf("const values %v", got)
	}
}

func TestRecursive(t *testing.T) {
	t.Parallel()
	d := load(t, "recursive.yaml")
	node := op(t, d, "GET", "/nodes/{id}").Response
	if got := kinds(node); got != "object ref=Node" {
		t.Fatalf("response = %s", got)
	}
	parent := prop(t, node, "parent")
	if got := kinds(parent); got != "object ref=Node cycle" || parent.Properties != nil {
		t.Errorf("parent = %s with %d properties, want a cut cycle", got, len(parent.Properties))
	}
	if got := kinds(prop(t, node, "children").Items); got != "object ref=Node cycle" {
		t.Errorf("children items = %s", got)
	}
	owner := prop(t, node, "owner")
	if got := kinds(owner); got != "object ref=Owner" {
		t.Errorf("owner = %s, want expanded", got)
	}
	if got := kinds(prop(t, owner, "favourite")); got != "object ref=Node cycle" {
		t.Errorf("owner.favourite = %s", got)
	}
	want := []string{
		"recursive $ref #/components/schemas/Node cut at #/components/schemas/Node/properties/children/items",
		"recursive $ref #/components/schemas/Node cut at #/components/schemas/Node/properties/parent",
		"recursive $ref #/components/schemas/Node cut at #/components/schemas/Owner/properties/favourite",
	}
	if diff := cmp.Diff(want, d.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

func TestParams(t *testing.T) {
	t.Parallel()
	d := load(t, "params.yaml")
	post := op(t, d, "POST", "/users/{userId}/files")
	var got []string
	for _, p := range post.Params {
		got = append(got, p.In+" "+p.Name+" "+kinds(p.Schema))
	}
	want := []string{
		"header trace string", // path level, not overridden
		"path userId integer", // the operation's replaces the path level one
		"query filter object", // content instead of schema
		"cookie session string",
		"query limit integer",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("params (-want +got):\n%s", diff)
	}
	if p := post.Param("userId", "path"); p.Description != "Operation level" {
		t.Errorf("userId description %q", p.Description)
	}
	if got := len(post.ParamsIn("query")); got != 2 {
		t.Errorf("%d query params, want 2", got)
	}
	if post.Body == nil || post.Body.Schema != nil || !slices.Equal(post.Body.ContentTypes, []string{"application/octet-stream"}) {
		t.Errorf("non-JSON body = %+v, want content types and no schema", post.Body)
	}
	if post.ResponseStatus != "202" || kinds(prop(t, post.Response, "job")) != "string" {
		t.Errorf("response %s %s, want the 202 JSON one", post.ResponseStatus, kinds(post.Response))
	}
	wantExt := map[string]any{
		"x-mcp-name":      "upload_file",
		"x-mcp-risk":      "write",
		"x-mcp-param-map": map[string]any{"userId": "user_id"},
	}
	if diff := cmp.Diff(wantExt, post.Extensions); diff != "" {
		t.Errorf("extensions (-want +got):\n%s", diff)
	}
	if limit := post.Param("limit", "query").Schema; string(limit.Default) != "50" || limit.Min != "1" || limit.Max != "500" {
		t.Errorf("limit = %+v", limit)
	}

	get := op(t, d, "get", "/users/{userId}/files")
	if !get.Deprecated || get.Description != "List files" || get.Response != nil || get.ResponseStatus != "" {
		t.Errorf("GET = %+v", get)
	}
	if p := get.Param("userId", "path"); p == nil || p.Description != "Path level" || kinds(p.Schema) != "string" {
		t.Errorf("GET userId = %+v, want the path level one", p)
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file string
		is   error
		want string // the whole message after the file name
	}{
		{"no-such-file.yaml", fs.ErrNotExist, ""},
		{"bad-syntax.json", ErrSyntax, ":5:62: syntax error: invalid character '}' looking for beginning of object key string"},
		{"bad-syntax.yaml", ErrSyntax, ":4:11: syntax error: mapping values are not allowed in this context"},
		{"bad-swagger.yaml", ErrNotOpenAPI, ": not an OpenAPI 3.0 or 3.1 document: it is swagger 2.0 (convert it to OpenAPI 3 first)"},
		{"bad-version.yaml", ErrNotOpenAPI, ": not an OpenAPI 3.0 or 3.1 document: it is openapi 4.0.0"},
		{"bad-refs.yaml", ErrUnresolvedRef, ":8:40: unresolved $ref #/components/schemas/Missing\n" +
			filepath.Join(testdata, "bad-refs.yaml") + ":17:20: unresolved $ref #/components/schemas/AlsoMissing"},
		{"bad-external-ref.yaml", ErrUnresolvedRef, ":9:40: unresolved $ref other.yaml#/components/schemas/X"},
	} {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(testdata, c.file)
			d, err := Load(path)
			if err == nil {
				t.Fatalf("Load(%s) = %d operations, want an error", c.file, len(d.Operations))
			}
			if d != nil {
				t.Errorf("Load(%s) returned a document with its error", c.file)
			}
			if !errors.Is(err, c.is) {
				t.Errorf("error %q is not %v", err, c.is)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			if c.want != "" && err.Error() != path+c.want {
				t.Errorf("error\n%s\nwant\n%s", err, path+c.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, data string
		is         error
		want       string
	}{
		{"empty.yaml", " \n", ErrNotOpenAPI, "empty.yaml: not an OpenAPI 3.0 or 3.1 document: the file is empty"},
		{"list.json", "[1, 2]", ErrNotOpenAPI, "list.json: not an OpenAPI 3.0 or 3.1 document: the document is a list, not an object"},
		{"word.yaml", "hello", ErrNotOpenAPI, "word.yaml: not an OpenAPI 3.0 or 3.1 document: the document is a string, not an object"},
		{"cut.json", `{"openapi": "3.1.0", "info": {`, ErrSyntax, "cut.json:1:30: syntax error: unexpected end of JSON input"},
		{"none.yaml", "info: {title: x}\n", ErrNotOpenAPI, `none.yaml: not an OpenAPI 3.0 or 3.1 document: no "openapi" field`},
		{"number.yaml", "openapi: 3.1\n", ErrNotOpenAPI, `number.yaml: not an OpenAPI 3.0 or 3.1 document: "openapi" is 3.1, not a version string`},
	} {
		_, err := Parse(c.name, []byte(c.data))
		if err == nil || !errors.Is(err, c.is) || err.Error() != c.want {
			t.Errorf("Parse(%s) = %v, want %q (%v)", c.name, err, c.want, c.is)
		}
	}
}

// TestYAMLAndJSONAgree loads the same document written both ways.
func TestYAMLAndJSONAgree(t *testing.T) {
	t.Parallel()
	const yamlDoc = `openapi: 3.1.0
info: {title: Same, version: "1"}
paths:
  /x/{id}:
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: [integer, "null"]}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {type: object, properties: {b: {type: boolean}, a: {enum: [1, 2.5]}}}}}}}
`
	const jsonDoc = `{"openapi": "3.1.0", "info": {"title": "Same", "version": "1"}, "paths": {"/x/{id}": {"get": {
  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": ["integer", "null"]}}],
  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
    "properties": {"b": {"type": "boolean"}, "a": {"enum": [1, 2.5]}}}}}}}}}}}`
	y, err := Parse("doc", []byte(yamlDoc))
	if err != nil {
		t.Fatal(err)
	}
	j, err := Parse("doc", []byte(jsonDoc))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(y, j, cmp.AllowUnexported(Schema{}), cmpopts.IgnoreTypes(Loc{})); diff != "" {
		t.Errorf("YAML and JSON differ (-yaml +json):\n%s", diff)
	}
	o := op(t, y, "GET", "/x/{id}")
	if got := kinds(o.Param("id", "path").Schema); got != "integer?" {
		t.Errorf("id = %s", got)
	}
	if got := propNames(o.Response); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("properties %q, want document order b, a", got)
	}
	if a := prop(t, o.Response, "a"); a.EnumType != Number {
		t.Errorf("enum [1, 2.5] type %s, want number", a.EnumType)
	}
}

// TestLoadDoesNotPrint guards against the library's default logger, which
// writes to standard output.
func TestLoadDoesNotPrint(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = w, w
	for _, name := range []string{"recursive.yaml", "bad-refs.yaml", "ersatztv-v1.json"} {
		_, _ = Load(filepath.Join(testdata, name))
	}
	os.Stdout, os.Stderr = stdout, stderr
	w.Close()
	out, _ := io.ReadAll(r)
	if len(out) > 0 {
		t.Errorf("Load printed:\n%s", out)
	}
}

func TestKindText(t *testing.T) {
	t.Parallel()
	for k := Any; k <= Unsupported; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("%s round-trips to %s (%v)", k, back, err)
		}
	}
	if got := Kind(99).String(); got != "Kind(99)" {
		t.Errorf("Kind(99) = %s", got)
	}
	var k Kind
	if err := k.UnmarshalText([]byte("tuple")); err == nil {
		t.Errorf("UnmarshalText(tuple) succeeded")
	}
}

func TestPathTemplate(t *testing.T) {
	t.Parallel()
	for path, want := range map[string][]string{
		"/a":                 nil,
		"/a/{x}":             {"x"},
		"/a/{x}/b/{y}/c":     {"x", "y"},
		"/a/{x}.{format}":    {"x", "format"},
		"/broken/{x":         nil,
		"/api/session/{id}/": {"id"},
	} {
		if got := TemplateParams(path); !slices.Equal(got, want) {
			t.Errorf("TemplateParams(%q) = %q, want %q", path, got, want)
		}
	}
	d := load(t, "path-template.yaml")
	want := []string{
		"GET /orgs/{org}/repos/{repo}: path parameter owner is not in the path template",
		"GET /orgs/{org}/repos/{repo}: path template parameter {repo} is not declared as a path parameter",
	}
	if diff := cmp.Diff(want, d.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// TestJSONMediaChoice checks that application/json wins over other JSON
// media types listed before it, and that another JSON type is taken when
// application/json is missing.
func TestJSONMediaChoice(t *testing.T) {
	t.Parallel()
	d, err := Parse("media.yaml", []byte(`openapi: 3.0.3
info: {title: Media, version: "1"}
paths:
  /a:
    patch:
      requestBody:
        content:
          application/merge-patch+json: {schema: {type: integer}}
          application/json; charset=utf-8: {schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            text/plain: {schema: {type: boolean}}
            text/json: {schema: {type: number}}
`))
	if err != nil {
		t.Fatal(err)
	}
	o := op(t, d, "PATCH", "/a")
	if got := kinds(o.Body.Schema); got != "string" {
		t.Errorf("body = %s, want the application/json one (string)", got)
	}
	if got := kinds(o.Response); got != "number" {
		t.Errorf("response = %s, want the text/json one (number)", got)
	}
}

// TestExpansionBound: a few kilobytes of shared $refs would expand to
// billions of schemas; the loader cuts a schema holding more than
// maxExpanded, with a warning.
func TestExpansionBound(t *testing.T) {
	schemas := map[string]any{}
	for i := 0; i < 12; i++ {
		next := map[string]any{"$ref": fmt.Sprintf("#/components/schemas/S%d", i+1)}
		if i == 11 {
			next = map[string]any{"type": "string"}
		}
		props := map[string]any{}
		for j := 0; j < 6; j++ {
			props[fmt.Sprintf("p%d", j)] = next
		}
		schemas[fmt.Sprintf("S%d", i)] = map[string]any{"type": "object", "properties": props}
	}
	doc, _ := json.Marshal(map[string]any{
		"openapi": "3.1.0", "info": map[string]any{"title": "fan", "version": "1"},
		"paths": map[string]any{"/x": map[string]any{"post": map[string]any{
			"operationId": "x",
			"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/S0"}}}},
			"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
		}}},
		"components": map[string]any{"schemas": schemas},
	})
	d, err := Parse("fan.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range d.Warnings {
		found = found || strings.Contains(w, "holds more than")
	}
	if !found {
		t.Errorf("no expansion warning: %v", d.Warnings)
	}
}

// TestExactNumbers: enum values, defaults and examples keep every digit of
// the document's numbers, in YAML and in JSON: 2^53+1 is not a float64.
func TestExactNumbers(t *testing.T) {
	t.Parallel()
	const yamlDoc = `openapi: 3.1.0
info: {title: Big, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: id, in: query, schema: {type: integer, enum: [9007199254740993, -9223372036854775808, 18446744073709551617], default: 9007199254740993, example: 12345678901234567891}}
        - {name: r, in: query, schema: {enum: [1, 0.1, 2.50]}}
        - {name: n, in: query, schema: {type: integer, minimum: 9007199254740993, exclusiveMinimum: 9007199254740992, exclusiveMaximum: 9007199254740995, multipleOf: 0.1}}
      responses: {"200": {description: ok}}
`
	const jsonDoc = `{"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": {"/x": {"get": {
  "parameters": [
    {"name": "id", "in": "query", "schema": {"type": "integer", "enum": [9007199254740993, -9223372036854775808, 18446744073709551617], "default": 9007199254740993, "example": 12345678901234567891}},
    {"name": "r", "in": "query", "schema": {"enum": [1, 0.1, 2.50]}},
    {"name": "n", "in": "query", "schema": {"type": "integer", "minimum": 9007199254740993, "exclusiveMinimum": 9007199254740992, "exclusiveMaximum": 9007199254740995, "multipleOf": 0.1}}],
  "responses": {"200": {"description": "ok"}}}}}}`
	for _, c := range []struct{ name, doc string }{{"yaml", yamlDoc}, {"json", jsonDoc}} {
		d, err := Parse(c.name, []byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		o := op(t, d, "GET", "/x")
		id := o.Param("id", "query").Schema
		want := []any{json.Number("9007199254740993"), json.Number("-9223372036854775808"), json.Number("18446744073709551617")}
		if diff := cmp.Diff(want, id.Enum); diff != "" {
			t.Errorf("%s: enum (-want +got):\n%s", c.name, diff)
		}
		if id.EnumType != Integer {
			t.Errorf("%s: enum type %s, want integer", c.name, id.EnumType)
		}
		if got := string(id.Default); got != "9007199254740993" {
			t.Errorf("%s: default %s, want 9007199254740993", c.name, got)
		}
		if got := string(id.Example); got != "12345678901234567891" {
			t.Errorf("%s: example %s, want 12345678901234567891", c.name, got)
		}
		r := o.Param("r", "query").Schema
		if diff := cmp.Diff([]any{json.Number("1"), json.Number("0.1"), json.Number("2.50")}, r.Enum); diff != "" {
			t.Errorf("%s: enum r (-want +got):\n%s", c.name, diff)
		}
		if r.EnumType != Number {
			t.Errorf("%s: enum r type %s, want number", c.name, r.EnumType)
		}
		// The exclusive minimum is below the minimum, so the minimum
		// stays; the two differ by less than a float64 can tell.
		n := o.Param("n", "query").Schema
		if n.Min != "9007199254740993" || n.ExclusiveMin || n.Max != "9007199254740995" || !n.ExclusiveMax || n.MultipleOf != "0.1" {
			t.Errorf("%s: bounds %q %v %q %v multipleOf %q", c.name, n.Min, n.ExclusiveMin, n.Max, n.ExclusiveMax, n.MultipleOf)
		}
	}
}

// TestNumbersBeyondFloat64: 1e400 is a JSON number, in JSON and in YAML
// (whose decoder tags it a string), and keeps its text; a quoted "1e400"
// stays a string.
func TestNumbersBeyondFloat64(t *testing.T) {
	t.Parallel()
	const yamlDoc = `openapi: 3.1.0
info: {title: Big, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: n, in: query, schema: {enum: [1e400, -1e-400], default: 1e400, example: 1E+400}}
        - {name: s, in: query, schema: {enum: ["1e400", !!str 2e400]}}
      responses: {"200": {description: ok}}
`
	const jsonDoc = `{"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": {"/x": {"get": {
  "parameters": [
    {"name": "n", "in": "query", "schema": {"enum": [1e400, -1e-400], "default": 1e400, "example": 1E+400}},
    {"name": "s", "in": "query", "schema": {"enum": ["1e400", "2e400"]}}],
  "responses": {"200": {"description": "ok"}}}}}}`
	for _, c := range []struct{ name, doc string }{{"yaml", yamlDoc}, {"json", jsonDoc}} {
		d, err := Parse(c.name, []byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		o := op(t, d, "GET", "/x")
		n := o.Param("n", "query").Schema
		if diff := cmp.Diff([]any{json.Number("1e400"), json.Number("-1e-400")}, n.Enum); diff != "" {
			t.Errorf("%s: enum (-want +got):\n%s", c.name, diff)
		}
		if n.EnumType != Number {
			t.Errorf("%s: enum type %s, want number", c.name, n.EnumType)
		}
		if string(n.Default) != "1e400" || string(n.Example) != "1E+400" {
			t.Errorf("%s: default %s, example %s", c.name, n.Default, n.Example)
		}
		s := o.Param("s", "query").Schema
		if diff := cmp.Diff([]any{"1e400", "2e400"}, s.Enum); diff != "" {
			t.Errorf("%s: enum s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestSharedRefs: a component used by many operations is built once and
// shared, so a document whose operations together hold far more schemas
// than any one of them (GitHub's) is read whole, nothing cut.
func TestSharedRefs(t *testing.T) {
	schemas := map[string]any{}
	for i := 0; i < 8; i++ {
		next := map[string]any{"$ref": fmt.Sprintf("#/components/schemas/S%d", i+1)}
		props := map[string]any{}
		for j := 0; j < 3; j++ {
			props[fmt.Sprintf("p%d", j)] = next
		}
		schemas[fmt.Sprintf("S%d", i)] = map[string]any{"type": "object", "properties": props}
	}
	schemas["S8"] = map[string]any{"type": "string"}
	paths := map[string]any{}
	for i := 0; i < 40; i++ {
		paths[fmt.Sprintf("/x%d", i)] = map[string]any{"post": map[string]any{
			"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/S0"}}}},
			"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
		}}
	}
	doc, _ := json.Marshal(map[string]any{
		"openapi": "3.1.0", "info": map[string]any{"title": "fan", "version": "1"},
		"paths": paths, "components": map[string]any{"schemas": schemas},
	})
	d, err := Parse("fan.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) > 0 {
		t.Errorf("warnings: %v", d.Warnings)
	}
	for _, o := range d.Operations {
		s := o.Body.Schema
		for depth := 0; depth < 8; depth++ {
			if s.Kind != Object || len(s.Properties) != 3 {
				t.Fatalf("%s: depth %d is %s, want an object of 3", o, depth, s.Kind)
			}
			s = s.Properties[2].Schema
		}
		if s.Kind != String {
			t.Fatalf("%s: leaf is %s", o, s.Kind)
		}
	}
}

// TestCycleExpansionBound: components that all refer to each other (a
// clique, as Stripe's expandable fields make) are rebuilt for every path
// through them that the cycle cuts leave: 9 components have 9! paths. The
// loader stops building a $ref once it holds more than maxExpanded, so
// one such schema costs at most that many, and what the document uses
// after it is still built (it used to exhaust the whole document's
// bound, maxSchemas, leaving every later schema unsupported).
func TestCycleExpansionBound(t *testing.T) {
	const k = 9
	schemas := map[string]any{"Plain": map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string"}}}}
	for i := 0; i < k; i++ {
		props := map[string]any{"id": map[string]any{"type": "string"}}
		for j := 0; j < k; j++ {
			if j != i {
				props[fmt.Sprintf("c%d", j)] = map[string]any{"$ref": fmt.Sprintf("#/components/schemas/C%d", j)}
			}
		}
		schemas[fmt.Sprintf("C%d", i)] = map[string]any{"type": "object", "properties": props}
	}
	body := func(ref string) map[string]any {
		return map[string]any{"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/" + ref}}}},
			"responses": map[string]any{"200": map[string]any{"description": "ok"}}}
	}
	doc, _ := json.Marshal(map[string]any{
		"openapi": "3.1.0", "info": map[string]any{"title": "clique", "version": "1"},
		"paths": map[string]any{
			"/a": map[string]any{"post": body("C0")},
			"/b": map[string]any{"post": body("C1")},
			"/c": map[string]any{"post": body("Plain")},
		},
		"components": map[string]any{"schemas": schemas},
	})
	d, err := Parse("clique.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/a", "/b"} {
		if s := op(t, d, "POST", p).Body.Schema; s.Kind != Unsupported || !strings.Contains(s.Unsupported, "holds more than") {
			t.Errorf("%s: body %s %q, want unsupported: holds more than %d", p, s.Kind, s.Unsupported, maxExpanded)
		}
	}
	if s := op(t, d, "POST", "/c").Body.Schema; s.Kind != Object {
		t.Errorf("/c: body %s %q, want the object Plain", s.Kind, s.Unsupported)
	}
	for _, w := range d.Warnings {
		if strings.Contains(w, "builds more than") {
			t.Errorf("warning %q: a clique of %d exhausted the document's bound", w, k)
		}
	}
}

// TestResponseBound: a 2xx response holding more than maxResponse schemas
// once inlined is unsupported, saying how many it holds.
func TestResponseBound(t *testing.T) {
	props := map[string]any{}
	for i := 0; i <= maxResponse; i++ {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
	}
	doc, _ := json.Marshal(map[string]any{
		"openapi": "3.1.0", "info": map[string]any{"title": "big", "version": "1"},
		"paths": map[string]any{"/x": map[string]any{"get": map[string]any{
			"responses": map[string]any{
				"200": map[string]any{"description": "ok", "content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"type": "object", "properties": props}}}},
			},
		}}},
	})
	d, err := Parse("big.json", doc)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("holds %d schemas once its $refs are inlined, more than the %d", maxResponse+2, maxResponse)
	if s := op(t, d, "GET", "/x").Response; s.Kind != Unsupported || !strings.Contains(s.Unsupported, want) {
		t.Errorf("response %s %q, want unsupported: %s", s.Kind, s.Unsupported, want)
	}
}
