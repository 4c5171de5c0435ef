// The runtime: the part of every module that does not depend on the spec
// (gen/js/runtime.go names what the rest of the module defines for it).

/** At most this many problems are returned per value (the first ones, in document order). */
export const MAX_PROBLEMS = 100;

function tsIsObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function tsAcceptAll() {}

function tsErr(e, p, keyword, message, params) {
  if (e.length < MAX_PROBLEMS) {
    e.push({ instancePath: p, keyword, message, params: params ?? {} });
  } else {
    e.truncated = true;
  }
}

// tsAnyOf records that no variant of a union accepted the value at p:
// every variant's problems, then anyOf, as ajv reports them.
function tsAnyOf(e, variants, p) {
  for (const v of variants) {
    for (const x of v) tsErr(e, x.instancePath, x.keyword, x.message, x.params);
    if (v.truncated) e.truncated = true;
  }
  tsErr(e, p, "anyOf", tsMsgAnyOf());
}

// tsKind names the JSON type of a value, for messages.
function tsKind(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  // JSON.parse reads 1e400 as Infinity: no JSON number, so no number of
  // any row (docs/servers.md, "One number and one string model").
  if (typeof v === "number" && !Number.isFinite(v)) return tsMsgBeyond();
  return typeof v;
}

// tsWellFormed is a value with every lone surrogate of its strings and
// keys replaced by U+FFFD, as Go's JSON decoder reads "\ud800"; the value
// itself when it has none. Two keys that become one keep the place of the
// first and the value of the last, as duplicate keys do.
function tsWellFormed(v) {
  return tsHasLone(v) ? tsFixLone(v) : v;
}

// tsHasLone reports whether a value holds a lone surrogate, allocating nothing.
function tsHasLone(v) {
  if (typeof v === "string") return !v.isWellFormed();
  if (typeof v !== "object" || v === null) return false;
  if (Array.isArray(v)) return v.some(tsHasLone);
  for (const k in v) {
    if (Object.hasOwn(v, k) && (!k.isWellFormed() || tsHasLone(v[k]))) return true;
  }
  return false;
}

function tsFixLone(v) {
  if (typeof v === "string") return v.toWellFormed();
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map(tsFixLone);
  const out = {};
  for (const [k, x] of Object.entries(v)) {
    // defineProperty: an own "__proto__" stays a property, as JSON.parse makes it.
    Object.defineProperty(out, k.toWellFormed(), { value: tsFixLone(x), writable: true, enumerable: true, configurable: true });
  }
  return out;
}

// tsQuote quotes an input string for a message: its first QUOTE_LIMIT
// characters (code points), then "..." when it is longer.
function tsQuote(s) {
  if (s.length <= QUOTE_LIMIT) return JSON.stringify(s);
  const head = Array.from(s.slice(0, 2 * QUOTE_LIMIT)).slice(0, QUOTE_LIMIT).join("");
  return head.length < s.length ? JSON.stringify(head) + "..." : JSON.stringify(s);
}

// tsShow shows a value in a message: strings quoted and cut, containers by kind.
function tsShow(v) {
  if (typeof v === "string") return tsQuote(v);
  if (typeof v === "object" && v !== null) return tsKind(v);
  return String(v);
}

