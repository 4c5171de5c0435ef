package js

import (
	"bytes"
	"fmt"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/model"
)

// Options choose what a module carries beyond the standard tables.
type Options struct {
	// Dialects are client families (lang/clients) whose dialect tables the
	// module carries, for listDialectTools; none by default, and then the
	// module is exactly Generate's.
	Dialects []string
}

// GenerateWith is Generate with options: with Dialects, the module also
// exports DIALECTS, listDialectTools(profile, dialect, {scope}) and
// normalizeArgs(dialect, name, args), declared in the .d.ts.
func GenerateWith(c *model.Catalog, opt Options) (mjs, dts []byte, err error) {
	if len(opt.Dialects) == 0 {
		return Generate(c)
	}
	mjs, dts, err = generate(c, dialectRuntime())
	if err != nil {
		return nil, nil, err
	}
	var m bytes.Buffer
	m.Write(mjs)
	m.WriteString(`
// The tools/list result of each (profile, dialect) pair as JSON text: the
// input schemas lowered to what a client family reads (docs/clients.md).
const DIALECT_TABLES = Object.freeze({
`)
	var names []string
	for _, fam := range opt.Dialects {
		if !dialect.Known(fam) {
			return nil, nil, fmt.Errorf("unknown client family %q", fam)
		}
		fmt.Fprintf(&m, "  %s: [\n    null,\n", Quote(fam))
		for _, p := range model.Profiles {
			t, err := dialect.ToolsList(c, p, fam)
			if err != nil {
				return nil, nil, err
			}
			m.WriteString("    " + Quote(string(t)) + ",\n")
		}
		m.WriteString("  ],\n")
		names = append(names, Quote(fam))
	}
	m.WriteString(`});

/** The client families whose dialect tables this module carries. */
export const DIALECTS = Object.freeze([` + join(names) + `]);
` + perClientJS() + `
/**
 * The tools/list result of a profile lowered to a client family's dialect,
 * narrowed to options.scope as listTools narrows it. The identity names the
 * scope, then the dialect: "<SPEC_HASH>/p2/gemini", "<SPEC_HASH>/p2/read/gemini".
 * Servers validate calls with the spec's own schemas (after normalizeArgs),
 * never with a dialect table. Every call returns a new object.
 */
export function listDialectTools(profile, dialect, options = undefined) {
  if (profile !== 1 && profile !== 2) {
    throw new RangeError("listDialectTools: profile must be 1 or 2, not " + String(profile));
  }
  if (typeof dialect !== "string" || !Object.hasOwn(DIALECT_TABLES, dialect)) {
    throw new RangeError("listDialectTools: no dialect table for " + tsShow(dialect) + "; this module carries " + DIALECTS.join(", "));
  }
  const scope = tsScope(options?.scope, "listDialectTools");
  const result = JSON.parse(DIALECT_TABLES[dialect][profile]);
  if (scope !== "all") {
    result.tools = result.tools.filter((_, i) => tsInScope(i, scope));
  }
  result._meta[CATALOG_KEY] = PROFILES[profile].catalog + (scope === "all" ? "" : "/" + scope) + "/" + dialect;
  return result;
}

let tsSpecInputs;

/**
 * Arguments shaped by a dialect, back in the spec's shapes, before they are
 * validated with the spec: for openai_strict, whose table lists every
 * property as required, a null sent for an optional property whose schema
 * does not take null is dropped, at every depth (an optional any row's null
 * too: it cannot be told from an absent one). Other dialects send the
 * spec's shapes already. Returns a new value; args is not changed.
 */
export function normalizeArgs(dialect, name, args) {
  if (dialect !== "openai_strict") return args;
  tsSpecInputs ??= new Map(JSON.parse(TABLES[2]).tools.map((t) => [t.name, t.inputSchema]));
  const schema = tsSpecInputs.get(name);
  return schema === undefined ? args : tsDropNulls(schema, args);
}

function tsTakesNull(s) {
  return s.type === undefined ? false : [].concat(s.type).includes("null");
}

function tsDropNulls(s, v) {
  if (Array.isArray(v)) {
    return v.map((x, i) => {
      const e = Array.isArray(s.prefixItems) && i < s.prefixItems.length ? s.prefixItems[i] : s.items;
      return e && typeof e === "object" ? tsDropNulls(e, x) : x;
    });
  }
  if (v === null || typeof v !== "object") return v;
  const out = {};
  const required = s.required ?? [];
  for (const k of Object.keys(v)) {
    const p = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
    if (p !== undefined) {
      if (v[k] === null && !required.includes(k) && !tsTakesNull(p)) continue;
      Object.defineProperty(out, k, { value: tsDropNulls(p, v[k]), enumerable: true, writable: true, configurable: true });
    } else {
      const ap = s.additionalProperties;
      Object.defineProperty(out, k, { value: ap && typeof ap === "object" ? tsDropNulls(ap, v[k]) : v[k], enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}
`)
	var d bytes.Buffer
	d.Write(dts)
	d.WriteString(`
/** The client families whose dialect tables this module carries. */
export declare const DIALECTS: readonly [` + join(names) + `];

/** The tools/list result of a profile lowered to a client family's dialect. */
export declare function listDialectTools(profile: 1 | 2, dialect: string, options?: { scope?: "all" | "read" | "write" }): { tools: object[]; _meta: Record<string, string> };

/** Dialect-shaped arguments back in the spec's shapes (openai_strict: nulls of optional properties dropped). */
export declare function normalizeArgs(dialect: string, name: string, args: unknown): unknown;
` + perClientDTS)
	return m.Bytes(), d.Bytes(), nil
}

func join(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x)
	}
	return b.String()
}
