// Imports a generated catalog module and prints, as one JSON document,
// everything the Go test (gen/js/node_test.go) asserts about it.
//
//   node check.mjs CATALOG.mjs FIXTURES.json
//
// FIXTURES.json is [{tool, output, value}, ...]; each is validated with ajv
// (2020-12) against the tool's profile-2 schema, and input fixtures also
// with ajv draft-07 against the profile-1 input schema.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import AjvModule from "ajv";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const Ajv7 = AjvModule.default ?? AjvModule;

const [modulePath, fixturesPath] = process.argv.slice(2);
const m = await import(pathToFileURL(modulePath).href);
const fixtures = JSON.parse(readFileSync(fixturesPath, "utf8"));

function attempt(f) {
  try {
    f();
    return null;
  } catch (err) {
    return `${err.name}: ${err.message}`;
  }
}

const out = {
  exports: Object.keys(m).sort(),
  name: m.SPEC_NAME,
  hash: m.SPEC_HASH,
  key: m.CATALOG_KEY,
  profiles: m.PROFILES,
  profilesFrozen: Object.isFrozen(m.PROFILES) && Object.isFrozen(m.PROFILES[1]) && Object.isFrozen(m.PROFILES[2]) && Object.isFrozen(m.PROFILES[3]),
  p1: m.listTools(1),
  p2: m.listTools(2),
  p3: m.listTools(3),
  p3Order: Object.keys(m.listTools(3)),
  defaultIsP1: JSON.stringify(m.listTools()) === JSON.stringify(m.listTools(1)),
  listTools4: attempt(() => m.listTools(4)),
  listToolsString: attempt(() => m.listTools("2")),
};

// profileFor: the cases are keyed by how they are written here.
const cases = {
  '"2024-11-05"': "2024-11-05",
  '"2025-03-26"': "2025-03-26",
  '"2025-06-17"': "2025-06-17",
  '"2025-06-18"': "2025-06-18",
  '"2025-11-25"': "2025-11-25",
  '"2026-07-27"': "2026-07-27",
  '"2026-07-28"': "2026-07-28",
  '"2099-01-01"': "2099-01-01",
  undefined: undefined,
  null: null,
  '""': "",
  '"garbage"': "garbage",
  '"zzzz-zz-zz"': "zzzz-zz-zz",
  '"2025-06-18x"': "2025-06-18x",
  "20250618": 20250618,
};
out.profileFor = {};
for (const [label, v] of Object.entries(cases)) {
  out.profileFor[label] = m.profileFor(v);
}
out.profileForNoArg = m.profileFor();

// checkHandlers: every name, none, extras, one missing plus extras, a Set.
const names = out.p2.tools.map((t) => t.name);
out.checkHandlers = {
  all: attempt(() => m.checkHandlers(names)),
  allSet: attempt(() => m.checkHandlers(new Set(names))),
  none: attempt(() => m.checkHandlers([])),
  extra: attempt(() => m.checkHandlers([...names, "zz", "</script>", "zz"])),
  dropFirst: attempt(() => m.checkHandlers([...names.slice(1), "__proto__"])),
};

// Tamper: mutate everything reachable from one result; a second call must
// not see it. PROFILES must refuse changes (modules are strict code).
const before = JSON.stringify(m.listTools(2));
const victim = m.listTools(2);
victim.tools.push({ name: "intruder" });
for (const t of victim.tools) {
  t.name = "changed";
  if (t.inputSchema) {
    t.inputSchema.type = "string";
    t.inputSchema.properties = { evil: {} };
  }
}
victim._meta[m.CATALOG_KEY] = "forged";
out.tamperSame = JSON.stringify(m.listTools(2)) === before && JSON.stringify(m.listTools(2)) !== JSON.stringify(victim);
out.profilesWrite = attempt(() => {
  m.PROFILES[1].catalog = "forged";
});

