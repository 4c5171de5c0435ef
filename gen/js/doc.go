// Package js is the gen-js backend: from the checked model (package model)
// it writes an ES module with no dependencies that serves the catalog's
// tools/list tables, and a TypeScript declaration file with a typed input
// (and output) interface and a handler type per tool.
//
// The module embeds each profile's tools/list result, exactly the bytes of
// gen/schema (the reference gen-json prints), as a JavaScript string literal
// passed to JSON.parse, so the tables cannot drift from gen-json. Beside
// the tables it holds validators compiled at build time from the same
// schema text (validate.go: one function per distinct object or array
// schema, held to ajv by the differential test), and a fixed runtime,
// JavaScript under runtime/ embedded by runtime.go: validateInput and
// validateOutput, register (the adapter for the MCP TypeScript SDK's
// Server, which it is given rather than imports) and StdioTransport. Every spec string that reaches either file — JSON
// text, names, enum values, patterns, comments — goes through one quoting
// function, Quote.
package js
