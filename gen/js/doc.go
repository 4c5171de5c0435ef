// Package js is the gen-js backend: from the checked model (package model)
// it writes an ES module with no dependencies that serves the catalog's
// tools/list tables, and a TypeScript declaration file with a typed input
// (and output) interface per tool.
//
// The module embeds each profile's tools/list result, exactly the bytes of
// gen/schema (the reference gen-json prints), as a JavaScript string literal
// passed to JSON.parse, so the tables cannot drift from gen-json. Every spec
// string that reaches either file — JSON text, names, enum values, comments —
// goes through one quoting function, Quote.
package js
