// Package toolspec is a compiler for MCP tool catalogs. It holds no code;
// this page maps the phases, each a package, in the order a spec flows
// through them:
//
//   - lang/token: positions and diagnostics, shared by every phase;
//   - lang/diag: the table of every diagnostic, with its code, message and
//     explanation (docs/diagnostics.md is generated from it);
//   - lang/descriptor: the table of every kind and modifier, with its
//     keyword, operand, kinds, JSON Schema keywords, order, checks and
//     mutants (docs/language.md's kind and modifier tables come from it);
//   - lang/ast and lang/parser: the syntax tree and the participle grammar
//     over a hand-written lexer;
//   - lang/check: the rules of the language, producing the checked model
//     (defaults and examples are checked against the emitted schema, whose
//     emitter compile passes in: lang does not import gen);
//   - lang/clients: the client families (Gemini, OpenAI, Anthropic, ...),
//     the table of what each refuses or drops with its sources, and the
//     lints over the checked model (check --clients, `clients` in a header);
//   - lang/format: the canonical layout, and the canonical text the spec
//     hash is computed over;
//   - model: the checked catalog, the only input of everything below;
//   - compile: parse, check and hash wired together for the commands;
//   - gen/schema, gen/jsonout, gen/golang, gen/js: JSON Schema and the
//     tables servers serve;
//   - gen/dialect: the tables lowered to a client family's dialect
//     (gen-json --dialect), and the normalisation servers apply first;
//   - serve/gosdk: a generated catalog served with the official Go MCP
//     SDK in one call (the handlers, profiles, scopes and a transport that
//     answers malformed lines);
//   - internal/decimal: the one exact number (a spec's bounds, documents'
//     numbers, diff's values): comparison, integrality and multiple-of
//     without expanding 1e-999999, a leaf every phase may import;
//   - internal/jsonstr: the one JSON string quoting, for text people read
//     (Quote) and for emitted JSON (AppendHTMLSafe);
//   - validate: JSON Schema validation of values (santhosh-tekuri/jsonschema),
//     a leaf that lang/check and report use;
//   - report: test-report — checks, negative controls, fixtures, mutants;
//   - seal: the seal file and verify;
//   - openapi: OpenAPI documents, for parity and import;
//   - parity: a catalog's endpoint tools against an OpenAPI document;
//   - importer: specs written from an OpenAPI document or a tools/list
//     result, through the formatter and the checker;
//   - specdiff: a spec's schemas against an older tools/list result;
//   - lsp: the language server editors start (`toolspec lsp`);
//   - cmd/toolspec: the command line, one file per command;
//   - docs: no code; its tests run every spec, command and snippet that
//     README.md and docs/*.md show.
package toolspec
