// The JavaScript runtime over Streamable HTTP (serveHttp): per-caller
// scopes from each request's bearer token, and handler results made of
// content blocks, driven by the TypeScript SDK's own HTTP client.
//
//   node --test examples/e2e/http.test.mjs
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";

import { content, image, listTools, register, serveHttp, text, withContent } from "../js-server/t27catalog.mjs";
import { handlers } from "../js-server/handlers.mjs";

const tokens = { "tok-read": ["read"], "tok-write": ["write"], "tok-all": ["all"] };

// The widest toolspec scope among the token's scopes.
const scopeOf = (extra) => ["all", "write", "read"].find((s) => extra.authInfo?.scopes.includes(s)) ?? "read";

const PIXEL = "iVBORw0KGgo=";
const withBlocks = {
  ...handlers,
  tg_pin: () => content(text("pinned"), image(PIXEL, "image/png")),
  t27_status: (args, extra) => withContent(handlers.t27_status(args, extra), text("status in words")),
  t27_config: () => withContent({ settings: { x: 1 } }, text("fine")), // breaks the output schema
  t27_worlds: () => content(text("no structured result")), // an out tool must give one
};

let http;
let url;
before(async () => {
  http = await serveHttp(
    () => {
      const server = new Server({ name: "t27mcp", version: "0" });
      register(server, withBlocks, { scope: scopeOf });
      return server;
    },
    {
      authenticate: (req) => {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        return token in tokens ? { token, clientId: "test", scopes: tokens[token] } : undefined;
      },
    },
  );
  url = new URL(`http://127.0.0.1:${http.address().port}/mcp`);
});
after(() => http.close());

async function connect(token) {
  const client = new Client({ name: "http-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

const full = listTools(2);
const inScope = (scope) => listTools(2, { scope }).tools.map((t) => t.name);

describe("scopes per token over HTTP", () => {
  for (const scope of ["read", "write", "all"]) {
    test(`a ${scope} token lists and calls only its scope's tools`, async () => {
      const client = await connect(`tok-${scope}`);
      try {
        const listed = (await client.listTools()).tools.map((t) => t.name);
        assert.deepEqual(listed, inScope(scope));
        for (const tool of full.tools) {
          const call = client.callTool({ name: tool.name, arguments: {} });
          if (listed.includes(tool.name)) {
            await call; // in scope: answered (maybe isError for {} arguments), never unknown
          } else {
            await assert.rejects(call, /unknown tool/, tool.name);
          }
        }
      } finally {
        await client.close();
      }
    });
  }

  test("a read token reaches no destructive tool by a variant of its name", async () => {
    assert.ok(!inScope("read").includes("t27_build"));
    const client = await connect("tok-read");
    try {
      for (const name of ["T27_BUILD", "t27_Build", "t27_build ", "t27\u2010build", "\uff54\uff12\uff17_build", "t27_bui\u0301ld"]) {
        await assert.rejects(client.callTool({ name, arguments: { target: "all" } }), /unknown tool/, JSON.stringify(name));
      }
    } finally {
      await client.close();
    }
  });

  test("a request without a known token is refused", async () => {
    await assert.rejects(connect("tok-nobody"), /401|nauthorized/);
  });
});

describe("content results", () => {
  test("a result any handler returns blocks", async () => {
    const client = await connect("tok-all");
    try {
      const res = await client.callTool({ name: "tg_pin", arguments: { chat: "@someone", message_id: 1 } });
      assert.deepEqual(res.content, [{ type: "text", text: "pinned" }, { type: "image", data: PIXEL, mimeType: "image/png" }]);
      assert.equal(res.isError, undefined);
    } finally {
      await client.close();
    }
  });

  test("an out handler's blocks replace its JSON text; structuredContent stays", async () => {
    const client = await connect("tok-all");
    try {
      const res = await client.callTool({ name: "t27_status", arguments: {} });
      assert.deepEqual(res.content, [{ type: "text", text: "status in words" }]);
      assert.deepEqual(res.structuredContent, handlers.t27_status({}, undefined));
    } finally {
      await client.close();
    }
  });

  test("blocks do not bypass the output schema, nor stand in for a structured result", async () => {
    const client = await connect("tok-all");
    try {
      const bad = await client.callTool({ name: "t27_config", arguments: {} });
      assert.equal(bad.isError, true);
      assert.match(bad.content[0].text, /does not match the output schema/);
      const none = await client.callTool({ name: "t27_worlds", arguments: {} });
      assert.equal(none.isError, true);
      assert.match(none.content[0].text, /withContent/);
    } finally {
      await client.close();
    }
  });
});
