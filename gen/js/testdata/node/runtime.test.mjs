// Unit tests of the runtime's helpers (gen/js/runtime/*.mjs), called
// directly: TestRuntime hands a module of the kinds spec whose internal
// helpers are exported for the test. Exits non-zero when a test fails.
//
//   node runtime.test.mjs MODULE.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

const m = await import(pathToFileURL(process.argv[2]).href);

test("tsErr keeps the first MAX_PROBLEMS problems, then marks the array truncated", () => {
  const e = [];
  for (let i = 0; i < m.MAX_PROBLEMS; i++) m.tsErr(e, "/" + i, "type", "bad");
  assert.equal(e.length, m.MAX_PROBLEMS);
  assert.equal(e.truncated, undefined);
  assert.deepEqual(e[0], { instancePath: "/0", keyword: "type", message: "bad", params: {} });
  m.tsErr(e, "/late", "type", "bad", { x: 1 });
  assert.equal(e.length, m.MAX_PROBLEMS);
  assert.equal(e.truncated, true);
  assert.equal(e.at(-1).instancePath, "/" + (m.MAX_PROBLEMS - 1));
});

test("describeProblems lists at most limit problems, then how many more", () => {
  const e = [1, 2, 3].map((i) => ({ instancePath: i === 1 ? "" : "/" + i, keyword: "k", message: "m" + i }));
  assert.equal(m.describeProblems(e), "(root): k: m1; /2: k: m2; /3: k: m3");
  assert.equal(m.describeProblems(e, 1), "(root): k: m1; and 2 more problems");
  assert.equal(m.describeProblems(e, 2), "(root): k: m1; /2: k: m2; and 1 more problem");
  e.truncated = true;
  assert.equal(m.describeProblems(e, 3), "(root): k: m1; /2: k: m2; /3: k: m3; (more not counted)");
});

test("tsQuote cuts at QUOTE_LIMIT code points", () => {
  const n = m.QUOTE_LIMIT;
  assert.equal(m.tsQuote("a\"b"), JSON.stringify("a\"b"));
  assert.equal(m.tsQuote("x".repeat(n)), JSON.stringify("x".repeat(n)));
  assert.equal(m.tsQuote("x".repeat(n + 1)), JSON.stringify("x".repeat(n)) + "...");
  // A surrogate pair is one character: n of them are not cut, n+1 are, never mid-pair.
  const g = "\u{1F600}";
  assert.equal(m.tsQuote(g.repeat(n)), JSON.stringify(g.repeat(n)));
  assert.equal(m.tsQuote(g.repeat(n + 1)), JSON.stringify(g.repeat(n)) + "...");
  assert.equal(m.tsShow("x".repeat(n + 5)), JSON.stringify("x".repeat(n)) + "...");
  assert.equal(m.tsShow([1]), "array");
  assert.equal(m.tsShow(null), "null");
});

test("tsPointer escapes ~ and / and cuts long keys", () => {
  assert.equal(m.tsPointer("a/b~c"), "a~1b~0c");
  assert.equal(m.tsPointer("plain"), "plain");
  assert.equal(m.tsPointer("k".repeat(m.QUOTE_LIMIT + 1)), "k".repeat(m.QUOTE_LIMIT) + "...");
});

test("tsLen counts code points; a lone surrogate is one", () => {
  assert.equal(m.tsLen(""), 0);
  assert.equal(m.tsLen("ab"), 2);
  assert.equal(m.tsLen("\u{1F600}x"), 2);
  assert.equal(m.tsLen("\ud800x"), 2);
  assert.equal(m.tsLen("x\udc00"), 2);
});

test("tsDuplicate finds the first repeated item by JSON equality", () => {
  assert.deepEqual(m.tsDuplicate([1, 2, 1]), [0, 2]);
  assert.equal(m.tsDuplicate([1, "1", true, null, [], {}]), null);
  assert.deepEqual(m.tsDuplicate([{ a: 1, b: [2] }, { b: [2], a: 1 }]), [0, 1]);
  assert.equal(m.tsDuplicate([[1, 2], [2, 1]]), null);
  assert.equal(m.tsDuplicate([1, 1], (x) => typeof x === "string"), null);
});

test("tsMultipleOf decides in decimal", () => {
  assert.equal(m.tsMultipleOf(0.3, 0.1, "0.1"), true);
  assert.equal(m.tsMultipleOf(0.35, 0.1, "0.1"), false);
  assert.equal(m.tsMultipleOf(10, 5, "5"), true);
  assert.equal(m.tsMultipleOf(1e-7, 1e-8, "1e-8"), true);
  assert.equal(m.tsMultipleOf(7, 0.5, "0.5"), true);
  assert.equal(m.tsMultipleOf(7.25, 0.5, "0.5"), false);
});

test("tsScan measures depth and blanks the levels below 1 when it is over MAX_DEPTH", () => {
  assert.deepEqual(m.tsScan(Buffer.from('{"a":[{"b":"[[["}]}')), { depth: 3 });
  const deep = '{"id":7,"p":' + "[".repeat(m.MAX_DEPTH) + "]".repeat(m.MAX_DEPTH) + "}";
  const got = m.tsScan(Buffer.from(deep));
  assert.equal(got.depth, m.MAX_DEPTH + 1);
  assert.deepEqual(JSON.parse(got.skeleton), { id: 7, p: 0 });
});

test("tsShape names what is wrong with a JSON-RPC message", () => {
  assert.equal(m.tsShape({ jsonrpc: "2.0", id: 1, method: "ping" }), "");
  assert.equal(m.tsShape([]), "batches are not supported");
  assert.equal(m.tsShape({ jsonrpc: "1.0", method: "x" }), 'jsonrpc must be "2.0"');
  assert.equal(m.tsShape({ jsonrpc: "2.0", id: 1.5, method: "x" }), "id must be a string or an integer");
  assert.equal(m.tsShape({ jsonrpc: "2.0", id: 1 }), "a response needs a result or an error");
});

test("a module without dialect tables serves the standard table only", () => {
  assert.equal(m.tsDialect(null), null);
  assert.equal(m.tsDialect(undefined), null);
  assert.throws(() => m.tsDialect("gemini"), { name: "RangeError", message: /carries no dialect tables/ });
  assert.equal(m.defaultDialectFor({ name: "gemini-cli-mcp-client" }), null);
  const args = { a: null };
  assert.equal(m.normalizeArgs("openai_strict", "x", args), args);
});
