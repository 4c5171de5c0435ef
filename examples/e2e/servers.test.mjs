// End-to-end: each example server, started as a subprocess and driven by the
// official TypeScript SDK Client over stdio, once per protocol version; on
// SDK 1.x here, on SDK 2 in servers.sdk2.test.mjs (harness.mjs's SDK: the
// client, and the JavaScript server's Server, are that SDK's).
//
//   node --test examples/e2e/         (or go test ./examples/e2e, which make test runs)
//   TOOLSPEC_E2E_SDK=2 node --test examples/e2e/servers.test.mjs
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { after, before, describe, test } from "node:test";

import Ajv2020Module from "ajv/dist/2020.js";
import AjvModule from "ajv";

import { SDK, calls, connect, expectedTable, rawSession, root, serverCommand, versions } from "./harness.mjs";

// The client of SDK 1.x or SDK 2, as harness.mjs says.
const { Client } = await import(SDK === 2 ? "@modelcontextprotocol/client" : "@modelcontextprotocol/sdk/client/index.js");

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const Ajv7 = AjvModule.default ?? AjvModule;

// Strict mode; format is an annotation in toolspec; prefixItems is unknown
// to draft-07, where it is only an annotation.
const ajvOptions = { strict: true, allErrors: true, allowUnionTypes: true, validateFormats: false, ownProperties: true };
const ajv2020 = new Ajv2020(ajvOptions);
const ajv7 = new Ajv7(ajvOptions);
ajv7.addKeyword("prefixItems");

// The profile-2 output schemas, compiled once: profile-1 results carry
// only text, and that text must still be the structured result.
const outputs = new Map(
  expectedTable(2)
    .tools.filter((t) => t.outputSchema)
    .map((t) => [t.name, ajv2020.compile(t.outputSchema)]),
);

