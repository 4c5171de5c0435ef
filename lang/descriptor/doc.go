// Package descriptor declares, once, every kind and every modifier of the
// language: its keyword, the operand it takes, the kinds a modifier applies
// to, the JSON Schema keywords each becomes, the canonical order of
// modifiers and of keywords in emitted schemas, the diagnostics particular
// to each modifier (by code, from lang/diag), and the mutation operators
// test-report makes from them.
//
// It sits at the bottom of the imports, above lang/diag: the parser reads
// every modifier (keyword and operand) through it and fmt writes them back,
// lang/check asks it whether a modifier fits a kind and may be repeated,
// model names its kinds with it, gen/schema emits keywords in its order,
// report makes mutants from it, the importer writes modifiers in its
// order, specdiff names keywords with it, and docs/language.md's kind and
// modifier tables are generated from it (go test ./lang/descriptor
// -update; the test fails when they are stale).
//
// To add a modifier whose operand is a number (as above, below and
// multiple_of are):
//
//  1. add its row to Modifiers: keyword, Operand NumberOperand, Expects,
//     the kinds it fits, Key (its JSON Schema keyword), Emit (where the
//     keyword goes in a schema), Checks, and two Mutants with a Widen;
//  2. give model.Type a *Num field and a case in Type.NumberModifier;
//  3. in lang/check, any rule particular to it (declared in lang/diag's
//     table, with a negative control in report/controls.go);
//  4. teach the backends that do not read the schema (gen/golang's
//     decoders), the importer (importer/mcp.go, importer/openapi.go,
//     importer/spec.go) and parity (parity/numbers.go) if they should
//     carry it.
//
// The parser, fmt, the schema, the mutants, `because`, specdiff and the
// docs tables then follow from the row. A modifier with another operand
// also needs its meaning in lang/check's modifiers switch and its keywords
// in gen/schema's modifier switch.
package descriptor
