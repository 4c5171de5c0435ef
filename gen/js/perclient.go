package js

import (
	"fmt"
	"sort"
	"strings"

	"github.com/toolspec/toolspec/lang/clients"
)

// clientDialectsJS is lang/clients' default map from clientInfo.name (in
// lower case) to family as a JS object literal body, sorted; null is the
// standard table.
func clientDialectsJS() string {
	m := clients.ClientDialects()
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		v := "null"
		if f := m[name]; f != "" {
			v = Quote(f)
		}
		fmt.Fprintf(&b, "  %s: %s,\n", Quote(name), v)
	}
	return b.String()
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