// tsPointer escapes a key as a JSON pointer token, cut as tsQuote cuts.
function tsPointer(k) {
  if (k.length > QUOTE_LIMIT) {
    const head = Array.from(k.slice(0, 2 * QUOTE_LIMIT)).slice(0, QUOTE_LIMIT).join("");
    if (head.length < k.length) k = head + "...";
  }
  return k.indexOf("~") < 0 && k.indexOf("/") < 0 ? k : k.replace(/~/g, "~0").replace(/\//g, "~1");
}

// tsLen is the length of a string in code points, as JSON Schema counts
// (and ajv: a surrogate pair is one character).
function tsLen(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

// tsDuplicate returns the indexes [j, i] (j < i) of the first item equal
// to an earlier one, or null; with only, of the items it accepts. Objects
// and arrays are compared by a canonical text (keys sorted), so the time
// is linear in the array's size, never quadratic in its length.
function tsDuplicate(a, only) {
  const seen = new Map();
  let objects = null;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (only !== undefined && !only(x)) continue;
    const scalar = typeof x !== "object" || x === null;
    const map = scalar ? seen : (objects ??= new Map());
    const key = scalar ? x : tsCanon(x);
    const j = map.get(key);
    if (j !== undefined) return [j, i];
    map.set(key, i);
  }
  return null;
}

// tsCanon is the text of a JSON value with object keys sorted: equal
// values (in the sense of JSON Schema) have equal texts.
function tsCanon(x) {
  if (typeof x === "number" && !Number.isFinite(x)) return String(x); // 1e400 is not null
  if (typeof x !== "object" || x === null) return JSON.stringify(x) ?? "undefined";
  if (Array.isArray(x)) return "[" + x.map(tsCanon).join(",") + "]";
  return "{" + Object.keys(x).sort().map((k) => JSON.stringify(k) + ":" + tsCanon(x[k])).join(",") + "}";
}

// tsMultipleOf decides multipleOf in decimal, on the shortest text of the
// double (0.3 is a multiple of 0.1, 1e30 of 5), as the spec's exact
// arithmetic and the Go decoders do; % is exact on safe integers only.
function tsMultipleOf(v, d, text) {
  if (Number.isSafeInteger(v) && Number.isSafeInteger(d)) return v % d === 0;
  const [vm, ve] = tsDecimal(String(v));
  const [dm, de] = tsDecimal(text);
  const low = Math.min(ve, de);
  return (vm * 10n ** BigInt(ve - low)) % (dm * 10n ** BigInt(de - low)) === 0n;
}

function tsDecimal(text) {
  const [mant, exp = "0"] = text.toLowerCase().split("e");
  const [whole, frac = ""] = mant.split(".");
  return [BigInt(whole + frac), Number(exp) - frac.length];
}

function tsValidate(table, what, toolName, value) {
  const check = table.get(toolName);
  if (check === undefined) {
    throw new RangeError(what + ": no tool " + (typeof toolName === "string" ? tsQuote(toolName) : tsShow(toolName)) + " in spec " + SPEC_NAME);
  }
  const problems = [];
  check(tsWellFormed(value), "", problems);
  return problems;
}

/**
 * Every problem of a tool's arguments against its inputSchema: an array of
 * { instancePath, keyword, message, params }, empty when they are valid
 * (at most MAX_PROBLEMS; the array's truncated property is then true).
 * Throws a RangeError for a name that is not a tool of the catalog.
 */
export function validateInput(toolName, args) {
  return tsValidate(INPUT_VALIDATORS, "validateInput", toolName, args);
}

/**
 * Every problem of a tool's structured result against its outputSchema,
 * as validateInput. A tool without `out` has no outputSchema: its results
 * are not checked (an empty array).
 */
export function validateOutput(toolName, value) {
  if (!OUTPUT_VALIDATORS.has(toolName) && INPUT_VALIDATORS.has(toolName)) return [];
  return tsValidate(OUTPUT_VALIDATORS, "validateOutput", toolName, value);
}

/**
 * Problems as one line: "/limit: maximum: 501 is greater than 500; ...",
 * "(root)" for the value itself; at most limit problems, then how many more.
 */
export function describeProblems(problems, limit = 20) {
  const parts = problems.slice(0, limit).map((p) => (p.instancePath || tsMsgRoot()) + ": " + p.keyword + ": " + p.message);
  const more = problems.length - parts.length;
  if (more > 0) parts.push(tsMsgMore(more));
  if (problems.truncated) parts.push(tsMsgUncounted());
  return parts.join("; ");
}

const SCOPES = ["all", "read", "write"];

function tsScope(scope, what) {
  if (scope === undefined) return "all";
  if (!SCOPES.includes(scope)) {
    throw new RangeError(what + ": scope must be \"all\", \"read\" or \"write\", not " + tsShow(scope));
  }
  return scope;
}

// tsInScope: read is the tools with read_only; write those with read_only or
// additive (a tool with neither may destroy, so only "all" lists it).
function tsInScope(index, scope) {
  const hints = TOOL_HINTS.charCodeAt(index) - 48; // 1: read_only, 2: additive
  if (scope === "read") return (hints & 1) !== 0;
  if (scope === "write") return (hints & 3) !== 0;
  return true;
}

const TOOL_INDEX = new Map(TOOL_NAMES.map((name, i) => [name, i]));

/**
 * The tools/list result of a profile (1, the default, 2 or 3), deep-equal to
 * `toolspec gen-json --profile N`. With { scope: "read" } only the tools
 * with read_only, with { scope: "write" } those with read_only or additive, and
 * the catalog identity names the scope ("<SPEC_HASH>/p2/read"); "all" (the
 * default) is the full table. Profile 3 is profile 2's tools with ttlMs,
 * cacheScope ("private" when narrowed) and resultType. Every call returns a
 * new object.
 */
export function listTools(profile = 1, options = undefined) {
  tsProfile(profile, "listTools");
  const scope = tsScope(options?.scope, "listTools");
  return tsTable(JSON.parse(TABLES[Math.min(profile, 2)]), profile, scope, "");
}

function tsProfile(profile, what) {
  if (profile !== 1 && profile !== 2 && profile !== 3) {
    throw new RangeError(what + ": profile must be 1, 2 or 3, not " + String(profile));
  }
}

// tsTable is a parsed table of profile 1 or 2 as profile serves it to scope:
// narrowed, named after the profile, the scope and suffix (a dialect's
// "/gemini"), and on profile 3 with what 2026-07-28 asks of a cacheable
// result, in gen-json's member order.
function tsTable(result, profile, scope, suffix) {
  if (scope !== "all") result.tools = result.tools.filter((_, i) => tsInScope(i, scope));
  if (scope !== "all" || suffix !== "" || profile === 3) {
    result._meta[CATALOG_KEY] = PROFILES[profile].catalog + (scope === "all" ? "" : "/" + scope) + suffix;
  }
  if (profile !== 3) return result;
  const cacheScope = scope === "all" ? "public" : "private";
  return { tools: result.tools, ttlMs: TS_PROFILE3_TTL_MS, cacheScope, resultType: "complete", _meta: result._meta };
}

const TS_TOOL_METHODS = ["tools/list", "tools/call"];

// tsOwnToolHandlers takes the server's tools/list and tools/call handlers
// (McpServer's, for the author's own tools) out of its handler map, now and
// whenever they are set later, and returns them: the SDK then hands those
// methods to register's fallback handler, which calls them. The SDK's
// "already has a handler" check keeps seeing none, so registerTool works
// before and after register.
function tsOwnToolHandlers(server) {
  const own = new Map();
  const map = server._requestHandlers;
  for (const method of TS_TOOL_METHODS) {
    if (map.has(method)) {
      own.set(method, map.get(method));
      map.delete(method);
    }
  }
  const set = map.set;
  map.set = function (method, handler) {
    if (TS_TOOL_METHODS.includes(method)) {
      own.set(method, handler);
      return this;
    }
    return set.call(this, method, handler);
  };
  return own;
}

// The _meta keys of a 2026-07-28 request's envelope.
const TS_PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const TS_CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";

// tsEnvelope is what a request says of itself in its _meta: SDK 2 lifts
// the 2026-07-28 envelope out of params._meta into ctx.mcpReq.envelope;
// SDK 1.x leaves it where it came.
function tsEnvelope(request, extra) {
  const envelope = extra?.mcpReq?.envelope ?? request?.params?._meta;
  return tsIsObject(envelope) ? envelope : {};
}

function tsRpcError(code, message) {
  return Object.assign(new Error(message), { code });
}

function tsToolError(text) {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Serves the catalog on an MCP SDK server (@modelcontextprotocol/sdk 1.x,
 * or @modelcontextprotocol/server 2.x): the low-level Server, or
 * McpServer's .server. Tools the author registers on the McpServer
 * (registerTool, before or after register) are served beside the
 * catalog's: listed after them, called by the McpServer, outside any scope;
 * a name that is also a catalog tool's refuses to start (connect() rejects,
 * naming it) and is an error in tools/list and tools/call.
 * Handlers get what the SDK hands a request handler: 1.x's extra, 2.x's
 * ServerContext. Call it before connect(). It refuses (throws,
 * naming the tools) when handlers and tools differ, then answers tools/list
 * and tools/call:
 *
 *  - the profile of each session comes from the negotiated protocol version
 *    (profileFor); a request of the sessionless 2026-07-28 protocol (its
 *    _meta names the version and the client: SDK 2's createMcpHandler) gets
 *    profile 3 and its own client's dialect; tools/list is
 *    listTools(profile, { scope }), on profile 3 with cacheScope "private"
 *    when options.scope is given (the table is the caller's);
 *  - arguments are checked with validateInput: all problems in one isError
 *    result; a missing or null arguments is {};
 *  - a handler's throw or rejection is an isError result; the server serves on;
 *  - a structured result is checked with validateOutput before it leaves,
 *    as text on every profile and also as structuredContent on profile 2;
 *  - a tool outside the session's scope is an unknown tool (-32602).
 *
 * options.scope(extra) returns the session's scope ("all", "read" or
 * "write"; may be async); extra is the SDK's request extra (authInfo,
 * sessionId, ...). Default: "all".
 *
 * Each session also gets a dialect, options.dialectFor(clientInfo) (the
 * initialize request's clientInfo; may be async; default defaultDialectFor),
 * a family of DIALECTS or null for the standard table. A module without
 * dialect tables serves every session the standard table. With a dialect,
 * tools/list is listDialectTools(profile, dialect, { scope }), and
 * tools/call arguments pass through normalizeArgs(dialect, ...) before
 * validateInput: the spec is always what is enforced, and handlers see the
 * spec's shapes.
 *
 * A pattern check flags as exponential in a backtracking engine (TS0603)
 * makes register throw, naming the tool, the field and the pattern, unless
 * options.acceptSlowPatterns accepts the risk: true, or an array of the
 * tool names whose slow patterns are served anyway.
 */
export function register(server, handlers, options = {}) {
  if (server === null || typeof server !== "object" || typeof server.registerCapabilities !== "function") {
    throw new TypeError("register: server must be an MCP SDK Server (for McpServer, pass mcpServer.server)");
  }
  if (typeof server._oninitialize !== "function") {
    throw new TypeError("register: this MCP SDK has no Server._oninitialize; toolspec reads the negotiated version there");
  }
  if (server.fallbackRequestHandler !== undefined) {
    throw new Error("register: the server already has a fallbackRequestHandler");
  }
  if (!(server._requestHandlers instanceof Map)) {
    throw new TypeError("register: this MCP SDK keeps no Server._requestHandlers map; toolspec serves the author's own tools through it");
  }
  checkHandlers(Object.keys(handlers));
  const notFunctions = TOOL_NAMES.filter((name) => typeof handlers[name] !== "function");
  if (notFunctions.length > 0) {
    throw new TypeError("spec " + SPEC_NAME + ": handlers that are not functions: " + notFunctions.map((n) => JSON.stringify(n)).join(", "));
  }
  tsRefuseSlowPatterns(options.acceptSlowPatterns);
  const scopeOf = options.scope ?? (() => "all");
  const dialectFor = options.dialectFor ?? defaultDialectFor;
  let clientInfo = {};
  server.registerCapabilities({ tools: {} });

  // SDK 1.x does not expose the negotiated version; it is the result of the
  // private _oninitialize. The profile is a promise set before initialize
  // is answered, so a tools/list sent right behind initialize gets it.
  let profile = Promise.resolve(1);
  const initialize = server._oninitialize;
  server._oninitialize = function (request) {
    const result = Promise.resolve(initialize.call(this, request));
    profile = result.then((r) => profileFor(r.protocolVersion), () => 1);
    clientInfo = tsIsObject(request?.params?.clientInfo) ? request.params.clientInfo : {};
    return result;
  };

  // A request of the sessionless 2026-07-28 protocol says who it is, every
  // time (its _meta envelope): it gets profile 3, and the dialect of the
  // client it names. Any other request gets its session's.
  const session = async (request, extra) => {
    const envelope = tsEnvelope(request, extra);
    const modern = profileFor(envelope[TS_PROTOCOL_VERSION_KEY]) === 3;
    const client = modern ? (tsIsObject(envelope[TS_CLIENT_INFO_KEY]) ? envelope[TS_CLIENT_INFO_KEY] : {}) : clientInfo;
    return {
      profile: modern ? 3 : await profile,
      scope: tsScope(await scopeOf(extra), "register: options.scope"),
      dialect: tsDialect(await dialectFor(client)),
      client,
    };
  };

  // Tools the author registers on an McpServer (registerTool) are served
  // beside the catalog's: McpServer answers tools/list and tools/call for
  // them with handlers it sets on the server, before or after register.
  // Those handlers are kept aside (own) and called from here, so that the
  // catalog's tables and validation still answer for the catalog's tools.
  const own = tsOwnToolHandlers(server);

  // Both methods are answered by the fallback handler, which gets requests
  // as they came off the wire: the SDK's own tools/call schema would refuse
  // "arguments": [1] with -32603 before any handler could name the rule.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === "tools/list") {
      if (request.params?.cursor !== undefined) {
        throw tsRpcError(-32602, "tools/list: unknown cursor: the catalog is one page");
      }
      const { profile, scope, dialect } = await session(request, extra);
      const result = dialect === null ? listTools(profile, { scope }) : listDialectTools(profile, dialect, { scope });
      // A table served per caller is theirs alone, even when it is the full one.
      if (profile === 3 && options.scope !== undefined) result.cacheScope = "private";
      result.tools.push(...(await ownTools(request, extra)));
      return result;
    }
    if (request.method === "tools/call") {
      const name = request.params?.name;
      if (!(typeof name === "string" && TOOL_INDEX.has(name)) && own.has("tools/call")) {
        await ownTools(request, extra); // a clash is refused here too
        return own.get("tools/call")(request, extra);
      }
      return tsCall(request.params ?? {}, extra, await session(request, extra));
    }
    throw tsRpcError(-32601, "Method not found");
  };

  // ownTools are the author's tools as McpServer lists them; a name that is
  // also a catalog tool's is an error.
  async function ownTools(request, extra) {
    const list = own.get("tools/list");
    if (list === undefined) return [];
    const { tools } = await list({ ...request, method: "tools/list", params: {} }, extra);
    const clash = tools.map((t) => t.name).filter((n) => TOOL_INDEX.has(n));
    if (clash.length > 0) {
      throw tsRpcError(-32603, "register: tools registered on the McpServer have the names of catalog tools: " + clash.map((n) => JSON.stringify(n)).join(", "));
    }
    return tools;
  }

  // A clash refuses to start: connect() rejects, naming the tools.
  const connect = server.connect;
  server.connect = async function (transport) {
    const controller = new AbortController();
    await ownTools({ jsonrpc: "2.0", id: 0, method: "tools/list" }, { signal: controller.signal, mcpReq: { signal: controller.signal } });
    return connect.call(this, transport);
  };

  async function tsCall(params, extra, { profile, scope, dialect, client }) {
    const name = params.name;
    const index = typeof name === "string" ? TOOL_INDEX.get(name) : undefined;
    if (index === undefined || !tsInScope(index, scope)) {
      throw tsRpcError(-32602, "unknown tool " + (typeof name === "string" ? tsQuote(name) : tsShow(name)));
    }
    // Arguments the client injects into every tool (gemini-cli's
    // wait_for_previous) are its own, not the spec's: dropped first.
    const sent = tsStripInjected(client, name, tsWellFormed(params.arguments ?? {}));
    const args = dialect === null ? sent : normalizeArgs(dialect, name, sent);
    const problems = validateInput(name, args);
    if (problems.length > 0) {
      return tsToolError(name + ": invalid arguments: " + describeProblems(problems));
    }
    let result;
    let ctx = extra;
    const answers = {};
    for (let round = 1; ; round++) {
      try {
        result = await handlers[name](args, ctx);
      } catch (err) {
        return tsToolError(name + ": " + (err instanceof Error ? err.message : String(err)));
      }
      // An input-required result (SDK 2's inputRequired(...)): the handler
      // asks the user or the model. On 2026-07-28 it goes out as it is and
      // the client calls again with the answers. In an older session the
      // client is asked here, during the call (ctx.mcpReq.send), and the
      // handler runs again with every answer so far in
      // ctx.mcpReq.inputResponses, as SDK 2 does for its own tools.
      if (!tsInputRequired(result)) break;
      if (profile === 3) return result;
      const send = extra?.mcpReq?.send;
      if (typeof send !== "function" || round > TS_MAX_INPUT_ROUNDS || !tsIsObject(result.inputRequests)) {
        return tsToolError(name + ": internal error: the handler asked for input (inputRequired) " + (round > TS_MAX_INPUT_ROUNDS ? TS_MAX_INPUT_ROUNDS + " times" : "and this session cannot ask the client (SDK 2's ServerContext is needed)"));
      }
      try {
        for (const [key, request] of Object.entries(result.inputRequests)) answers[key] = await send(request);
      } catch (err) {
        return tsToolError(name + ": asking the client: " + (err instanceof Error ? err.message : String(err)));
      }
      ctx = { ...extra, mcpReq: { ...extra.mcpReq, inputResponses: { ...answers } } };
    }
    // Content blocks of the handler's own (content, withContent).
    let blocks;
    if (tsIsObject(result) && Object.hasOwn(result, TS_CONTENT)) {
      blocks = result[TS_CONTENT];
      if (!OUTPUT_VALIDATORS.has(name)) return { content: blocks };
      if (!Object.hasOwn(result, "value")) {
        return tsToolError(name + ": internal error: a tool with out returns withContent(value, ...blocks), not content(...blocks)");
      }
      result = result.value;
    }
    if (!OUTPUT_VALIDATORS.has(name)) {
      if (typeof result === "string") return { content: [{ type: "text", text: result }] };
      if (TOOL_RESULTS.charAt(index) === "t") {
        return tsToolError(name + ": internal error: a result text tool must return a string, not " + tsKind(result));
      }
    }
    let text;
    try {
      text = JSON.stringify(result);
    } catch (err) {
      return tsToolError(name + ": internal error: the result is not JSON: " + err.message);
    }
    if (text === undefined) {
      return tsToolError(name + ": internal error: the handler returned " + tsKind(result));
    }
    if (!OUTPUT_VALIDATORS.has(name)) return { content: [{ type: "text", text }] };
    // What leaves is the JSON text: check that, not the handler's object.
    const wire = JSON.parse(text);
    const bad = validateOutput(name, wire);
    if (bad.length > 0) {
      return tsToolError(name + ": internal error: result does not match the output schema: " + describeProblems(bad));
    }
    const content = blocks ?? [{ type: "text", text }];
    return profile >= 2 ? { content, structuredContent: wire } : { content };
  }
}

