// serveHttp on the TypeScript SDK 2 (@modelcontextprotocol/server): 2025-era
// sessions on its web-standard transport, and with { profile3: true } the
// sessionless 2026-07-28 protocol on its createMcpHandler, where register
// serves profile 3. Per-caller scopes from the bearer token on both; driven
// by SDK 2's own client (@modelcontextprotocol/client).
//
//   node --test examples/e2e/sdk2http.test.mjs
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Server, SUPPORTED_PROTOCOL_VERSIONS, inputRequired, inputResponse } from "@modelcontextprotocol/server";

import { PROFILES, listTools, register, serveHttp } from "../js-server/t27catalog.mjs";
import { handlers } from "../js-server/handlers.mjs";

const tokens = { "tok-read": ["read"], "tok-all": ["all"] };
const scopeOf = (ctx) => ["all", "write", "read"].find((s) => ctx.http?.authInfo?.scopes.includes(s)) ?? "read";

let http;
let url;
before(async () => {
  http = await serveHttp(
    () => {
      const server = new Server({ name: "t27mcp", version: "0" }, { supportedProtocolVersions: ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS] });
      register(server, handlers, { scope: scopeOf });
      return server;
    },
    {
      profile3: true,
      authenticate: (req) => {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        return token in tokens ? { token, clientId: "test", scopes: tokens[token] } : undefined;
      },
    },
  );
  url = new URL(`http://127.0.0.1:${http.address().port}/mcp`);
});
after(() => http.close());

async function connect(token, versionNegotiation = undefined) {
  const client = new Client({ name: "sdk2-http-test", version: "1" }, versionNegotiation && { versionNegotiation });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

for (const [era, negotiation, profile] of [
  ["2025-era session", undefined, 2],
  ["sessionless 2026-07-28", { mode: { pin: "2026-07-28" } }, 3],
]) {
  describe(era, () => {
    test(`a read token gets the read table of profile ${profile}`, async () => {
      const client = await connect("tok-read", negotiation);
      try {
        const list = await client.listTools();
        const want = listTools(profile, { scope: "read" });
        assert.deepEqual(list.tools.map((t) => t.name), want.tools.map((t) => t.name));
        assert.equal(list._meta[Object.keys(want._meta)[0]], PROFILES[profile].catalog + "/read");
        if (profile === 3) {
          assert.equal(list.ttlMs, 300000);
          assert.equal(list.cacheScope, "private");
        }
        await assert.rejects(client.callTool({ name: "t27_build", arguments: { target: "all" } }), /unknown tool/);
        const res = await client.callTool({ name: "t27_status", arguments: {} });
        assert.deepEqual(res.structuredContent, handlers.t27_status({}, undefined));
      } finally {
        await client.close();
      }
    });

    test("an all token gets every tool, still a private table", async () => {
      const client = await connect("tok-all", negotiation);
      try {
        const list = await client.listTools();
        assert.equal(list.tools.length, listTools(profile).tools.length);
        assert.equal(list._meta[Object.keys(listTools(1)._meta)[0]], PROFILES[profile].catalog);
        if (profile === 3) assert.equal(list.cacheScope, "private"); // served per caller
        const res = await client.callTool({ name: "t27_spec", arguments: { path: 1 } });
        assert.equal(res.isError, true);
        assert.match(res.content[0].text, /\/path: type/);
      } finally {
        await client.close();
      }
    });
  });
}

test("no token is 401", async () => {
  await assert.rejects(connect("nope"));
});

// A handler asks the user with SDK 2's inputRequired(...): on 2026-07-28
// the client answers the input-required result and calls again; in a
// 2025-era session SDK 2's shim sends elicitation/create and calls again.
describe("input required", () => {
  let http2;
  let url2;
  before(async () => {
    http2 = await serveHttp(
      () => {
        const server = new Server({ name: "t27mcp", version: "0" }, { supportedProtocolVersions: ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS] });
        register(server, {
          ...handlers,
          t27_raw: async ({ path }, ctx) => {
            const answer = inputResponse(ctx.mcpReq.inputResponses, "who");
            if (answer.kind !== "elicit") {
              return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: "who reads " + path + "?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } }) } });
            }
            return "read by " + answer.content.name;
          },
        });
        return server;
      },
      { profile3: true },
    );
    url2 = new URL(`http://127.0.0.1:${http2.address().port}/mcp`);
  });
  after(() => http2.close());

  for (const [era, versionNegotiation] of [["2025-era session", undefined], ["sessionless 2026-07-28", { mode: { pin: "2026-07-28" } }]]) {
    test(era, async () => {
      const client = new Client({ name: "sdk2-http-test", version: "1" }, { capabilities: { elicitation: { form: {} } }, ...(versionNegotiation && { versionNegotiation }) });
      const asked = [];
      client.setRequestHandler("elicitation/create", async (req) => {
        asked.push(req.params.message);
        return { action: "accept", content: { name: "ada" } };
      });
      await client.connect(new StreamableHTTPClientTransport(url2));
      try {
        const res = await client.callTool({ name: "t27_raw", arguments: { path: "a" } });
        assert.deepEqual(res.content, [{ type: "text", text: "read by ada" }]);
        assert.deepEqual(asked, ["who reads a?"]);
      } finally {
        await client.close();
      }
    });
  }
});
