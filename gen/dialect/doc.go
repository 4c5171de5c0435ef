// Package dialect lowers the emitted tools/list table of a profile into the
// dialect of one client family (lang/clients): what the family cannot read
// is rewritten into what it can (Gemini: nullable: true for type arrays, no
// additionalProperties, string-only enums, tuples as arrays; OpenAI strict:
// every property required, optional ones nullable; Anthropic strict: no
// bounds; Copilot: draft-07 tuples), and what no keyword of the family can
// carry moves into the node's description in one fixed form (Note).
// Output schemas are lowered for gemini only, whose client sends them to
// the model, and only so far as the MCP client's own JSON Schema validator
// still takes every result the spec takes (outputLowerings). Top-level
// property keys a family refuses are renamed on the wire (rename.go;
// Renames is the table servers map them back with).
//
// It reads only the schema gen/schema emits. Servers never validate with a
// dialect: they validate with the spec's own schema, after Normalize.
// docs/clients.md documents every lowering.
package dialect
