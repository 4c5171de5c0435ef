package js

import (
	"fmt"
	"sort"
	"strings"
)

// registerDialectEdits turn the runtime's register into the per-client one
// of a module with dialect tables: each base line (it occurs exactly once
// in runtime, checked at init) is replaced by its dialect form. Without
// dialects nothing is replaced, so such modules stay byte-identical.
var registerDialectEdits = []struct{ base, dialect string }{
	{
		" * sessionId, ...). Default: \"all\".\n",
		` * sessionId, ...). Default: "all".
 *
 * This module carries dialect tables (DIALECTS): each session also gets a
 * dialect, options.dialectFor(clientInfo) (the initialize request's
 * clientInfo; may be async; default defaultDialectFor), a family of
 * DIALECTS or null for the standard table. tools/list is then
 * listDialectTools(profile, dialect, { scope }), and tools/call arguments
 * pass through normalizeArgs(dialect, ...) before validateInput: the spec
 * is always what is enforced, and handlers see the spec's shapes.
`,
	},
	{
		"  const scopeOf = options.scope ?? (() => \"all\");\n",
		`  const scopeOf = options.scope ?? (() => "all");
  const dialectFor = options.dialectFor ?? defaultDialectFor;
  let clientInfo = {};
`,
	},
	{
		"    profile = result.then((r) => profileFor(r.protocolVersion), () => 1);\n",
		`    profile = result.then((r) => profileFor(r.protocolVersion), () => 1);
    clientInfo = tsIsObject(request?.params?.clientInfo) ? request.params.clientInfo : {};
`,
	},
	{
		"  const session = async (extra) => ({ profile: await profile, scope: tsScope(await scopeOf(extra), \"register: options.scope\") });\n",
		`  const session = async (extra) => ({
    profile: await profile,
    scope: tsScope(await scopeOf(extra), "register: options.scope"),
    dialect: tsDialect(await dialectFor(clientInfo)),
  });
`,
	},
	{
		"      const { profile, scope } = await session(extra);\n      return listTools(profile, { scope });\n",
		`      const { profile, scope, dialect } = await session(extra);
      return dialect === null ? listTools(profile, { scope }) : listDialectTools(profile, dialect, { scope });
`,
	},
	{
		"  async function tsCall(params, extra, { profile, scope }) {\n",
		"  async function tsCall(params, extra, { profile, scope, dialect }) {\n",
	},
	{
		"    const args = params.arguments ?? {};\n",
		"    const args = dialect === null ? params.arguments ?? {} : normalizeArgs(dialect, name, params.arguments ?? {});\n",
	},
}

func init() {
	for _, e := range registerDialectEdits {
		if n := strings.Count(runtime, e.base); n != 1 {
			panic(fmt.Sprintf("gen/js: register edit base occurs %d times in runtime: %q", n, e.base))
		}
	}
}

// dialectRuntime is runtime with register serving per client.
func dialectRuntime() string {
	r := runtime
	for _, e := range registerDialectEdits {
		r = strings.Replace(r, e.base, e.dialect, 1)
	}
	return r
}

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

// perClientJS is the part of a dialect module that picks a session's dialect.
func perClientJS() string {
	return `
/**
 * The dialect register serves a client by default, by its clientInfo.name
 * in lower case; null is the standard table (docs/clients.md).
 */
export const CLIENT_DIALECTS = Object.freeze({
` + clientDialectsJS() + `});

/**
 * The default options.dialectFor of register: CLIENT_DIALECTS's family for
 * the client's name when this module carries it, else null (the standard table).
 */
export function defaultDialectFor(clientInfo) {
  const name = typeof clientInfo?.name === "string" ? clientInfo.name.toLowerCase() : "";
  const family = Object.hasOwn(CLIENT_DIALECTS, name) ? CLIENT_DIALECTS[name] : null;
  return family !== null && DIALECTS.includes(family) ? family : null;
}

// tsDialect checks what options.dialectFor returned: null (or undefined)
// for the standard table, or a dialect this module carries.
function tsDialect(d) {
  if (d === null || d === undefined) return null;
  if (typeof d !== "string" || !DIALECTS.includes(d)) {
    throw new RangeError("register: options.dialectFor returned " + tsShow(d) + "; this module carries " + DIALECTS.join(", ") + " (or null)");
  }
  return d;
}
`
}

// perClientDTS declares perClientJS and register's dialectFor option.
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
