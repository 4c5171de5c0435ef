// register over the SDK's in-memory transport, speaking raw JSON-RPC on the
// client side so that each protocol version is exactly the one asked for
// (gen/js/node_test.go, TestRegister). Prints {failures: [...]}.
//
//   node register.mjs CATALOG.mjs
//
// The catalog is TestRegister's spec: look (read_only, out {n}), say
// (result text), wipe (destructive, result any).
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

const m = await import(pathToFileURL(process.argv[2]).href);
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const show = (v) => JSON.stringify(v).slice(0, 400);

const handlers = {
  look: async ({ q }, extra) => (q === "throw" ? Promise.reject(new Error("no luck")) : q === "bad" || !q.isWellFormed() ? { n: -1 } : { n: q.length, ...(extra.signal ? {} : { extra: 1 }) }),
  say: ({}) => "hello",
  wipe: () => ({ wiped: true }),
};

// session starts a server with register(handlers, options) and returns a
// request function and the negotiated initialize result.
async function session(version, options, h = handlers) {
  const server = new Server({ name: "t", version: "0" });
  m.register(server, h, options);
  const [client, end] = InMemoryTransport.createLinkedPair();
  const pending = new Map();
  client.onmessage = (msg) => pending.get(msg.id)?.(msg);
  await server.connect(end);
  await client.start();
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      client.send({ jsonrpc: "2.0", id, method, params });
    });
  const init = await request("initialize", { protocolVersion: version, capabilities: {}, clientInfo: { name: "c", version: "0" } });
  await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return { request, init, close: () => server.close() };
}

for (const [version, negotiated, profile] of [
  ["2024-11-05", "2024-11-05", 1],
  ["2025-03-26", "2025-03-26", 1],
  ["2025-06-18", "2025-06-18", 2],
  ["2025-11-25", "2025-11-25", 2],
  ["2026-07-28", "2025-11-25", 2],
]) {
  const s = await session(version);
  const at = `at ${version}`;
  check(s.init.result?.protocolVersion === negotiated, `${at}: negotiated ${show(s.init)}`);
  const list = await s.request("tools/list", {});
  check(JSON.stringify(list.result) === JSON.stringify(m.listTools(profile)), `${at}: tools/list is profile ${profile}: ${show(list)}`);
  const look = await s.request("tools/call", { name: "look", arguments: { q: "abc" } });
  const want = { content: [{ type: "text", text: '{"n":3}' }], ...(profile === 2 && { structuredContent: { n: 3 } }) };
  check(JSON.stringify(look.result) === JSON.stringify(want), `${at}: look: ${show(look)}`);
  await s.close();
}

const s = await session("2025-06-18");
const call = async (name, args) => (await s.request("tools/call", args === undefined ? { name } : { name, arguments: args })).result;
const text = (r) => r?.content?.map((c) => c.text).join("\n") ?? "";
let r = await call("look", [1]);
check(r?.isError && /^look: invalid arguments: \(root\): type: got array, want object$/.test(text(r)), `[1]: ${show(r)}`);
r = await call("look", { q: "", x: 1 });
check(r?.isError && text(r).includes("/q: minLength") && text(r).includes('property "x" is not allowed'), `two problems: ${show(r)}`);
r = await call("look", null);
check(r?.isError && text(r).includes('missing property "q"'), `null is {}: ${show(r)}`);
r = await call("look", { q: "throw" });
check(r?.isError && text(r) === "look: no luck" && r.structuredContent === undefined, `a rejection: ${show(r)}`);
r = await call("look", { q: "bad" });
check(r?.isError && text(r).startsWith("look: internal error: result does not match the output schema: /n: minimum"), `a bad result: ${show(r)}`);
r = await call("say", undefined);
check(!r?.isError && text(r) === "hello" && r.structuredContent === undefined, `a text tool: ${show(r)}`);
r = await call("wipe", {});
check(!r?.isError && text(r) === '{"wiped":true}' && r.structuredContent === undefined, `an any tool: ${show(r)}`);
let e = await s.request("tools/call", { name: "nope", arguments: {} });
check(e.error?.code === -32602 && e.error.message === 'unknown tool "nope"', `unknown tool: ${show(e)}`);
e = await s.request("tools/list", { cursor: "x" });
check(e.error?.code === -32602, `a cursor: ${show(e)}`);
await s.close();

// A text tool must return a string.
const t = await session("2025-06-18", {}, { ...handlers, say: () => 42 });
r = (await t.request("tools/call", { name: "say", arguments: {} })).result;
check(r?.isError && text(r).includes("must return a string"), `a text tool returning a number: ${show(r)}`);
await t.close();