// tsInputRequired reports whether a handler's result is an input-required
// one (SDK 2's inputRequired(...), or the same literal).
function tsInputRequired(result) {
  return tsIsObject(result) && result.resultType === "input_required" && (Object.hasOwn(result, "inputRequests") || Object.hasOwn(result, "requestState"));
}

// The most rounds of input a handler may ask for in one call.
const TS_MAX_INPUT_ROUNDS = 10;

// TS_CONTENT marks a handler's result made by content or withContent, so
// that no JSON value a `result any` tool returns is taken for blocks.
const TS_CONTENT = Symbol("toolspec.content");

/**
 * A handler result made of content blocks (text, image, audio,
 * resourceLink, resource, blob, or any block the SDK knows), sent as the
 * result's content. A tool with `out` returns withContent instead.
 */
export function content(...blocks) {
  return Object.freeze({ [TS_CONTENT]: blocks });
}

/**
 * A structured result (a tool with `out`) with content blocks of the
 * handler's own in place of its JSON text: the value is still checked
 * against the output schema and sent as structuredContent on profile 2.
 */
export function withContent(value, ...blocks) {
  return Object.freeze({ [TS_CONTENT]: blocks, value });
}

// tsBase64 is bytes (Uint8Array, Buffer, ArrayBuffer) in base64; a string
// is taken to be base64 already.
function tsBase64(data) {
  if (typeof data === "string") return data;
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data;
  if (typeof Buffer === "function") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** A text content block. */
export function text(text) {
  return { type: "text", text };
}

/** An image block: data are bytes, or a base64 string; mimeType e.g. "image/png". */
export function image(data, mimeType) {
  return { type: "image", data: tsBase64(data), mimeType };
}

/** An audio block: data are bytes, or a base64 string; mimeType e.g. "audio/wav". */
export function audio(data, mimeType) {
  return { type: "audio", data: tsBase64(data), mimeType };
}

/** A resource link block: a resource the client may read. */
export function resourceLink(uri, name, mimeType = undefined) {
  return mimeType === undefined ? { type: "resource_link", uri, name } : { type: "resource_link", uri, name, mimeType };
}

/** An embedded text resource block. */
export function resource(uri, mimeType, text) {
  return { type: "resource", resource: { uri, mimeType, text } };
}

/** An embedded binary resource block: data are bytes, or a base64 string. */
export function blob(uri, mimeType, data) {
  return { type: "resource", resource: { uri, mimeType, blob: tsBase64(data) } };
}

let tsInjectedProps;

/**
 * args without the arguments the session's client injects into every tool
 * (CLIENT_INJECTED), unless the tool declares a property of that name.
 * Returns args itself when there is nothing to drop.
 */
function tsStripInjected(clientInfo, name, args) {
  const client = typeof clientInfo?.name === "string" ? clientInfo.name.toLowerCase() : "";
  const injected = Object.hasOwn(CLIENT_INJECTED, client) ? CLIENT_INJECTED[client] : [];
  if (injected.length === 0 || args === null || typeof args !== "object" || Array.isArray(args)) return args;
  tsInjectedProps ??= new Map(JSON.parse(TABLES[2]).tools.map((t) => [t.name, t.inputSchema.properties ?? {}]));
  const props = tsInjectedProps.get(name) ?? {};
  const drop = injected.filter((k) => Object.hasOwn(args, k) && !Object.hasOwn(props, k));
  if (drop.length === 0) return args;
  const out = {};
  for (const k of Object.keys(args)) {
    if (!drop.includes(k)) Object.defineProperty(out, k, { value: args[k], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// tsRefuseSlowPatterns is register's guard against the patterns check
// flagged as exponential in a backtracking engine (SLOW_PATTERNS, TS0603):
// one near-miss argument would stall the whole server. It throws, naming
// each tool, field path and pattern, unless accept (options.
// acceptSlowPatterns) takes the risk: true for every tool, or an array of
// the tool names whose patterns are accepted.
function tsRefuseSlowPatterns(accept) {
  if (accept === true) return;
  let accepted = new Set();
  if (Array.isArray(accept)) {
    const unknown = accept.filter((name) => typeof name !== "string" || !TOOL_NAMES.includes(name));
    if (unknown.length > 0) {
      throw new TypeError("register: options.acceptSlowPatterns names no tool of spec " + SPEC_NAME + ": " + unknown.map(tsShow).join(", "));
    }
    accepted = new Set(accept);
  } else if (accept !== undefined && accept !== false) {
    throw new TypeError("register: options.acceptSlowPatterns must be true or an array of tool names, not " + tsShow(accept));
  }
  const refused = SLOW_PATTERNS.filter(([tool]) => !accepted.has(tool));
  if (refused.length === 0) return;
  const shown = refused.slice(0, TS_SLOW_SHOWN).map(([tool, path, pattern, part]) =>
    "tool " + JSON.stringify(tool) + " " + path + ": pattern " + JSON.stringify(pattern) + " (in " + part + ")");
  if (refused.length > TS_SLOW_SHOWN) shown.push("and " + (refused.length - TS_SLOW_SHOWN) + " more");
  const err = new Error(
    "spec " + SPEC_NAME + ": patterns that can take exponential time in a backtracking engine (check warns: TS0603 pattern-backtracks): " +
      shown.join("; ") +
      "; rewrite them, or accept the risk with register's option acceptSlowPatterns: true (or a list of tool names)",
  );
  err.slowPatterns = refused.map(([tool, path, pattern]) => ({ tool, path, pattern }));
  throw err;
}

// TS_SLOW_SHOWN is how many refused patterns the startup error names.
const TS_SLOW_SHOWN = 10;

// tsDialect checks what options.dialectFor returned: null (or undefined)
// for the standard table, or a dialect this module carries.
function tsDialect(d) {
  if (d === null || d === undefined) return null;
  if (typeof d !== "string" || !DIALECTS.includes(d)) {
    const carried = DIALECTS.length === 0 ? "no dialect tables" : DIALECTS.join(", ") + " (or null)";
    throw new RangeError("register: options.dialectFor returned " + tsShow(d) + "; this module carries " + carried);
  }
  return d;
}

/** The largest request body serveHttp reads: 16 MiB, as a stdio line. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const TS_LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

// tsHostOf is the host of a Host header or an Origin URL, without port.
function tsHostOf(value) {
  try {
    return new URL(value.includes("://") ? value : "http://" + value).hostname;
  } catch {
    return "";
  }
}

function tsHttpError(res, status, code, message) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}

// tsEventStore keeps the last MAX events of every stream in memory, so
// that a client can resume a closed SSE stream (Last-Event-ID).
function tsEventStore(max = 10000) {
  const events = new Map(); // eventId → [streamId, message], oldest first
  let next = 0;
  return {
    async storeEvent(streamId, message) {
      const id = streamId + "_" + (++next);
      events.set(id, [streamId, message]);
      if (events.size > max) events.delete(events.keys().next().value);
      return id;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = events.get(lastEventId);
      if (last === undefined) return "";
      let after = false;
      for (const [id, [streamId, message]] of events) {
        if (after && streamId === last[0]) await send(id, message);
        if (id === lastEventId) after = true;
      }
      return last[0];
    },
  };
}

/**
 * Serves MCP over Streamable HTTP, one transport and one server per
 * session: newServer() returns a new SDK Server with the catalog registered
 * (may be async). On SDK 1.x (@modelcontextprotocol/sdk) with its
 * StreamableHTTPServerTransport; on SDK 2 (@modelcontextprotocol/server,
 * told by the class of the Server newServer returns, or options.sdk: 2)
 * with its WebStandardStreamableHTTPServerTransport for 2025-era sessions,
 * and, with options.profile3, its createMcpHandler for requests of the
 * sessionless 2026-07-28 protocol (a new server per request; register
 * serves them profile 3; opt-in, as the profile is). Options: port
 * (0: any free port), host ("127.0.0.1"), path ("/mcp"),
 * authenticate(req): the caller's AuthInfo ({ token, clientId, scopes, ...
 * }, may be async; the SDK hands it to handlers and to register's scope
 * function as extra.authInfo on 1.x, ctx.http.authInfo on 2), undefined or
 * a throw answers 401. On a loopback host, requests whose Host or Origin is
 * not loopback are refused (403: DNS rebinding). Resolves to the listening
 * node:http Server; close() it.
 */
export async function serveHttp(newServer, options = {}) {
  const sdk = options.sdk ?? (await tsSdkOf(newServer));
  if (sdk !== 1 && sdk !== 2) throw new RangeError("serveHttp: options.sdk must be 1 or 2, not " + tsShow(sdk));
  const [{ createServer }, { randomUUID }] = await Promise.all([import("node:http"), import("node:crypto")]);
  if (options.profile3 && sdk !== 2) throw new RangeError("serveHttp: profile 3 (protocol 2026-07-28) needs SDK 2 (@modelcontextprotocol/server)");
  const sdkHttp = sdk === 1 ? await tsSdk1Http() : await tsSdk2Http(newServer, options.profile3 === true);
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const loopback = TS_LOOPBACK.has(host);
  const sessions = new Map(); // mcp-session-id → transport
  const eventStore = tsEventStore();

  async function handle(req, res) {
    if (new URL(req.url ?? "/", "http://x").pathname !== path) return tsHttpError(res, 404, -32000, "not found: MCP is served at " + path);
    if (loopback) {
      const origin = req.headers.origin;
      if (!TS_LOOPBACK.has(tsHostOf(req.headers.host ?? "")) || (origin !== undefined && !TS_LOOPBACK.has(tsHostOf(origin)))) {
        return tsHttpError(res, 403, -32000, "forbidden: Host and Origin must be loopback");
      }
    }
    if (options.authenticate !== undefined) {
      let info;
      try {
        info = await options.authenticate(req);
      } catch {
        info = undefined;
      }
      if (info === undefined || info === null) return tsHttpError(res, 401, -32001, "unauthorized");
      req.auth = info;
    }
    let body, raw;
    if (req.method === "POST") {
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return tsHttpError(res, 413, -32600, "invalid request: the body is longer than " + MAX_BODY_BYTES + " bytes");
        chunks.push(chunk);
      }
      raw = Buffer.concat(chunks);
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch (err) {
        return tsHttpError(res, 400, -32700, "parse error: " + String(err.message).slice(0, 2 * QUOTE_LIMIT));
      }
    }
    if (sdkHttp.modern !== undefined && (await sdkHttp.isModern(req, raw, body))) {
      return sdkHttp.modern(req, res, raw, body);
    }
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (id !== undefined) return tsHttpError(res, 404, -32001, "session not found");
      if (req.method !== "POST" || !sdkHttp.isInitializeRequest(body)) return tsHttpError(res, 400, -32000, "bad request: no session; initialize first");
      transport = new sdkHttp.Transport({
        sessionIdGenerator: randomUUID,
        eventStore,
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      const t = transport;
      t.onclose = () => {
        if (t.sessionId !== undefined) sessions.delete(t.sessionId);
      };
      await (await newServer()).connect(t);
    }
    await sdkHttp.serve(transport, req, res, raw, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) tsHttpError(res, 500, -32603, "internal error: " + (err instanceof Error ? err.message : String(err)));
      else res.end();
    });
  });
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const t of sessions.values()) t.close().catch(() => {});
    sessions.clear();
    sdkHttp.close?.();
    server.closeAllConnections?.();
    return close(callback);
  };
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

// tsSdkOf is the major version of the SDK whose Server newServer makes: 2
// when it is an instance of @modelcontextprotocol/server's Server, else 1.
async function tsSdkOf(newServer) {
  let sdk2;
  try {
    sdk2 = await import("@modelcontextprotocol/server");
  } catch {
    return 1;
  }
  return (await newServer()) instanceof sdk2.Server ? 2 : 1;
}

// tsSdk1Http serves a session with SDK 1.x's node:http transport.
async function tsSdk1Http() {
  const [{ StreamableHTTPServerTransport }, { isInitializeRequest }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Transport: StreamableHTTPServerTransport,
    isInitializeRequest,
    serve: (transport, req, res, raw, body) => transport.handleRequest(req, res, body),
  };
}

// tsSdk2Http serves a session with SDK 2's web-standard transport, and a
// 2026-07-28 request with SDK 2's createMcpHandler (2025-era requests
// never reach it: they are the sessions'). authInfo is req.auth.
async function tsSdk2Http(newServer, profile3) {
  const sdk = await import("@modelcontextprotocol/server");
  const handler = profile3 ? sdk.createMcpHandler(() => newServer(), { legacy: "reject" }) : undefined;
  const authOf = (req) => (req.auth === undefined ? {} : { authInfo: req.auth });
  const web = async (transport, req, res, raw, body) => {
    const ac = new AbortController();
    res.on("close", () => ac.abort());
    const response = await transport.handleRequest(tsWebRequest(req, raw, ac.signal), { ...authOf(req), ...(body === undefined ? {} : { parsedBody: body }) });
    await tsSendWeb(res, response, ac.signal);
  };
  return {
    Transport: sdk.WebStandardStreamableHTTPServerTransport,
    isInitializeRequest: sdk.isInitializeRequest,
    serve: web,
    // The SDK's own routing rule: a request that claims a modern protocol
    // version in its _meta (or headers) is the modern handler's.
    isModern: async (req, raw, body) => !(await sdk.isLegacyRequest(tsWebRequest(req, raw), body)),
    modern: handler && ((req, res, raw, body) => web({ handleRequest: handler.fetch }, req, res, raw, body)),
    close: () => handler?.close().catch(() => {}),
  };
}

// tsWebRequest is a node:http request as a web Request, its body the bytes
// already read.
function tsWebRequest(req, raw, signal) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) headers.append(k, x);
  }
  const init = { method: req.method, headers };
  if (raw !== undefined) init.body = raw;
  if (signal !== undefined) init.signal = signal;
  return new Request(new URL(req.url ?? "/", "http://" + (req.headers.host ?? "localhost")), init);
}

