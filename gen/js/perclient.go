package js

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/lang/clients"
)

// clientDialectsJS is lang/clients' default map from clientInfo.name (in
// lower case) to family as a JS object literal body, sorted; null is the
// standard table.
func clientDialectsJS() string {
	m := clients.ClientDialects()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(m)) {
		v := "null"
		if f := m[name]; f != "" {
			v = Quote(f)
		}
		fmt.Fprintf(&b, "  %s: %s,\n", Quote(name), v)
	}
	return b.String()
}

// clientInjectedJS is lang/clients' map from clientInfo.name (in lower
// case) to the arguments that client injects, as a JS object literal body.
func clientInjectedJS() string {
	m := clients.InjectedArgs()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(m)) {
		var q []string
		for _, a := range m[name] {
			q = append(q, Quote(a))
		}
		fmt.Fprintf(&b, "  %s: Object.freeze([%s]),\n", Quote(name), strings.Join(q, ", "))
	}
	return b.String()
}

// clientInjectedConst declares CLIENT_INJECTED, which runtime.mjs's
// tsStripInjected reads; a module with dialects exports it.
func clientInjectedConst(export bool) string {
	kw := "const"
	if export {
		kw = "export const"
	}
	return `
/**
 * The arguments a client adds to every tool and forwards in tools/call, by
 * its clientInfo.name in lower case: register drops them before
 * validation, in that client's sessions, from a tool that does not declare
 * them (docs/clients.md).
 */
` + kw + ` CLIENT_INJECTED = Object.freeze({
` + clientInjectedJS() + `});
`
}

// clientDialectsConst declares CLIENT_DIALECTS, which dialects.mjs's
// defaultDialectFor reads, and CLIENT_INJECTED.
func clientDialectsConst() string {
	return clientInjectedConst(true) + `
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

/** The arguments a client injects into every tool, by clientInfo.name in lower case; register drops them in its sessions. */
export declare const CLIENT_INJECTED: Readonly<Record<string, readonly string[]>>;

/** register's default dialectFor: CLIENT_DIALECTS's family when this module carries it, else null. */
export declare function defaultDialectFor(clientInfo: { name?: string; [key: string]: unknown }): string | null;

export interface RegisterOptions {
  /** The session's dialect (one of DIALECTS) or null for the standard table, from initialize's clientInfo. */
  dialectFor?: (clientInfo: { name?: string; version?: string; [key: string]: unknown }) => string | null | Promise<string | null>;
}
`