for (const kind of ["go", "js"]) {
  for (const { version, profile } of versions) {
    describe(`${kind} server, protocol ${version}`, () => {
      const expected = expectedTable(profile);
      let session;
      before(async () => {
        session = await connect(kind, version);
      });
      after(async () => {
        await session?.client.close();
      });

      test(`negotiates ${version}, the client being SDK ${SDK}'s`, () => {
        assert.ok(session.client instanceof Client, `an SDK ${SDK} client`);
        if (kind === "js") assert.deepEqual(serverCommand(kind).args.slice(-2), ["--sdk", String(SDK)], `the server on SDK ${SDK}`);
        const reply = session.transport.lastReply("initialize");
        assert.equal(reply.result.protocolVersion, version);
      });

      test(`tools/list is gen-json --profile ${profile}, _meta identity included`, async () => {
        const listed = await session.client.listTools();
        const wire = session.transport.lastReply("tools/list").result;
        assert.deepEqual(wire, expected, "the result on the wire");
        assert.deepEqual(listed, expected, "the result as the SDK Client returns it");
        assert.match(wire._meta["t27/catalog"], new RegExp(`^[0-9a-f]{64}/p${profile}$`));
        for (const t of wire.tools) {
          if (profile === 1) {
            assert.deepEqual(Object.keys(t).sort(), ["description", "inputSchema", "name"], `${t.name}: profile-1 keys`);
          }
        }
      });

      test("every schema compiles under ajv 2020-12" + (profile === 1 ? " and draft-07" : ""), () => {
        for (const t of expected.tools) {
          assert.doesNotThrow(() => ajv2020.compile(t.inputSchema), `${t.name} inputSchema (2020-12)`);
          if (t.outputSchema) assert.doesNotThrow(() => ajv2020.compile(t.outputSchema), `${t.name} outputSchema (2020-12)`);
          if (profile === 1) assert.doesNotThrow(() => ajv7.compile(t.inputSchema), `${t.name} inputSchema (draft-07)`);
        }
      });

      test("every tool answers valid arguments" + (profile === 2 ? "; the SDK Client validates each structuredContent" : ""), async () => {
        await session.client.listTools(); // the Client compiles output validators from tools/list
        assert.deepEqual(Object.keys(calls).sort(), expected.tools.map((t) => t.name).sort(), "calls.json covers every tool");
        for (const { name } of expected.tools) {
          // callTool throws when a tool with outputSchema returns no
          // structuredContent, or content its own ajv refuses.
          const result = await session.client.callTool({ name, arguments: calls[name].valid });
          assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
          assert.equal(result.content[0]?.type, "text", `${name}: a text block`);
          const validate = outputs.get(name);
          if (!validate) {
            assert.equal(result.structuredContent, undefined, `${name} has no out: no structuredContent`);
            continue;
          }
          const fromText = JSON.parse(result.content[0].text);
          assert.ok(validate(fromText), `${name}: text is the structured result: ${ajv2020.errorsText(validate.errors)}`);
          if (profile === 1) {
            assert.equal(result.structuredContent, undefined, `${name}: no structuredContent on profile 1`);
          } else {
            assert.deepEqual(result.structuredContent, fromText, `${name}: structuredContent is the text's JSON`);
          }
        }
      });

      test("invalid arguments give isError naming the field and the rule", async () => {
        for (const [name, { invalid }] of Object.entries(calls)) {
          for (const { args, field, keyword } of invalid) {
            const what = `${name} ${JSON.stringify(args)}`;
            const result = await session.client.callTool({ name, arguments: args });
            assert.equal(result.isError, true, `${what}: isError`);
            assert.equal(result.structuredContent, undefined, `${what}: no structuredContent on an error`);
            const text = result.content.map((c) => c.text).join("\n");
            assert.ok(text.includes(field), `${what}: ${JSON.stringify(text)} names ${field}`);
            assert.ok(text.includes(keyword), `${what}: ${JSON.stringify(text)} names ${keyword}`);
          }
        }
      });

      test("arguments that are not an object: [1] is isError naming the type rule, null is {}", async () => {
        for (const name of ["t27_status", "tg_send"]) {
          const what = `${name} [1]`;
          const result = await session.client.callTool({ name, arguments: [1] });
          assert.equal(result.isError, true, `${what}: isError, not a protocol error`);
          assert.equal(result.structuredContent, undefined, `${what}: no structuredContent on an error`);
          const text = result.content.map((c) => c.text).join("\n");
          assert.match(text, new RegExp(`^${name}: invalid arguments: \\(root\\): type: `), `${what}: ${JSON.stringify(text)}`);
        }
        // null is no arguments: t27_status takes none, tg_send requires chat.
        const status = await session.client.callTool({ name: "t27_status", arguments: null });
        assert.notEqual(status.isError, true, `t27_status null: ${JSON.stringify(status.content)}`);
        const empty = await session.client.callTool({ name: "t27_status", arguments: {} });
        assert.deepEqual(status, empty, "t27_status: null and {} give the same result");
        const send = await session.client.callTool({ name: "tg_send", arguments: null });
        assert.equal(send.isError, true, "tg_send null: isError");
        const text = send.content.map((c) => c.text).join("\n");
        assert.ok(text.includes("chat") && text.includes("required"), `tg_send null: ${JSON.stringify(text)} names chat and required`);
      });

      test("an unknown tool is JSON-RPC error -32602 (invalid params), not a tool result", async () => {
        await assert.rejects(session.client.callTool({ name: "t27_nope", arguments: {} }), (err) => {
          assert.equal(err.code, -32602, `code of ${err}`);
          assert.match(err.message, /unknown tool "t27_nope"/);
          return true;
        });
        const reply = session.transport.lastReply("tools/call");
        assert.equal(reply.result, undefined, "no result");
        assert.equal(reply.error?.code, -32602, "the error on the wire");
      });
    });
  }

  test(`${kind} server: tools/list sent right behind initialize, unanswered, gets the negotiated profile`, async () => {
    // One write: initialize (2025-06-18), initialized, tools/list. The server
    // must record the profile before it answers initialize, not after.
    const { command, args } = serverCommand(kind);
    const child = spawn(command, args, { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    const lines = [];
    let buffer = "";
    const listed = new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code) => reject(new Error(`exited ${code} before answering tools/list`)));
      child.stdout.on("data", (d) => {
        buffer += d;
        let i;
        while ((i = buffer.indexOf("\n")) >= 0) {
          const message = JSON.parse(buffer.slice(0, i));
          buffer = buffer.slice(i + 1);
          lines.push(message);
          if (message.id === 2) resolve(message);
        }
      });
    });
    const send = (m) => JSON.stringify({ jsonrpc: "2.0", ...m }) + "\n";
    child.stdin.write(
      send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "eager", version: "0" } } }) +
        send({ method: "notifications/initialized" }) +
        send({ id: 2, method: "tools/list", params: {} }),
    );
    try {
      const reply = await listed;
      assert.equal(lines.find((m) => m.id === 1)?.result?.protocolVersion, "2025-06-18");
      assert.deepEqual(reply.result, expectedTable(2), "tools/list is profile 2");
    } finally {
      child.stdin.end();
      child.kill();
    }
  });

  describe(`${kind} server refuses to start`, () => {
    for (const [env, name, want] of [
      ["TOOLSPEC_EXAMPLE_DROP", "t27_grep", "without a handler"],
      ["TOOLSPEC_EXAMPLE_EXTRA", "t27_nope", "without a tool"],
    ]) {
      test(`${env}=${name}: exits non-zero naming ${name}`, () => {
        const { command, args } = serverCommand(kind);
        const run = spawnSync(command, args, { cwd: root, input: "", env: { ...process.env, [env]: name }, encoding: "utf8", timeout: 30_000 });
        assert.notEqual(run.status, 0, `exit status (stderr: ${run.stderr})`);
        assert.match(run.stderr, new RegExp(`${want}: "${name}"`));
      });
    }
  });
}

