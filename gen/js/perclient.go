package js

import (
	"fmt"
	"sort"
	"strings"
)

// ClientDialects is the default map from an MCP client's clientInfo.name
// (compared in lower case) to the client family whose dialect it is
// served; "" is the standard table. docs/clients.md gives each entry's
// source and how sure it is. serve/gosdk declares the same map for Go
// (a test holds them equal).
var ClientDialects = map[string]string{
	// gemini-cli (name seen in third-party servers' client detection);
	// since July 2025 it sends parametersJsonSchema, which reads more than
	// the gemini dialect, but the dialect is sound, so it costs nothing.
	"gemini-cli-mcp-client": "gemini",
	"gemini-cli":            "gemini",
	// Cursor: nullable type arrays mishandled (cursor/cursor#3778).
	"cursor-vscode": "cursor",
	// VS Code (Copilot agent mode): draft-07 validation, items on arrays.
	"visual studio code":            "copilot",
	"visual studio code - insiders": "copilot",
	"visual-studio-code":            "copilot",
	// Anthropic's clients read the standard 2020-12 table.
	"claude-ai":   "",
	"claude-code": "",
}

// clientDialectsJS is ClientDialects as a JS object literal body, sorted.
func clientDialectsJS() string {
	var b strings.Builder
	for _, name := range clientNames() {
		v := "null"
		if f := ClientDialects[name]; f != "" {
			v = Quote(f)
		}
		fmt.Fprintf(&b, "  %s: %s,\n", Quote(name), v)
	}
	return b.String()
}

func clientNames() []string {
	keys := make([]string, 0, len(ClientDialects))
	for k := range ClientDialects {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// clientDialectsConst declares CLIENT_DIALECTS, which dialects.mjs's
// defaultDialectFor reads.
func clientDialectsConst() string {
	return `
/**
 * The dialect register serves a client by default, by its clientInfo.name
 * in lower case; null is the standard table (docs/clients.md).
 */
export const CLIENT_DIALECTS = Object.freeze({
` + clientDialectsJS() + `});
`
}

// perClientDTS declares CLIENT_DIALECTS, defaultDialectFor and register's dialectFor option.
const perClientDTS = `
/** The dialect register serves a client by default, by clientInfo.name in lower case; null: the standard table. */
export declare const CLIENT_DIALECTS: Readonly<Record<string, string | null>>;

/** register's default dialectFor: CLIENT_DIALECTS's family when this module carries it, else null. */
export declare function defaultDialectFor(clientInfo: { name?: string; [key: string]: unknown }): string | null;

export interface RegisterOptions {
  /** The session's dialect (one of DIALECTS) or null for the standard table, from initialize's clientInfo. */
  dialectFor?: (clientInfo: { name?: string; version?: string; [key: string]: unknown }) => string | null | Promise<string | null>;
}
`
