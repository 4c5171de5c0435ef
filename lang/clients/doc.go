// Package clients owns the client families of LLM function-calling APIs
// (Gemini, OpenAI, Anthropic, Copilot, Cursor, Mistral, xAI) and the table
// of what each refuses or silently drops in a tool's input schema, with the
// source of every rule, whether it is confirmed and whether the family's
// dialect lowers it; and the default map from an MCP client's
// clientInfo.name to its family (Clients), with the evidence for each
// name. Both are declared once here and read by the linter (Lint, used by
// `toolspec check --clients` and by the checker for the families a spec
// declares), by the dialects of gen/dialect, by gen-js and gen-go (which
// write the map into generated files, for the adapters) and by
// docs/clients.md.
//
// It reads the checked model only; each kind of construct is one lint,
// declared as a code in lang/diag.
package clients
