
/**
 * The default options.dialectFor of register: CLIENT_DIALECTS's family for
 * the client's name when this module carries it, else null (the standard table).
 */
export function defaultDialectFor(clientInfo) {
  const name = typeof clientInfo?.name === "string" ? clientInfo.name.toLowerCase() : "";
  const family = Object.hasOwn(CLIENT_DIALECTS, name) ? CLIENT_DIALECTS[name] : null;
  return family !== null && DIALECTS.includes(family) ? family : null;
}

/**
 * The tools/list result of a profile lowered to a client family's dialect,
 * narrowed to options.scope as listTools narrows it. The identity names the
 * scope, then the dialect: "<SPEC_HASH>/p2/gemini", "<SPEC_HASH>/p2/read/gemini".
 * Servers validate calls with the spec's own schemas (after normalizeArgs),
 * never with a dialect table. Every call returns a new object.
 */
export function listDialectTools(profile, dialect, options = undefined) {
  tsProfile(profile, "listDialectTools");
  if (typeof dialect !== "string" || !Object.hasOwn(DIALECT_TABLES, dialect)) {
    throw new RangeError("listDialectTools: no dialect table for " + tsShow(dialect) + "; this module carries " + DIALECTS.join(", "));
  }
  const scope = tsScope(options?.scope, "listDialectTools");
  return tsTable(JSON.parse(DIALECT_TABLES[dialect][Math.min(profile, 2)]), profile, scope, "/" + dialect);
}

let tsSpecInputs;

/**
 * Arguments shaped by a dialect, back in the spec's shapes, before they are
 * validated with the spec: for openai_strict, whose table lists every
 * property as required, a null sent for an optional property whose schema
 * does not take null is dropped, at every depth (an optional any row's null
 * too: it cannot be told from an absent one); for gemini, whose table
 * writes an any value as a string holding JSON text, such a string is
 * decoded (one that is not JSON text stays the string). Before either, the
 * names a dialect sent for property keys its family refuses become the
 * spec's keys again (DIALECT_KEYS). Other dialects send the spec's shapes
 * already. Returns a new value; args is not changed.
 */
export function normalizeArgs(dialect, name, args) {
  if (Object.hasOwn(DIALECT_KEYS, dialect) && Object.hasOwn(DIALECT_KEYS[dialect], name)) {
    args = tsRenameKeys(DIALECT_KEYS[dialect][name], args);
  }
  if (dialect !== "openai_strict" && dialect !== "gemini") return args;
  tsSpecInputs ??= new Map(JSON.parse(TABLES[2]).tools.map((t) => [t.name, t.inputSchema]));
  const schema = tsSpecInputs.get(name);
  if (schema === undefined) return args;
  return dialect === "gemini" ? tsFromText(schema, args) : tsDropNulls(schema, args);
}

/**
 * The top-level members of args under their spec keys: back maps a sent
 * name to its key. A sent name takes the place of its key when both came
 * (the model was given the sent name). Anything but an object is returned
 * as it is.
 */
function tsRenameKeys(back, args) {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return args;
  const sent = Object.keys(back).filter((s) => Object.hasOwn(args, s));
  if (sent.length === 0) return args;
  const replaced = new Set(sent.map((s) => back[s]));
  const out = {};
  const put = (k, v) => Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  for (const k of Object.keys(args)) {
    if (Object.hasOwn(back, k)) put(back[k], args[k]);
    else if (!replaced.has(k)) put(k, args[k]);
  }
  return out;
}

function tsFromText(s, v) {
  if (s.type === undefined && s.anyOf === undefined) {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  if (Array.isArray(v)) {
    return v.map((x, i) => {
      const e = Array.isArray(s.prefixItems) && i < s.prefixItems.length ? s.prefixItems[i] : s.items;
      return e && typeof e === "object" ? tsFromText(e, x) : x;
    });
  }
  if (v === null || typeof v !== "object") return v;
  const out = {};
  for (const k of Object.keys(v)) {
    const p = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : s.additionalProperties;
    Object.defineProperty(out, k, { value: p && typeof p === "object" ? tsFromText(p, v[k]) : v[k], enumerable: true, writable: true, configurable: true });
  }
  return out;
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