// tsSendWeb writes a web Response to a node:http response, streaming its
// body (an SSE stream stays open until it ends or the client goes).
async function tsSendWeb(res, response, signal) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  signal.addEventListener("abort", () => reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
    }
  } catch {
    // The client went away: the stream is cancelled.
  }
  res.end();
}

/** The longest line StdioTransport reads: 16 MiB, without its newline. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** The deepest message StdioTransport passes on: the message object is level 1. */
export const MAX_DEPTH = 1000;

// tsShape says what is wrong with a parsed JSON-RPC message for the SDK,
// or "" when nothing is.
function tsShape(m) {
  if (!tsIsObject(m)) return Array.isArray(m) ? "batches are not supported" : "a message must be an object";
  if (m.jsonrpc !== "2.0") return "jsonrpc must be \"2.0\"";
  const hasId = Object.hasOwn(m, "id");
  if (hasId && !(typeof m.id === "string" || Number.isSafeInteger(m.id))) return "id must be a string or an integer";
  if (typeof m.method === "string") {
    if (m.params !== undefined && !tsIsObject(m.params)) return "params must be an object";
    if (m.params?._meta !== undefined && !tsIsObject(m.params._meta)) return "params._meta must be an object";
    return "";
  }
  if (m.method !== undefined) return "method must be a string";
  if (!hasId) return "a message needs a method or an id";
  if (Object.hasOwn(m, "result") === Object.hasOwn(m, "error")) return "a response needs a result or an error";
  return "";
}

