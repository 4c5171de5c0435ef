// StdioTransport in-process, over fake streams (gen/js/node_test.go,
// TestStdioTransport). Prints {failures: [...]}: every check that failed.
//
//   node transport.mjs CATALOG.mjs
import { EventEmitter } from "node:events";
import { pathToFileURL } from "node:url";

const m = await import(pathToFileURL(process.argv[2]).href);
const failures = [];
const check = (ok, what) => ok || failures.push(what);

// feed writes the chunks to a new transport and returns what it passed on
// (messages) and what it answered (replies).
async function feed(chunks) {
  const stdin = new EventEmitter();
  stdin.pause = () => {};
  const written = [];
  const stdout = { write: (s) => (written.push(s), true), once() {} };
  const t = new m.StdioTransport(stdin, stdout);
  const messages = [];
  let closed = false;
  t.onmessage = (msg) => messages.push(msg);
  t.onclose = () => (closed = true);
  await t.start();
  for (const c of chunks) stdin.emit("data", Buffer.from(c));
  stdin.emit("end");
  await new Promise((r) => setImmediate(r));
  const replies = written.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  return { messages, replies, closed };
}

const ping = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });
const good = ping(1) + "\n" + ping("two") + "\r\n\n  \n" + JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n";

// Every way of cutting the input into two or three chunks gives the same messages.
const whole = await feed([good]);
check(whole.messages.length === 3 && whole.replies.length === 0 && whole.closed, `whole: ${JSON.stringify(whole)}`);
for (let i = 0; i <= good.length; i++) {
  const got = await feed([good.slice(0, i), good.slice(i, i + 7), good.slice(i + 7)]);
  check(JSON.stringify(got.messages) === JSON.stringify(whole.messages) && got.replies.length === 0, `cut at ${i}: ${JSON.stringify(got)}`);
}
// A multi-byte character cut between chunks.
const utf = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping", params: { s: "é😀" } }) + "\n");
for (let i = 0; i <= utf.length; i++) {
  const got = await feed([utf.subarray(0, i), utf.subarray(i)]);
  check(got.messages[0]?.params?.s === "é😀", `utf-8 cut at ${i}: ${JSON.stringify(got.messages)}`);
}

// Bad lines: one reply each, with the code and id, and the next good line passes.
const deep = (n) => "[".repeat(n) + "]".repeat(n);
const cases = [
  ["x", -32700, null],
  ["{", -32700, null],
  [ping(1) + ping(2), -32700, null],
  ["[" + ping(3) + "]", -32600, null],
  ["[]", -32600, null],
  ["1", -32600, null],
  ["null", -32600, null],
  ['{"id":4,"method":"ping"}', -32600, 4],
  ['{"jsonrpc":"1.0","id":4,"method":"ping"}', -32600, 4],
  ['{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, null],
  ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600, null],
  ['{"jsonrpc":"2.0","id":6,"method":7}', -32600, 6],
  ['{"jsonrpc":"2.0","id":7,"method":"ping","params":[1]}', -32600, 7],
  ['{"jsonrpc":"2.0","id":8,"method":"ping","params":{"_meta":1}}', -32600, 8],
  ['{"jsonrpc":"2.0","id":9}', -32600, 9],
  [`{"jsonrpc":"2.0","id":10,"method":"x","params":{"a":${deep(m.MAX_DEPTH - 1)}}}`, -32600, 10],
  [`{"jsonrpc":"2.0","id":"deep","method":"x","params":{"a":${deep(100000)}}}`, -32600, "deep"],
  [`{"jsonrpc":"2.0","id":11,"method":"ping","params":{"s":"[[[[${"[".repeat(2000)}"}}`, 0, 11],
  [`{"jsonrpc":"2.0","id":12,"method":"ping","params":{"a":${deep(m.MAX_DEPTH - 2)}}}`, 0, 12],
  // A member JSON-RPC does not define is dropped, not the message.
  ['{"jsonrpc":"2.0","id":13,"method":"ping","extra":1}', 0, 13],
  // Calls but ping wait for initialize.
  ['{"jsonrpc":"2.0","id":14,"method":"tools/list"}', -32600, 14],
];
for (const [line, code, id] of cases) {
  const got = await feed([line + "\n" + ping(99) + "\n"]);
  const what = `${line.slice(0, 60)}: ${JSON.stringify(got).slice(0, 300)}`;
  if (code === 0) {
    check(got.replies.length === 0 && got.messages.length === 2 && got.messages[0].id === id, `passed on: ${what}`);
    continue;
  }
  check(got.replies.length === 1 && got.replies[0].error?.code === code && got.replies[0].id === id, `answered: ${what}`);
  check(got.messages.length === 1 && got.messages[0].id === 99, `next line passed on: ${what}`);
}

// Over MAX_LINE_BYTES, in many chunks: one reply, nothing kept, the next line passes.
{
  const chunk = "a".repeat(1 << 20);
  const chunks = [];
  for (let i = 0; i < m.MAX_LINE_BYTES / chunk.length + 1; i++) chunks.push(chunk);
  chunks.push("\n" + ping(100) + "\n");
  const got = await feed(chunks);
  check(got.replies.length === 1 && got.replies[0].error?.code === -32600 && /16777216/.test(got.replies[0].error.message), `long line: ${JSON.stringify(got.replies)}`);
  check(got.messages.length === 1 && got.messages[0].id === 100, `after the long line: ${JSON.stringify(got.messages)}`);
  const exact = await feed([" ".repeat(m.MAX_LINE_BYTES - ping(101).length) + ping(101) + "\n"]);
  check(exact.messages.length === 1 && exact.replies.length === 0, `a line of exactly MAX_LINE_BYTES passes: ${JSON.stringify(exact.replies)}`);
}

// The extra member is gone from what the SDK gets.
{
  const got = await feed(['{"jsonrpc":"2.0","id":13,"method":"ping","extra":1}\n']);
  check(got.messages.length === 1 && !Object.hasOwn(got.messages[0], "extra"), `extra member dropped: ${JSON.stringify(got.messages)}`);
}
// A last line without a newline is read.
{
  const got = await feed([ping(1) + "\n" + ping(2)]);
  check(got.messages.length === 2 && got.messages[1].id === 2, `last unterminated line: ${JSON.stringify(got)}`);
}
// One initialize per session; calls after it are served.
{
  const init = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } });
  const got = await feed([init(1) + "\n" + init(2) + "\n" + JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }) + "\n"]);
  check(got.messages.length === 2 && got.messages[0].id === 1 && got.messages[1].id === 3, `second initialize not passed on: ${JSON.stringify(got.messages)}`);
  check(got.replies.length === 1 && got.replies[0].id === 2 && got.replies[0].error?.code === -32600 && /already initialized/.test(got.replies[0].error.message), `second initialize refused: ${JSON.stringify(got.replies)}`);
}

process.stdout.write(JSON.stringify({ failures }) + "\n");
