// End-to-end: each example server, started as a subprocess and driven by the
// official TypeScript SDK Client over stdio, once per protocol version.
//
//   node --test examples/e2e/         (or go test ./examples/e2e, which make test runs)
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { after, before, describe, test } from "node:test";

import Ajv2020Module from "ajv/dist/2020.js";
import AjvModule from "ajv";

import { calls, connect, expectedTable, root, serverCommand, versions } from "./harness.mjs";

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

      test(`negotiates ${version}`, () => {
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