// The servers built on the serving adapters (register + StdioTransport):
// handler failures, all problems named, scopes, and bad lines. The Go
// server is on its adapter (serve/gosdk) too.
for (const kind of ["js", "go"]) {
  describe(`${kind} server on the adapter`, () => {
    test("a handler that throws is an isError result, and the server still answers", async () => {
      const session = await connect(kind, "2025-06-18", { TOOLSPEC_EXAMPLE_THROW: "t27_status" });
      try {
        const result = await session.client.callTool({ name: "t27_status", arguments: {} });
        assert.equal(result.isError, true, JSON.stringify(result));
        assert.equal(result.structuredContent, undefined);
        assert.match(result.content[0].text, /t27_status failed on purpose/);
        const again = await session.client.callTool({ name: "t27_formats", arguments: {} });
        assert.notEqual(again.isError, true, JSON.stringify(again));
        assert.deepEqual(await session.client.listTools(), expectedTable(2));
      } finally {
        await session.client.close();
      }
    });

    test("a call with two problems names both", async () => {
      const session = await connect(kind, "2025-06-18");
      try {
        const result = await session.client.callTool({ name: "t27_specs", arguments: { limit: 501, family: "biology" } });
        assert.equal(result.isError, true);
        const text = result.content.map((c) => c.text).join("\n");
        for (const part of ["/limit", "maximum", "/family", "enum"]) assert.ok(text.includes(part), `${JSON.stringify(text)} names ${part}`);
        const two = await session.client.callTool({ name: "tg_send", arguments: { text: "hi", nope: 1 } });
        const text2 = two.content.map((c) => c.text).join("\n");
        for (const part of ["chat", "required", "nope", "additionalProperties"]) assert.ok(text2.includes(part), `${JSON.stringify(text2)} names ${part}`);
      } finally {
        await session.client.close();
      }
    });

    for (const { version, profile } of versions) {
      test(`a read-scoped session at ${version} lists only the read_only tools and cannot call a destructive one`, async () => {
        const session = await connect(kind, version, { TOOLSPEC_EXAMPLE_SCOPE: "read" });
        try {
          const full = expectedTable(profile);
          const readOnly = new Set(expectedTable(2).tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name));
          const listed = await session.client.listTools();
          const wire = session.transport.lastReply("tools/list").result;
          assert.deepEqual(wire.tools, full.tools.filter((t) => readOnly.has(t.name)), "the read_only tools, as in the full table");
          const key = Object.keys(full._meta)[0];
          assert.equal(wire._meta[key], full._meta[key] + "/read", "the identity names the scope");
          assert.deepEqual(listed, wire);
          await assert.rejects(session.client.callTool({ name: "t27_build", arguments: { target: "all" } }), (err) => {
            assert.equal(err.code, -32602);
            assert.match(err.message, /unknown tool "t27_build"/);
            return true;
          });
          const ok = await session.client.callTool({ name: "t27_status", arguments: {} });
          assert.notEqual(ok.isError, true);
        } finally {
          await session.client.close();
        }
      });
    }

    test("every bad line is answered, and a good tools/list still answers after it", async () => {
      const raw = rawSession(kind);
      try {
        await raw.send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });
        assert.equal((await raw.next()).result?.protocolVersion, "2025-06-18");
        await raw.send({ method: "notifications/initialized" });
        const deep = "[".repeat(10_000) + "]".repeat(10_000);
        const bad = [
          ["invalid JSON", "x\n", -32700, null],
          ["two messages on a line", '{"jsonrpc":"2.0","id":90,"method":"ping"}{"jsonrpc":"2.0","id":91,"method":"ping"}\n', -32700, null],
          ["a batch", '[{"jsonrpc":"2.0","id":92,"method":"tools/list"}]\n', -32600, null],
          ["an object id", '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}\n', -32600, null],
          ["params that are an array", '{"jsonrpc":"2.0","id":93,"method":"tools/list","params":[1]}\n', -32600, 93],
          ["a line over 16 MiB", '"' + "a".repeat(16 * 1024 * 1024) + '"\n', -32600, null],
          ["a 10 000-deep argument", `{"jsonrpc":"2.0","id":94,"method":"tools/call","params":{"name":"t27_set_config","arguments":{"key":"a","value":${deep}}}}\n`, -32600, 94],
        ];
        let id = 100;
        for (const [what, line, code, replyId] of bad) {
          await raw.write(line);
          const reply = await raw.next();
          assert.equal(reply.error?.code, code, `${what}: ${JSON.stringify(reply).slice(0, 300)}`);
          assert.equal(reply.id, replyId, `${what}: id`);
          assert.ok(reply.error.message.length < 300, `${what}: a short message`);
          if (what.includes("deep")) assert.match(reply.error.message, /1000/, `${what}: names the limit`);
          if (what.includes("16 MiB")) assert.match(reply.error.message, /16777216/, `${what}: names the limit`);
          await raw.send({ id: ++id, method: "tools/list", params: {} });
          const listed = await raw.next();
          assert.equal(listed.id, id, `after ${what}: the tools/list reply`);
          assert.deepEqual(listed.result, expectedTable(2), `after ${what}: tools/list`);
        }
      } finally {
        raw.close();
      }
    });
  });
}

