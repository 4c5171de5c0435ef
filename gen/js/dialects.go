package js

import (
	"bytes"
	"encoding/json"
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
	// SDK is the MCP TypeScript SDK the declarations (.d.ts) are written
	// for, and import their types from: 1 (or 0) is SDK 1.x
	// (@modelcontextprotocol/sdk; handlers get its RequestHandlerExtra), 2
	// is SDK 2 (@modelcontextprotocol/server; handlers get its
	// ServerContext). The module is the same for both: register serves on
	// either SDK.
	SDK int
}

// GenerateWith is Generate with options: with Dialects, the module also
// exports DIALECTS, listDialectTools(profile, dialect, {scope}) and
// normalizeArgs(dialect, name, args), declared in the .d.ts.
func GenerateWith(c *model.Catalog, opt Options) (mjs, dts []byte, err error) {
	if opt.SDK != 0 && opt.SDK != 1 && opt.SDK != 2 {
		return nil, nil, fmt.Errorf("unknown MCP SDK %d (1 or 2)", opt.SDK)
	}
	if len(opt.Dialects) == 0 {
		return generate(c, true, opt.SDK)
	}
	mjs, dts, err = generate(c, false, opt.SDK)
	if err != nil {
		return nil, nil, err
	}
	var m bytes.Buffer
	m.Write(mjs)
	m.WriteString(`
// The tools/list result of each (profile, dialect) pair as JSON text: the
// schemas lowered to what a client family reads (docs/clients.md).
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
` + dialectKeysConst(c, opt.Dialects) + clientDialectsConst() + dialectsJS)
	var d bytes.Buffer
	d.Write(dts)
	d.WriteString(`
/** The client families whose dialect tables this module carries. */
export declare const DIALECTS: readonly [` + join(names) + `];

/** The tools/list result of a profile lowered to a client family's dialect. */
export declare function listDialectTools(profile: 1 | 2 | 3, dialect: string, options?: { scope?: "all" | "read" | "write" }): { tools: object[]; _meta: Record<string, string> };

/** Dialect-shaped arguments back in the spec's shapes (openai_strict: nulls of optional properties dropped). */
export declare function normalizeArgs(dialect: string, name: string, args: unknown): unknown;
` + perClientDTS)
	return m.Bytes(), d.Bytes(), nil
}

// dialectKeysConst declares DIALECT_KEYS: per dialect and tool, each name
// the dialect sends for a property key its family refuses, mapped back to
// the spec's key (gen/dialect's Renames); normalizeArgs renames them
// first. JSON.parse makes every name an own property, "__proto__" too.
func dialectKeysConst(c *model.Catalog, fams []string) string {
	m := map[string]map[string]map[string]string{}
	for _, fam := range fams {
		if r := dialect.Renames(c, fam); r != nil {
			m[fam] = r
		}
	}
	b, err := json.Marshal(m) // sorted keys: deterministic
	if err != nil {
		panic(err) // cannot happen: strings only
	}
	return `
/**
 * Per dialect and tool, the names a dialect sends for property keys its
 * family refuses, mapped back to the spec's keys (docs/clients.md,
 * Property keys).
 */
const DIALECT_KEYS = JSON.parse(` + Quote(string(b)) + `);
`
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