// tsScan returns the nesting depth of a JSON text (bytes) and, when it is
// over MAX_DEPTH, the text with every value below level 1 replaced by 0,
// from which the id can still be read.
function tsScan(bytes) {
  let depth = 0, max = 0, inString = false, cut = -1;
  const pieces = [];
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (depth === 2) cut = i;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 2 && cut >= 0) {
        pieces.push(bytes.subarray(from, cut), "0");
        from = i + 1;
        cut = -1;
      }
      depth--;
    }
  }
  if (max <= MAX_DEPTH) return { depth: max };
  pieces.push(bytes.subarray(from));
  return { depth: max, skeleton: pieces.map((p) => p.toString("utf8")).join("") };
}

// tsMembers keeps the members of a JSON-RPC message the SDK knows: its
// schema drops a request with any other top-level member without an
// answer, and the client would wait forever.
function tsMembers(m) {
  const keep = typeof m.method === "string" ? ["jsonrpc", "id", "method", "params"] : ["jsonrpc", "id", "result", "error"];
  if (Object.keys(m).every((k) => keep.includes(k))) return m;
  const out = {};
  for (const k of keep) if (Object.hasOwn(m, k)) out[k] = m[k];
  return out;
}

/**
 * A stdio transport for the MCP SDK's Server (newline-delimited JSON-RPC,
 * as the SDK's StdioServerTransport) that answers every line it cannot
 * pass on and keeps serving: invalid JSON is -32700 (parse error); a batch,
 * a message that is not a JSON-RPC request, notification or response, or
 * one nested deeper than MAX_DEPTH is -32600 (invalid request), with the
 * message's id when it has a usable one; a line longer than MAX_LINE_BYTES
 * is -32600 and skipped without being kept in memory. A second initialize,
 * and any call but ping before the first, is -32600; top-level members
 * JSON-RPC does not define are dropped (the SDK would drop the message
 * unanswered). A last line without a newline is read. Ends when stdin ends.
 */