// Served per client: both example catalogs carry the gemini,
// openai_strict and cursor dialects (make generate), and the adapters pick
// the dialect from clientInfo.name (lang/clients' default map).
for (const kind of ["js", "go"]) describe(`${kind} server per client`, () => {
  for (const { version, profile } of versions) {
    test(`gemini-cli at ${version} gets the standard table of profile ${profile}; its wait_for_previous is dropped; calls are held to the spec`, async () => {
      const session = await connect(kind, version, {}, "gemini-cli-mcp-client");
      try {
        await session.client.listTools();
        const wire = session.transport.lastReply("tools/list").result;
        assert.deepEqual(wire, expectedTable(profile), "gemini-cli's own code reads the standard table");
        let result = await session.client.callTool({ name: "t27_specs", arguments: { limit: 5, wait_for_previous: true } });
        assert.notEqual(result.isError, true, "gemini-cli's injected wait_for_previous is dropped");
        result = await session.client.callTool({ name: "t27_specs", arguments: { limit: 501, wait_for_previous: false } });
        assert.equal(result.isError, true, "the spec's maximum");
      } finally {
        await session.client.close();
      }
    });
  }

  test("cursor-vscode gets the cursor table", async () => {
    const session = await connect(kind, "2025-06-18", {}, "cursor-vscode");
    try {
      await session.client.listTools();
      assert.deepEqual(session.transport.lastReply("tools/list").result, expectedTable(2, "cursor"), "gen-json --dialect cursor");
    } finally {
      await session.client.close();
    }
  });

  test("claude-code gets the standard table", async () => {
    const session = await connect(kind, "2025-06-18", {}, "claude-code");
    try {
      await session.client.listTools();
      assert.deepEqual(session.transport.lastReply("tools/list").result, expectedTable(2));
    } finally {
      await session.client.close();
    }
  });
});
