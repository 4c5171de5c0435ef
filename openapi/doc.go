// Package openapi reads OpenAPI 3.0 and 3.1 documents (JSON or YAML) into a
// small normalized view that the parity and import commands consume.
//
// It owns one phase: document in, [Doc] out. It imports nothing of the rest
// of toolspec, and nothing of the parsing library leaks out of it: callers
// see only the types declared here, so the library can be swapped without
// touching them.
//
// # Normalization
//
// Every schema becomes a [Schema] of one [Kind]:
//
//   - OpenAPI 3.1 `type: [T, "null"]` and OpenAPI 3.0 `nullable: true` both
//     become T with Nullable set. A `null` member of an enum also sets
//     Nullable and is dropped from the values.
//   - `type` naming two or more non-null types is [Unsupported].
//   - `$ref` is resolved; Ref records where the schema came from
//     ("#/components/schemas/Pet" gives Ref "Pet"). A component is built
//     once and shared by every use that reads it alike (only its top is
//     copied, to carry the annotations of each use), so the tree is a DAG:
//     callers must not change a Schema. One schema may hold at most
//     maxExpanded schemas once inlined; a larger one is [Unsupported].
//   - `readOnly` and `writeOnly` are kept where authors write them: on the
//     schema, next to a one-member `allOf`, next to a `$ref`.
//   - `enum` (with or without `type`) is [Enum]; EnumType is the declared
//     type, or inferred from the values when `type` is missing (ErsatzTV's
//     enum components have no `type`). `const` is an enum of one value.
//   - Numbers keep the digits the document writes: enum values, defaults
//     and examples are decoded with numbers as json.Number, and the bounds
//     (Min, Max, MultipleOf) are json.Number taken from the document's
//     text, never from the library's float64, so 2^53+1 stays 2^53+1.
//     Their values are read with internal/decimal, toolspec's one exact
//     number.
//   - `object` with `properties` is [Object] (properties in document order);
//     `object` with no properties and an `additionalProperties` schema is
//     [Map]; `array` is [Array] with Items ([Any] when `items` is missing).
//     A schema with no `type` is inferred from `properties` or `items`, and
//     is [Any] when nothing constrains it.
//   - allOf is merged (merge.go). A oneOf or anyOf with no sibling
//     keywords but annotations is a [Union] of its members (Variants, in
//     document order): a `{type: null}` member or a nullable member makes
//     the union Nullable, nested unions are flattened, a union left with
//     one member is that member, a member `{}` makes it [Any], and a
//     member that is [Unsupported] (or untyped but constraining) makes it
//     that. A oneOf is read as an anyOf. A oneOf or anyOf next to `type`,
//     `properties`, `items` or `enum` is [Unsupported].
//   - `not`, `prefixItems`, `patternProperties`, `if`/`then`/`else`,
//     `dependentSchemas` and a `$ref` with constraining keywords next to it
//     are [Unsupported] too; nothing is ever silently widened to [Any].
//   - A `$ref` back into a schema that is being expanded is cut: the schema
//     keeps its Kind and Ref, has no children, and has Cycle set; a warning
//     is added to [Doc.Warnings].
//
// A `$ref` that does not resolve (including any `$ref` into another file:
// a document is one file) fails the load, listing every such `$ref` with
// its position, because the library drops whatever holds it: a parameter
// whose schema is a broken `$ref` would silently vanish.
//
// Every operation, parameter, request body and schema has its [Loc]: the
// JSON pointer and, when the library knows it, the line and column (a
// schema reached through a `$ref` is where the component is written).
// The document's and path items' `x-` fields are in [Doc.Extensions];
// security schemes in [Doc.SecuritySchemes], and the ones that apply to an
// operation (its `security`, else the document's) in
// [Operation.Security]; [Doc.Credential] finds an apiKey parameter.
//
// Operations keep the path-level parameters merged under their own (an
// operation's parameter wins for the same name and location). A parameter
// with `content` takes its JSON media type's schema, or a string for
// `text/plain`; `style` and `explode` are kept as written. The request
// body schema is the one under `application/json`, or else under the first
// other JSON media type (`text/json`, `application/*+json`, `...+json`),
// since generators such as ASP.NET repeat one `$ref` under four content
// types. The response is the first 2xx response (200 before 201 before
// 2XX) that has JSON content.
//
// # Library
//
// Parsing is done by github.com/pb33f/libopenapi. github.com/getkin/kin-openapi
// was tried against the same documents and also loaded OpenAPI 3.1.1 type
// arrays, 3.0 `nullable` and `$ref`s correctly, but it keeps an object's
// properties in a Go map, so their document order is lost (import writes
// rows in the order the API lists its fields, and parity reports them in
// that order), and since 3.1 it rewrites constraining keywords next to a
// `$ref` into an `allOf`. libopenapi keeps properties, media types and
// response codes in document order, builds schemas lazily through proxies so
// recursive models load without special settings, gives every node its line
// and column, and returns the model together with its reference errors, so
// that cycles (which toolspec cuts itself) can be told from broken `$ref`s.
// Its default logger writes to standard output; Load always replaces it.
package openapi
