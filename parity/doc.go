// Package parity compares a checked catalog with the OpenAPI document of
// the HTTP API its tools wrap.
//
// It owns one phase: a [model.Catalog] and an [openapi.Doc] in, a sorted
// list of [Mismatch] out. It reads only the two models; the command line
// loads them (compile.File, openapi.Load) and prints the result.
//
// For every tool with an endpoint:
//
//   - the operation (method and path template) must exist in the document;
//   - the rows that go to the body are exactly the properties of the JSON
//     request body, the query rows exactly the query parameters, the path
//     rows exactly the template's parameters (each side's omissions are
//     reported, saying which side lacks the name); header rows must name a
//     header parameter, but header parameters without a row are not
//     reported (they are usually the server's: auth, tracing);
//   - each matched pair is compared by kind (integer and number differ),
//     nullability (both ways), enum values (as sets; an enum is never
//     matched by a plain string), array element, map value and object
//     properties (recursively, with the same rules);
//   - a parameter or property the API requires must be required by the
//     tool; a row the tool requires that the API leaves optional is
//     allowed (a tool may ask for more than the API needs);
//   - a union (oneOf, anyOf) is compared variant by variant: each API
//     variant with the first spec variant of its kind not yet compared,
//     named field|n; a variant either side lacks is a mismatch;
//   - a schema the loader could not normalize (a conflicting allOf, a type union,
//     ...) is a mismatch asking for toolspec to be taught it: it is never
//     compared as if it were {};
//   - an exclusive bound (above, below; exclusiveMinimum/Maximum in either
//     OpenAPI form) on either side is compared with the other side's bound
//     at that end (on integers as the whole numbers each admits, so
//     exclusiveMinimum 0 and 1.. agree), and multipleOf exactly as the
//     values it admits (on integers 1.5 is 3, 0.5 nothing); one no
//     validator can take (0, 1e-400) is a [Warning], not compared;
//   - a readOnly body property needs no row (requests never carry it);
//   - a row that is the key of an apiKey security scheme of the operation
//     is a [Warning] (the credential, not drift), naming where the
//     document declares the scheme;
//   - a missing path that differs from one of the document's only in a
//     template parameter's name names that route and the `as` rename.
//
// Inclusive bounds on both sides, patterns, formats, defaults and
// open/closed objects are not compared. Each [Mismatch] names the place in
// the document its API side is about (At), for the command line to print.
package parity
