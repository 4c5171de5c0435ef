// The startup and per-call benchmark (gen/js/bench_test.go, BenchmarkServe).
//
//   node startup.mjs CATALOG.mjs CASES.json RUNS
//
// Starts serve-baseline.mjs (node, the SDK and the module, no validation),
// serve-generated.mjs and serve-ajv.mjs RUNS times each, in turn,
// and measures from spawn to the tools/list reply (initialize, initialized
// and tools/list are written at once). Then, in this process, validates
// every case of CASES.json ([{tool, value}], input values) with
// validateInput and with ajv's compiled validators (allErrors, as
// validateInput reports every problem; and without), and prints medians
// and per-call times as one JSON document.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const here = dirname(fileURLToPath(import.meta.url));
const [catalog, casesPath, runsText] = process.argv.slice(2);
const runs = Number(runsText);

function startOnce(script) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(here, script), catalog], { stdio: ["pipe", "pipe", "inherit"] });
    let buffer = "";
    child.stdout.on("data", (d) => {
      buffer += d;
      let i;
      while ((i = buffer.indexOf("\n")) >= 0) {
        const message = JSON.parse(buffer.slice(0, i));
        buffer = buffer.slice(i + 1);
        if (message.id === 2) {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          child.kill();
          if (!message.result?.tools?.length) reject(new Error(`${script}: ${JSON.stringify(message).slice(0, 200)}`));
          resolve(ms);
        }
      }
    });
    child.on("error", reject);
    const send = (m) => JSON.stringify({ jsonrpc: "2.0", ...m }) + "\n";
    child.stdin.write(
      send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } } }) +
        send({ method: "notifications/initialized" }) +
        send({ id: 2, method: "tools/list", params: {} }),
    );
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = { baseline: [], generated: [], ajv: [] };
for (let i = 0; i < runs; i++) {
  times.baseline.push(await startOnce("serve-baseline.mjs"));
  times.generated.push(await startOnce("serve-generated.mjs"));
  times.ajv.push(await startOnce("serve-ajv.mjs"));
}

const m = await import(pathToFileURL(catalog).href);
const cases = JSON.parse(readFileSync(casesPath, "utf8")).map((c) => ({ tool: c.tool, value: c.value }));
const compiled = {};
for (const allErrors of [true, false]) {
  const ajv = new Ajv2020({ strict: true, allErrors, allowUnionTypes: true, ownProperties: true, validateFormats: false });
  const t0 = process.hrtime.bigint();
  const map = new Map(m.listTools(2).tools.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  compiled[allErrors] = { map, compileMs: Number(process.hrtime.bigint() - t0) / 1e6 };
}
function perCall(f) {
  let n = 0;
  const t0 = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - t0) < 1e9) {
    for (const c of cases) f(c);
    n += cases.length;
  }
  return Number(process.hrtime.bigint() - t0) / n;
}
let sink = 0;
const result = {
  startMs: { baseline: median(times.baseline), generated: median(times.generated), ajv: median(times.ajv) },
  starts: times,
  ajvCompileMs: compiled[false].compileMs,
  nsPerCall: {
    generated: perCall((c) => (sink += m.validateInput(c.tool, c.value).length)),
    ajvAllErrors: perCall((c) => (sink += compiled[true].map.get(c.tool)(c.value) ? 0 : 1)),
    ajvFirstError: perCall((c) => (sink += compiled[false].map.get(c.tool)(c.value) ? 0 : 1)),
  },
  cases: cases.length,
  sink,
};
process.stdout.write(JSON.stringify(result) + "\n");
