// Package schema emits the JSON Schema of a checked catalog: one schema per
// tool input and output, and the tools/list result of each protocol profile.
//
// Emission is byte-deterministic (keys in a fixed order, properties in row
// order) and self-contained: no $ref, $defs, combinators, $schema or $id are
// ever written, so every client reads the same schema.
package schema