export class StdioTransport {
  constructor(stdin = globalThis.process?.stdin, stdout = globalThis.process?.stdout) {
    this._stdin = stdin;
    this._stdout = stdout;
    this._chunks = [];
    this._size = 0;
    this._skipping = false;
    this._ondata = (chunk) => this._read(chunk);
    this._onend = () => {
      // A last line without a newline is a line all the same.
      if (!this._skipping && this._chunks.length > 0) this._line(Buffer.concat(this._chunks));
      this._chunks = [];
      this.close();
    };
    this._onerror = (err) => this.onerror?.(err);
  }

  async start() {
    if (this._started) throw new Error("StdioTransport: already started");
    this._started = true;
    this._stdin.on("data", this._ondata);
    this._stdin.on("end", this._onend);
    this._stdin.on("error", this._onerror);
  }

  _read(chunk) {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl;
      if (!this._skipping) {
        this._size += end - start;
        if (this._size > MAX_LINE_BYTES) {
          this._chunks = [];
          this._skipping = true;
          this._reply(null, -32600, "invalid request: a line is longer than " + MAX_LINE_BYTES + " bytes");
        } else if (end > start) {
          this._chunks.push(chunk.subarray(start, end));
        }
      }
      if (nl < 0) return;
      if (!this._skipping) {
        const line = this._chunks.length === 1 ? this._chunks[0] : Buffer.concat(this._chunks);
        this._line(line);
      }
      this._chunks = [];
      this._size = 0;
      this._skipping = false;
      start = nl + 1;
    }
  }

  _line(bytes) {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 13) end--;
    const text = bytes.toString("utf8", 0, end);
    if (text.trim() === "") return;
    const { depth, skeleton } = tsScan(bytes.subarray(0, end));
    let message;
    try {
      message = JSON.parse(skeleton ?? text);
    } catch (err) {
      this._reply(null, -32700, "parse error: " + String(err.message).slice(0, 2 * QUOTE_LIMIT));
      return;
    }
    const id = tsIsObject(message) && (typeof message.id === "string" || Number.isSafeInteger(message.id)) ? message.id : null;
    if (skeleton !== undefined) {
      this._reply(id, -32600, "invalid request: nested " + depth + " levels deep; the limit is " + MAX_DEPTH);
      return;
    }
    const wrong = tsShape(message) || this._order(message);
    if (wrong !== "") {
      this._reply(id, -32600, "invalid request: " + wrong);
      return;
    }
    this.onmessage?.(tsMembers(message));
  }

  // _order refuses a second initialize (it would switch the profile and
  // dialect mid-session) and any call but ping before the first.
  _order(m) {
    if (typeof m.method !== "string" || !Object.hasOwn(m, "id")) return "";
    if (m.method === "initialize") {
      if (this._initialized) return "the session is already initialized";
      this._initialized = true;
      return "";
    }
    if (!this._initialized && m.method !== "ping") return "initialize first: " + tsQuote(m.method) + " came before it";
    return "";
  }

  _reply(id, code, message) {
    this.onerror?.(new Error(message));
    this.send({ jsonrpc: "2.0", id, error: { code, message } }).catch((err) => this.onerror?.(err));
  }

  send(message) {
    return new Promise((resolve) => {
      if (this._stdout.write(JSON.stringify(message) + "\n")) resolve();
      else this._stdout.once("drain", resolve);
    });
  }

  async close() {
    if (this._closed) return;
    this._closed = true;
    this._stdin.off("data", this._ondata);
    this._stdin.off("end", this._onend);
    this._stdin.off("error", this._onerror);
    if (this._stdin.listenerCount?.("data") === 0) this._stdin.pause?.();
    this.onclose?.();
  }
}
