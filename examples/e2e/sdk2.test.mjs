// register on the TypeScript SDK 2 (@modelcontextprotocol/server's Server,
// driven by @modelcontextprotocol/client's Client in memory): the same
// tables, validation and results as on SDK 1.x, handlers given SDK 2's
// ServerContext.
//
//   node --test examples/e2e/sdk2.test.mjs
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer, Server } from "@modelcontextprotocol/server";

import { content, listTools, register, text } from "../js-server/t27catalog.mjs";
import { handlers } from "../js-server/handlers.mjs";

describe("SDK 2", () => {
  let client;
  const logged = [];
  let scopeCtx;
  before(async () => {
    const server = new Server({ name: "t27mcp", version: "0" }, { capabilities: { logging: {} } });
    register(
      server,
      {
        ...handlers,
        t27_raw: async ({ path }, ctx) => {
          await ctx.mcpReq.log("info", "reading " + path);
          return content(text("raw " + path), text(ctx.mcpReq.method));
        },
      },
      { scope: (ctx) => ((scopeCtx = ctx), "read") },
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: "sdk2-test", version: "1" });
    client.setNotificationHandler?.("notifications/message", (n) => logged.push(n.params.data));
    await client.connect(clientSide);
    await client.setLoggingLevel("debug");
  });
  after(() => client.close());

  test("tools/list is the read-scoped profile-2 table", async () => {
    const list = await client.listTools();
    const want = listTools(2, { scope: "read" });
    assert.deepEqual(list.tools, want.tools);
    assert.deepEqual(list._meta, want._meta);
    assert.ok(scopeCtx.mcpReq !== undefined, "the scope function gets SDK 2's ServerContext");
  });

  test("a structured result, on profile 2", async () => {
    const res = await client.callTool({ name: "t27_status", arguments: {} });
    assert.deepEqual(res.structuredContent, handlers.t27_status({}, undefined));
    assert.equal(res.content[0].type, "text");
  });

  test("invalid arguments are an isError naming every problem", async () => {
    const res = await client.callTool({ name: "t27_spec", arguments: { path: 1, x: 2 } });
    assert.equal(res.isError, true);
    assert.match(res.content[0].text, /\/path: type/);
    assert.match(res.content[0].text, /additionalProperties/);
  });

  test("the handler gets ServerContext and returns blocks", async () => {
    const res = await client.callTool({ name: "t27_raw", arguments: { path: "a" } });
    assert.deepEqual(res.content, [{ type: "text", text: "raw a" }, { type: "text", text: "tools/call" }]);
    for (let i = 0; i < 50 && logged.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(logged, ["reading a"]);
  });

  test("a tool outside the scope is unknown", async () => {
    await assert.rejects(client.callTool({ name: "t27_build", arguments: { target: "all" } }), /unknown tool/);
  });
});

describe("SDK 2 McpServer", () => {
  test("tools registered on the McpServer are served beside the catalog's", async () => {
    const mcp = new McpServer({ name: "t27mcp", version: "0" });
    mcp.registerTool("mine", { description: "own tool" }, async () => ({ content: [{ type: "text", text: "own" }] }));
    register(mcp.server, handlers);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: "sdk2-test", version: "1" });
    await client.connect(clientSide);
    try {
      const list = await client.listTools();
      assert.deepEqual(list.tools.map((t) => t.name), [...listTools(2).tools.map((t) => t.name), "mine"]);
      assert.deepEqual((await client.callTool({ name: "mine", arguments: {} })).content, [{ type: "text", text: "own" }]);
      const res = await client.callTool({ name: "t27_spec", arguments: { path: 1 } });
      assert.equal(res.isError, true);
    } finally {
      await client.close();
    }
  });

  test("a name clash refuses to start", async () => {
    const mcp = new McpServer({ name: "t27mcp", version: "0" });
    register(mcp.server, handlers);
    mcp.registerTool("t27_status", { description: "clash" }, async () => ({ content: [] }));
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await assert.rejects(mcp.connect(serverSide), /catalog tools: "t27_status"/);
  });
});
