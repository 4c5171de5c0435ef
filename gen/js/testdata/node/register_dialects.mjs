// register in a module generated with dialects (gemini, openai_strict):
// the dialect of each session comes from the client's clientInfo.name
// (gen/js/node_test.go, TestRegisterDialects). Prints {failures: [...]}.
//
//   node register_dialects.mjs CATALOG.mjs
//
// The catalog is TestRegisterDialects's spec: look (read_only,
// in {q required 1..10, lim optional 1..5}, out {n}), wipe (destructive).
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

const m = await import(pathToFileURL(process.argv[2]).href);
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const show = (v) => JSON.stringify(v).slice(0, 400);

let seen;
const handlers = {
  look: async (args) => {
    seen = args;
    return { n: args.q.length };
  },
  wipe: () => ({}),
};

async function session(clientName, options, version = "2025-06-18") {
  const server = new Server({ name: "t", version: "0" });
  m.register(server, handlers, options);
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
  const clientInfo = clientName === undefined ? undefined : { name: clientName, version: "0" };
  await request("initialize", { protocolVersion: version, capabilities: {}, clientInfo });
  await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return { request, close: () => server.close() };
}

const key = Object.keys(m.listTools(2)._meta)[0];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The default map, by name (any case); gemini-cli, whose own code reads
// JSON Schema, families the module does not carry (cursor, copilot) and
// unknown clients get the standard table.
for (const [name, version, profile, want] of [
  ["gemini-cli-mcp-client", "2025-06-18", 2, null],
  ["Gemini-CLI-MCP-Client", "2024-11-05", 1, null],
  ["gemini-cli", "2025-06-18", 2, null],
  ["claude-code", "2025-06-18", 2, null],
  ["cursor-vscode", "2025-06-18", 2, null],
  ["Visual Studio Code", "2025-06-18", 2, null],
  ["someone", "2025-06-18", 2, null],
]) {
  check(m.defaultDialectFor({ name }) === want, `defaultDialectFor(${name}) = ${m.defaultDialectFor({ name })}, want ${want}`);
  const s = await session(name, {}, version);
  const list = (await s.request("tools/list", {})).result;
  const expect = want === null ? m.listTools(profile) : m.listDialectTools(profile, want);
  check(same(list, expect), `${name}: tools/list is not the ${want ?? "standard"} table of profile ${profile}: ${show(list?._meta)}`);
  await s.close();
}

check(m.defaultDialectFor({}) === null && m.defaultDialectFor(undefined) === null, "defaultDialectFor without a name");

// The identity names the scope, then the dialect.
{
  const s = await session("gemini-cli-mcp-client", { scope: () => "read", dialectFor: () => "gemini" });
  const list = (await s.request("tools/list", {})).result;
  const id = list?._meta?.[key] ?? "";
  check(id === m.listTools(2)._meta[key] + "/read/gemini", `scoped identity: ${id}`);
  check(same(list, m.listDialectTools(2, "gemini", { scope: "read" })), `scoped table: ${show(list)}`);
  await s.close();
}

// The author's dialectFor (async too) wins; openai_strict calls are
// normalised (a null optional dropped) and then held to the spec.
{
  const s = await session("claude-code", { dialectFor: async (info) => (info.name === "claude-code" ? "openai_strict" : null) });
  const list = (await s.request("tools/list", {})).result;
  check(same(list, m.listDialectTools(2, "openai_strict")), `dialectFor: ${show(list?._meta)}`);
  seen = undefined;
  let r = (await s.request("tools/call", { name: "look", arguments: { q: "abc", lim: null } })).result;
  check(!r?.isError && same(seen, { q: "abc" }), `null optional not dropped: ${show(r)} saw ${show(seen)}`);
  r = (await s.request("tools/call", { name: "look", arguments: { q: "abc", lim: 9 } })).result;
  check(r?.isError && /\/lim: maximum/.test(r.content[0].text), `the spec is enforced: ${show(r)}`);
  r = (await s.request("tools/call", { name: "look", arguments: { q: null, lim: null } })).result;
  check(r?.isError && /\/q: type/.test(r.content[0].text), `a null required stays: ${show(r)}`);
  await s.close();
}

// Without a dialect, a null optional is the spec's problem.
{
  const s = await session("gemini-cli-mcp-client");
  const r = (await s.request("tools/call", { name: "look", arguments: { q: "abc", lim: null } })).result;
  check(r?.isError && /\/lim: type/.test(r.content[0].text), `gemini sends spec shapes: ${show(r)}`);
  await s.close();
}

// gemini-cli's wait_for_previous is dropped before validation in its
// sessions only; another client's is the spec's to refuse.
{
  let s = await session("gemini-cli-mcp-client");
  seen = undefined;
  let r = (await s.request("tools/call", { name: "look", arguments: { q: "abc", wait_for_previous: true } })).result;
  check(!r?.isError && same(seen, { q: "abc" }), `wait_for_previous not dropped for gemini-cli: ${show(r)} saw ${show(seen)}`);
  await s.close();
  s = await session("claude-code");
  r = (await s.request("tools/call", { name: "look", arguments: { q: "abc", wait_for_previous: true } })).result;
  check(r?.isError && /additional/.test(r.content[0].text), `wait_for_previous dropped for another client: ${show(r)}`);
  await s.close();
}

// dialectFor must name a carried dialect or null.
{
  const s = await session("x", { dialectFor: () => "cursor" });
  const res = await s.request("tools/list", {});
  check(res.error && /options\.dialectFor returned "cursor"/.test(res.error.message), `uncarried dialect: ${show(res)}`);
  await s.close();
}

process.stdout.write(JSON.stringify({ failures }));
