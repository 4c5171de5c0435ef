// Shared by the end-to-end tests: where the servers and the expected tables
// come from, and a client transport that pins the protocol version.
//
// The TypeScript SDK under test is SDK 1.x (@modelcontextprotocol/sdk) or,
// with TOOLSPEC_E2E_SDK=2, SDK 2: the clients are then
// @modelcontextprotocol/client's, and the JavaScript server serves on
// @modelcontextprotocol/server's McpServer (server.mjs --sdk 2).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The major version of the TypeScript SDK under test: 1 or 2. */
export const SDK = process.env.TOOLSPEC_E2E_SDK === "2" ? 2 : 1;

const { Client, StdioClientTransport } =
  SDK === 2
    ? { ...(await import("@modelcontextprotocol/client")), ...(await import("@modelcontextprotocol/client/stdio")) }
    : { ...(await import("@modelcontextprotocol/sdk/client/index.js")), ...(await import("@modelcontextprotocol/sdk/client/stdio.js")) };

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const spec = join(root, "specs/t27mcp/tool_schema.tspec");

/** The protocol versions under test and the profile each must get. */
export const versions = [
  { version: "2024-11-05", profile: 1 },
  { version: "2025-06-18", profile: 2 },
];

/** Valid and invalid arguments for every tool (shared with the Go test). */
export const calls = JSON.parse(readFileSync(join(root, "examples/e2e/testdata/calls.json"), "utf8"));

let scratch;
function scratchDir() {
  scratch ??= mkdtempSync(join(tmpdir(), "toolspec-e2e-"));
  return scratch;
}

/**
 * What `toolspec gen-json --profile N [--dialect D]` prints for the
 * reference spec. The Go wrapper (examples/e2e/e2e_test.go) runs gen-json
 * and passes the folder in TOOLSPEC_E2E_GENJSON_DIR; run alone, the suite
 * runs the command itself.
 */
const tables = {};
export function expectedTable(profile, dialect = "") {
  const dir = process.env.TOOLSPEC_E2E_GENJSON_DIR;
  const name = dialect === "" ? `p${profile}` : `p${profile}.${dialect}`;
  const flags = dialect === "" ? [] : ["--dialect", dialect];
  tables[name] ??= dir
    ? readFileSync(join(dir, `${name}.json`), "utf8")
    : execFileSync("go", ["run", "./cmd/toolspec", "gen-json", "--profile", String(profile), ...flags, spec], { cwd: root, encoding: "utf8" });
  return JSON.parse(tables[name]);
}

let goServer;
/** The command that starts each server: "go" or "js". */
export function serverCommand(kind) {
  if (kind === "js") return { command: process.execPath, args: [join(root, "examples/js-server/server.mjs"), "--sdk", String(SDK)] };
  if (!goServer) {
    goServer = process.env.TOOLSPEC_E2E_GO_SERVER;
    if (!goServer) {
      goServer = join(scratchDir(), "go-server");
      execFileSync("go", ["build", "-o", goServer, "./examples/go-server"], { cwd: root, stdio: "inherit" });
    }
  }
  return { command: goServer, args: [] };
}

/**
 * A transport around the SDK's stdio transport that rewrites the
 * protocolVersion of the initialize request (the SDK Client always proposes
 * its LATEST_PROTOCOL_VERSION and has no option for another) and keeps every
 * message the server sent, exactly as parsed from the wire, before the
 * Client's zod schemas see it.
 */
export class PinnedVersionTransport {
  constructor(inner, protocolVersion) {
    this.inner = inner;
    this.protocolVersion = protocolVersion;
    this.sent = [];
    this.received = [];
    inner.onmessage = (message, extra) => {
      this.received.push(structuredClone(message));
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }
  start() {
    return this.inner.start();
  }
  close() {
    return this.inner.close();
  }
  send(message, options) {
    if (message.method === "initialize") {
      message = { ...message, params: { ...message.params, protocolVersion: this.protocolVersion } };
    }
    this.sent.push(message);
    return this.inner.send(message, options);
  }
  /** The raw reply (result or error) to the last request of this method. */
  lastReply(method) {
    const request = this.sent.findLast((m) => m.method === method && "id" in m);
    return request && this.received.find((m) => m.id === request.id && ("result" in m || "error" in m));
  }
}

/** Starts a server (with env added to its environment) and connects an SDK Client that negotiates version. */
export async function connect(kind, version, env = {}, clientName = "toolspec-e2e") {
  const { command, args } = serverCommand(kind);
  const stdio = new StdioClientTransport({ command, args, cwd: root, stderr: "pipe", env: { ...process.env, ...env } });
  let stderr = "";
  stdio.stderr.on("data", (d) => (stderr += d));
  const transport = new PinnedVersionTransport(stdio, version);
  const client = new Client({ name: clientName, version: "0" });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/**
 * Starts a server and speaks JSON-RPC to it line by line, without an SDK,
 * so that it can be sent lines no SDK would send. next() returns the next
 * message the server writes; write() sends raw text.
 */
export function rawSession(kind, env = {}) {
  const { command, args } = serverCommand(kind);
  const child = spawn(command, args, { cwd: root, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const queue = [];
  const waiting = [];
  let buffer = "";
  let exited = null;
  child.stdout.on("data", (d) => {
    buffer += d;
    let i;
    while ((i = buffer.indexOf("\n")) >= 0) {
      const message = JSON.parse(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      if (waiting.length > 0) waiting.shift().resolve(message);
      else queue.push(message);
    }
  });
  child.on("exit", (code) => {
    exited = code;
    for (const w of waiting.splice(0)) w.reject(new Error(`server exited ${code}: ${stderr}`));
  });
  return {
    child,
    stderr: () => stderr,
    write: (text) => new Promise((resolve) => (child.stdin.write(text) ? resolve() : child.stdin.once("drain", resolve))),
    send(message) {
      return this.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
    },
    next(timeout = 20_000) {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      if (exited !== null) return Promise.reject(new Error(`server exited ${exited}: ${stderr}`));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply within ${timeout} ms`)), timeout);
        waiting.push({ resolve: (m) => (clearTimeout(timer), resolve(m)), reject });
      });
    },
    close() {
      child.stdin.end();
      child.kill();
    },
  };
}