// Scopes: read lists look only and refuses wipe as unknown; write hides wipe.
for (const [scope, names] of [["read", ["look"]], ["write", ["look", "say"]], ["all", ["look", "say", "wipe"]]]) {
  const sc = await session("2025-06-18", { scope: async (extra) => (extra.requestId !== undefined ? scope : "all") });
  const list = (await sc.request("tools/list", {})).result;
  check(JSON.stringify(list?.tools.map((t) => t.name)) === JSON.stringify(names), `scope ${scope}: ${show(list)}`);
  check(list?._meta[m.CATALOG_KEY] === m.PROFILES[2].catalog + (scope === "all" ? "" : "/" + scope), `scope ${scope}: identity ${show(list?._meta)}`);
  const wipe = await sc.request("tools/call", { name: "wipe", arguments: {} });
  const allowed = names.includes("wipe");
  check(allowed ? wipe.result && !wipe.result.isError : wipe.error?.code === -32602 && wipe.error.message === 'unknown tool "wipe"', `scope ${scope}: wipe ${show(wipe)}`);
  await sc.close();
}
const badScope = await session("2025-06-18", { scope: () => "admin" });
e = await badScope.request("tools/list", {});
check(e.error?.code === -32603 && /scope must be/.test(e.error.message), `an invalid scope: ${show(e)}`);
await badScope.close();

// Refusals: what register throws.
function refused(f, re, what) {
  try {
    f();
    failures.push(`${what}: no error`);
  } catch (err) {
    check(re.test(err.message), `${what}: ${err.message}`);
  }
}
const fresh = () => new Server({ name: "t", version: "0" });
refused(() => m.register(fresh(), { look: handlers.look, say: handlers.say }), /tools without a handler: "wipe"/, "a missing handler");
refused(() => m.register(fresh(), { ...handlers, extra: () => "" }), /handlers without a tool: "extra"/, "an extra handler");
refused(() => m.register(fresh(), { ...handlers, say: "hello" }), /not functions: "say"/, "a handler that is not a function");
refused(() => m.register({}, handlers), /must be an MCP SDK Server/, "not a server");
const used = fresh();
used.fallbackRequestHandler = async () => ({});
refused(() => m.register(used, handlers), /fallbackRequestHandler/, "a server with a fallback handler");

// Tools the author registers on an McpServer, before or after register,
// are listed after the catalog's and called by the McpServer; a name that
// is also a catalog tool's refuses to start.
async function mcpSession(before, after, scope) {
  const mcp = new McpServer({ name: "t", version: "0" });
  for (const name of before) mcp.registerTool(name, { description: "own " + name }, async () => ({ content: [{ type: "text", text: "own " + name }] }));
  m.register(mcp.server, handlers, scope === undefined ? {} : { scope: () => scope });
  for (const name of after) mcp.registerTool(name, { description: "own " + name }, async () => ({ content: [{ type: "text", text: "own " + name }] }));
  const [client, end] = InMemoryTransport.createLinkedPair();
  await mcp.connect(end);
  const pending = new Map();
  client.onmessage = (msg) => pending.get(msg.id)?.(msg);
  await client.start();
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      client.send({ jsonrpc: "2.0", id, method, params });
    });
  await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "0" } });
  return { request, close: () => mcp.close() };
}
for (const [before, after] of [[["mine"], []], [[], ["mine"]], [["mine"], ["yours"]]]) {
  const at = `own tools ${show(before)} before register, ${show(after)} after`;
  const s = await mcpSession(before, after, "read");
  const list = await s.request("tools/list", {});
  const names = list.result?.tools?.map((t) => t.name);
  check(JSON.stringify(names) === JSON.stringify([...m.listTools(2, { scope: "read" }).tools.map((t) => t.name), ...before, ...after]), `${at}: tools/list ${show(list)}`);
  check(list.result?._meta?.[m.CATALOG_KEY] === m.PROFILES[2].catalog + "/read", `${at}: identity ${show(list.result?._meta)}`);
  for (const name of [...before, ...after]) {
    const own = await s.request("tools/call", { name, arguments: {} });
    check(own.result?.content?.[0]?.text === "own " + name, `${at}: ${name}: ${show(own)}`);
  }
  const look = await s.request("tools/call", { name: "look", arguments: { q: "ab" } });
  check(JSON.stringify(look.result?.structuredContent) === '{"n":2}', `${at}: look: ${show(look)}`);
  const bad = await s.request("tools/call", { name: "look", arguments: { q: 1 } });
  check(bad.result?.isError === true && /\/q: type/.test(bad.result.content[0].text), `${at}: look validated by the catalog: ${show(bad)}`);
  const wipe = await s.request("tools/call", { name: "wipe", arguments: {} });
  check(wipe.error?.code === -32602 && /unknown tool/.test(wipe.error.message), `${at}: wipe out of scope: ${show(wipe)}`);
  await s.close();
}
for (const [before, after] of [[["look"], []], [[], ["wipe"]]]) {
  const at = `a clash ${show(before)} before register, ${show(after)} after`;
  try {
    const s = await mcpSession(before, after);
    await s.close();
    failures.push(`${at}: connect did not refuse`);
  } catch (err) {
    check(new RegExp(`catalog tools: "${[...before, ...after][0]}"`).test(err.message), `${at}: ${err.message}`);
  }
}

// The string model (docs/servers.md): a lone surrogate reaches the
// handler as U+FFFD, as in Go (look answers n: -1, refused, otherwise).
{
  const s = await session("2025-11-25");
  const r = await s.request("tools/call", { name: "look", arguments: { q: "\ud800a" } });
  check(JSON.stringify(r.result?.structuredContent) === '{"n":2}', `lone surrogate: ${show(r)}`);
  await s.close();
}

process.stdout.write(JSON.stringify({ failures }) + "\n");
