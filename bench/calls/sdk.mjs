// Per-call cost of the generated register next to the TypeScript SDK's own
// typed-tool path (McpServer.registerTool with zod schemas), on the same
// two tools of the reference catalog, through the SDK 1.x Client over an
// in-memory transport: t27f_view (text result) and t27_game (structured
// result, checked against its output schema on both paths).
//
//   node bench/calls/sdk.mjs [CALLS] [ROUNDS]     (make bench-js runs it)
//
// Prints the median and the range of µs per call over the rounds.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { z } from "zod";

import { register } from "../../examples/js-server/t27catalog.mjs";
import { handlers } from "../../examples/js-server/handlers.mjs";

const calls = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);

const view = { name: "t27f_view", arguments: { status: [1, 2, 255], chat: "@t27_bot" } };
const game = { name: "t27_game", arguments: { world: "w", moves: [[1, 0], [0, -1]] } };

function toolspecServer() {
  const server = new Server({ name: "t27mcp", version: "0" });
  register(server, handlers);
  return server;
}

function sdkServer() {
  const mcp = new McpServer({ name: "sdk", version: "0" });
  const int = z.number().int();
  mcp.registerTool("t27f_view", {
    description: "Render a status vector",
    inputSchema: {
      status: z.array(int.min(0).max(255)).max(27),
      cursor: z.tuple([int.min(0), int.min(0)]).optional(),
      health: z.enum(["ok", "degraded", "down"]).nullable().optional(),
      chat: z.string().regex(/^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?[1-9][0-9]{0,19})$/),
    },
  }, async (args) => ({ content: [{ type: "text", text: handlers.t27f_view(args) }] }));
  mcp.registerTool("t27_game", {
    description: "Apply moves to a world and return the new position.",
    inputSchema: { world: z.string().min(1).max(64), moves: z.array(z.tuple([int.min(-1).max(1), int.min(-1).max(1)])).min(1).max(64) },
    outputSchema: { position: z.tuple([int, int]), score: int.min(0), done: z.boolean() },
  }, async (args) => {
    const out = handlers.t27_game(args);
    return { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out };
  });
  return mcp.server;
}

async function connect(server) {
  const [ct, st] = InMemoryTransport.createLinkedPair();
  await server.connect(st);
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(ct);
  return client;
}

async function time(client, call) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const res = await client.callTool(call);
    if (res.isError) throw new Error(JSON.stringify(res));
  }
  return Number(process.hrtime.bigint() - start) / 1000 / calls;
}

const clients = { toolspec: await connect(toolspecServer()), "registerTool+zod": await connect(sdkServer()) };
for (const call of [view, game]) {
  for (const [path, client] of Object.entries(clients)) {
    await time(client, call); // warm up
    const us = [];
    for (let r = 0; r < rounds; r++) us.push(await time(client, call));
    us.sort((a, b) => a - b);
    console.log(`${call.name.padEnd(10)} ${path.padEnd(17)} median ${us[rounds >> 1].toFixed(1)} µs/call (${us[0].toFixed(1)}–${us[rounds - 1].toFixed(1)})`);
  }
}
for (const client of Object.values(clients)) await client.close();
