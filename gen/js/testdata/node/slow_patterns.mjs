// register's guard against patterns check flagged as exponential
// (gen/js/node_test.go, TestRegisterSlowPatterns).
//
//   node slow_patterns.mjs CATALOG.mjs TOOL ARGS OPTIONS...
//
// For each OPTIONS (JSON; acceptSlowPatterns and nothing else), starts a
// server with register(server, handlers, OPTIONS), every handler answering
// "ok", and calls TOOL with ARGS (JSON). Prints, per OPTIONS, one line of
// JSON: {error, name, slowPatterns} when register threw, else {answer},
// the tools/call result.
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

const [catalog, tool, argsText, ...optionsList] = process.argv.slice(2);
const m = await import(pathToFileURL(catalog).href);
const handlers = Object.fromEntries(m.listTools(1).tools.map((t) => [t.name, () => "ok"]));

async function start(options) {
  const server = new Server({ name: "t", version: "0" });
  try {
    m.register(server, handlers, options);
  } catch (e) {
    return { error: e.message, name: e.name, slowPatterns: e.slowPatterns ?? null };
  }
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
  await request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "0" } });
  await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  const answer = await request("tools/call", { name: tool, arguments: JSON.parse(argsText) });
  await server.close();
  return { answer: answer.result ?? answer.error };
}

for (const text of optionsList) {
  console.log(JSON.stringify(await start(JSON.parse(text))));
}
