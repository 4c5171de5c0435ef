// The JavaScript side of the differential test (gen/js/node_test.go,
// TestAjvAgreesWithSanthosh): imports generated catalog modules, compiles
// every profile-2 inputSchema and outputSchema with ajv (JSON Schema
// 2020-12, strict, ownProperties, the asserted formats judged by
// gen/js/runtime/format.mjs as the generated validators judge them, any
// other format an annotation) and prints one verdict per case, as one JSON
// document. Whether format.mjs agrees with the Go side, which santhosh
// uses, is TestFormatsAgree's question; here ajv and the generated
// validators must apply the formats at the same places.
//
//   node differential.mjs CASES.json
//
// CASES.json is {modules: [path, ...], cases: [{m, tool, output, value}]}:
// m indexes modules, value is JSON text, parsed here with JSON.parse as an
// MCP server would parse the request. The output is
// {compileErrors: [...], verdicts: [true | false | null, ...], generated:
// [{valid, failures, ajvFailures}, ...]}: verdicts are ajv's (null when the
// tool has no compiled schema); generated holds the generated validators'
// verdict and failing "keyword instancePath" set, and ajv's set (allErrors).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;

const ASSERTED = ["date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"];
const tsFormat = new Function(readFileSync(new URL("../../runtime/format.mjs", import.meta.url), "utf8") + "\nreturn tsFormat;")();

// formatsFor teaches ajv the asserted formats, and every other format name
// a schema holds as an annotation (strict ajv refuses unknown formats).
function formatsFor(ajv, schema) {
  const walk = (x) => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== "object") return;
    if (typeof x.format === "string" && !ASSERTED.includes(x.format) && !ajv.formats[x.format]) ajv.addFormat(x.format, true);
    Object.values(x).forEach(walk);
  };
  walk(schema);
}

function newAjv(allErrors) {
  const ajv = new Ajv2020({ strict: true, allErrors, allowUnionTypes: true, validateFormats: true, ownProperties: true });
  for (const name of ASSERTED) ajv.addFormat(name, { type: "string", validate: (s) => tsFormat(name, s) });
  return ajv;
}

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const compileErrors = [];
const validators = [];
for (const [i, path] of input.modules.entries()) {
  const m = await import(pathToFileURL(path).href);
  // One ajv per module: tools of different catalogs may share names.
  const ajv = newAjv(false);
  const v = { in: new Map(), out: new Map() };
  for (const t of m.listTools(2).tools) {
    for (const [kind, schema] of [["in", t.inputSchema], ["out", t.outputSchema]]) {
      if (!schema) continue;
      try {
        formatsFor(ajv, schema);
        v[kind].set(t.name, ajv.compile(schema));
      } catch (err) {
        compileErrors.push(`${path} ${t.name} ${kind}: ${err.message}`);
      }
    }
  }
  validators[i] = v;
}

// For the failing keywords: ajv with allErrors, against the generated
// validators (validateInput / validateOutput of the same module), which
// report every problem too. A failure is "keyword instancePath".
const all = [];
for (const [i, path] of input.modules.entries()) {
  const m = await import(pathToFileURL(path).href);
  const ajv = newAjv(true);
  const v = { in: new Map(), out: new Map(), m };
  for (const t of m.listTools(2).tools) {
    formatsFor(ajv, t.inputSchema);
    formatsFor(ajv, t.outputSchema ?? {});
    v.in.set(t.name, ajv.compile(t.inputSchema));
    if (t.outputSchema) v.out.set(t.name, ajv.compile(t.outputSchema));
  }
  all[i] = v;
}
const failures = (list) => [...new Set(list.map((e) => e.keyword + " " + e.instancePath))].sort();

// wire is a value as the servers' string model reads it (docs/servers.md,
// "One number and one string model"): each lone surrogate of a string or
// key is U+FFFD, as in Go; two keys that become one keep the last value.
// ajv sees this; the generated validators get JSON.parse's value as is.
// (The number model is JSON.parse's own: 1e400 is Infinity, which ajv
// refuses as no number, and 1e-400 is 0.)
function wire(x) {
  if (typeof x === "string") return x.toWellFormed();
  if (Array.isArray(x)) return x.map(wire);
  if (x === null || typeof x !== "object") return x;
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    Object.defineProperty(out, k.toWellFormed(), { value: wire(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const verdicts = [];
const generated = [];
for (const c of input.cases) {
  const validate = validators[c.m][c.output ? "out" : "in"].get(c.tool);
  verdicts.push(validate ? validate(wire(JSON.parse(c.value))) : null);
  const { m } = all[c.m];
  const problems = (c.output ? m.validateOutput : m.validateInput)(c.tool, JSON.parse(c.value));
  const ajvAll = all[c.m][c.output ? "out" : "in"].get(c.tool);
  ajvAll(wire(JSON.parse(c.value)));
  generated.push({ valid: problems.length === 0, failures: failures(problems), ajvFailures: failures(ajvAll.errors ?? []) });
}
process.stdout.write(JSON.stringify({ compileErrors, verdicts, generated }) + "\n");
