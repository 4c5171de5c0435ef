// Package lsp is `toolspec lsp`: a Language Server Protocol server for spec
// files on stdio. It owns no language rules: diagnostics come from the
// parser and checker (the same ones `toolspec check` runs), formatting from
// lang/format, schemas from gen/schema and explanations from lang/diag; this
// package only maps them to LSP positions and messages.
//
// The wire is go.lsp.dev/jsonrpc2 (Content-Length framing that reads a whole
// message before decoding it, so one bad message never desynchronises the
// stream) and the message types and method dispatch are
// github.com/tliron/glsp's protocol_3_16. docs/editors.md says why these.
package lsp
