// Starts an MCP server on stdio and speaks JSON-RPC to it by hand, so the
// protocol version it asks for is exactly the one given. Prints one JSON
// document: {initialize, list, call, stderr, code}.
//
//   node serve.mjs SERVER.mjs PROTOCOL_VERSION TOOL ARGUMENTS_JSON
import { spawn } from "node:child_process";

const [server, version, tool, args] = process.argv.slice(2);
const child = spawn(process.execPath, [server], { stdio: ["pipe", "pipe", "pipe"] });
let stderr = "";
child.stderr.on("data", (d) => (stderr += d));

const pending = new Map();
let buffer = "";
child.stdout.on("data", (d) => {
  buffer += d;
  let nl;
  while ((nl = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (line.trim() === "") continue;
    const msg = JSON.parse(line);
    if (msg.id !== undefined && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  }
});

const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
let nextId = 1;
function request(method, params) {
  const id = nextId++;
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
  return Promise.race([
    new Promise((resolve) => pending.set(id, resolve)),
    exited.then((code) => ({ exited: code })),
  ]);
}

const out = {};
out.initialize = await request("initialize", {
  protocolVersion: version,
  capabilities: {},
  clientInfo: { name: "toolspec-test", version: "0" },
});
if (out.initialize.result) {
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  out.list = await request("tools/list", {});
  out.call = await request("tools/call", { name: tool, arguments: JSON.parse(args) });
  child.kill();
}
out.code = await exited;
out.stderr = stderr;
process.stdout.write(JSON.stringify(out));