// ajv: compile every schema, 2020-12 for profile 2 and draft-07 for
// profile 1, in strict mode. The formats toolspec asserts are validated
// as the generated validators do (runtime/format.mjs), any other is an
// annotation; prefixItems is an annotation to draft-07.
// ownProperties: without it ajv reads inherited properties, so a property
// named "constructor" or "toString" counts as present in every object.
const options = {
  strict: true,
  allErrors: true,
  allowUnionTypes: true,
  validateFormats: true,
  ownProperties: true,
};
const ajv2020 = new Ajv2020(options);
const ajv7 = new Ajv7(options);
const ASSERTED = ["date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"];
const tsFormat = new Function(readFileSync(new URL("../../runtime/format.mjs", import.meta.url), "utf8") + "\nreturn tsFormat;")();
for (const ajv of [ajv2020, ajv7]) {
  for (const name of ASSERTED) ajv.addFormat(name, { type: "string", validate: (s) => tsFormat(name, s) });
}
// Every other format a schema names is an annotation (strict ajv refuses
// a format it does not know).
function annotateFormats(x) {
  if (Array.isArray(x)) return x.forEach(annotateFormats);
  if (x === null || typeof x !== "object") return;
  if (typeof x.format === "string" && !ASSERTED.includes(x.format)) {
    for (const ajv of [ajv2020, ajv7]) if (!ajv.formats[x.format]) ajv.addFormat(x.format, true);
  }
  Object.values(x).forEach(annotateFormats);
}
if (!ajv7.getKeyword("prefixItems")) {
  ajv7.addKeyword("prefixItems");
}
out.compileErrors = [];
const compiled = { in2: {}, out2: {}, in1: {} };
function compile(ajv, schema, where) {
  try {
    annotateFormats(schema);
    return ajv.compile(schema);
  } catch (err) {
    out.compileErrors.push(`${where}: ${err.message}`);
    return null;
  }
}
for (const t of out.p2.tools) {
  compiled.in2[t.name] = compile(ajv2020, t.inputSchema, `${t.name} inputSchema (2020-12)`);
  if (t.outputSchema) {
    compiled.out2[t.name] = compile(ajv2020, t.outputSchema, `${t.name} outputSchema (2020-12)`);
  }
}
for (const t of out.p1.tools) {
  compiled.in1[t.name] = compile(ajv7, t.inputSchema, `${t.name} inputSchema (draft-07)`);
}

// Scopes: the tool names and the identity of each profile's scoped table.
out.scopes = {};
for (const profile of [1, 2]) {
  for (const scope of ["all", "read", "write"]) {
    const table = m.listTools(profile, { scope });
    out.scopes[`${profile}/${scope}`] = { names: table.tools.map((t) => t.name), identity: table._meta[m.CATALOG_KEY] };
  }
}
out.scopeBad = attempt(() => m.listTools(2, { scope: "admin" }));
out.validateUnknown = attempt(() => m.validateInput("no such tool", {}));

// Messages quote at most QUOTE_LIMIT characters of any input: a 1 MB
// unknown key, and a 1 MB string everywhere a string can go.
const huge = "\u{1F600}" + "x".repeat(1 << 20);
out.longestMessage = 0;
for (const t of out.p2.tools) {
  const args = { [huge]: 1 };
  for (const name of Object.keys(t.inputSchema.properties ?? {})) args[name] = huge;
  for (const p of m.validateInput(t.name, args)) {
    out.longestMessage = Math.max(out.longestMessage, p.message.length - (p.keyword === "pattern" ? (t.inputSchema.properties[p.instancePath.slice(1)]?.pattern?.length ?? 0) : 0));
    out.longestPath = Math.max(out.longestPath ?? 0, p.instancePath.length);
  }
}

out.fixtures = fixtures.map((f) => {
  const v2 = (f.output ? compiled.out2 : compiled.in2)[f.tool];
  const r = { valid: null, errors: [], draft7Valid: null };
  if (v2) {
    r.valid = v2(f.value);
    r.errors = (v2.errors ?? []).map((e) => ({ keyword: e.keyword, at: e.instancePath }));
  }
  // The generated validators, on the same value.
  r.generated = (f.output ? m.validateOutput : m.validateInput)(f.tool, f.value).map((e) => ({ keyword: e.keyword, at: e.instancePath }));
  const v1 = f.output ? null : compiled.in1[f.tool];
  if (v1) {
    r.draft7Valid = v1(f.value);
  }
  return r;
});

process.stdout.write(JSON.stringify(out));
