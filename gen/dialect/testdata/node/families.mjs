// Runs tools/list tables through what the client families ship: the
// @google/genai SDK (mcpToTool, and the `parameters` path of
// generateContent, with fetch stubbed so nothing leaves the machine),
// @openai/agents-core's mcpToFunctionTool(..., true), and ajv draft-07 for
// Copilot. Reads {"tables": {"<label>": {"family", "table"}}} on stdin and
// prints {"<label>": {"refused": [...], "weakened": [...]}}, one entry per
// tool the family refuses or weakens, with the reason.
import { GoogleGenAI, mcpToTool } from "@google/genai";
import { mcpToFunctionTool } from "@openai/agents-core";
import Ajv from "ajv";

const input = JSON.parse(await new Promise((resolve) => {
  let s = "";
  process.stdin.on("data", (d) => (s += d));
  process.stdin.on("end", () => resolve(s));
}));

// The fields of Gemini's Schema proto (v1beta): any other field fails the
// request with "Unknown name".
const geminiFields = new Set(["type", "format", "title", "description", "nullable", "enum", "items",
  "properties", "required", "minItems", "maxItems", "minProperties", "maxProperties", "minLength",
  "maxLength", "pattern", "minimum", "maximum", "anyOf", "propertyOrdering", "default", "example"]);

function geminiProblems(s, path, out) {
  if (s === null || typeof s !== "object") return;
  for (const k of Object.keys(s)) if (!geminiFields.has(k)) out.push(`${path}: unknown field ${k}`);
  if (Array.isArray(s.type)) out.push(`${path}: type is a list`);
  if (s.type === "TYPE_UNSPECIFIED" || (s.type === undefined && !s.anyOf)) out.push(`${path}: no type`);
  if (Array.isArray(s.enum) && s.enum.some((v) => typeof v !== "string")) out.push(`${path}: enum of non-strings`);
  if ((s.type === "ARRAY" || s.type === "array") && !s.items) out.push(`${path}: array without items`);
  for (const [k, v] of Object.entries(s.properties ?? {})) geminiProblems(v, `${path}/${k}`, out);
  if (s.items) geminiProblems(s.items, `${path}/items`, out);
  for (const [i, v] of (s.anyOf ?? []).entries()) geminiProblems(v, `${path}/anyOf/${i}`, out);
}

// The request body the SDK would send for one tool on the `parameters` path.
async function geminiRequest(tool) {
  let body;
  globalThis.fetch = async (_url, init) => {
    body = JSON.parse(init.body);
    return new Response(JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] }), {
      status: 200, headers: { "content-type": "application/json" },
    });
  };
  const ai = new GoogleGenAI({ apiKey: "offline" });
  await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "hi",
    config: { tools: [{ functionDeclarations: [{ name: tool.name, description: tool.description, parameters: structuredClone(tool.inputSchema) }] }] },
  });
  return body.tools[0].functionDeclarations[0];
}

async function gemini(table) {
  const refused = [];
  // mcpToTool: the SDK's MCP bridge must take every tool.
  const client = { listTools: async () => table, callTool: async () => ({ content: [] }) };
  const decls = (await mcpToTool(client).tool()).functionDeclarations;
  if (decls.length !== table.tools.length) refused.push(`mcpToTool kept ${decls.length} of ${table.tools.length}`);
  for (const tool of table.tools) {
    let problems = [];
    try {
      const decl = await geminiRequest(tool);
      geminiProblems(decl.parameters, "", problems);
    } catch (e) {
      problems = [String(e.message ?? e)];
    }
    if (problems.length) refused.push(`${tool.name}: ${problems[0]}`);
  }
  return { refused, weakened: [] };
}

async function openaiStrict(table) {
  const refused = [];
  const server = { name: "toolspec", callTool: async () => [] };
  for (const tool of table.tools) {
    try {
      const ft = mcpToFunctionTool(tool, server, true);
      if (ft.strict !== true) refused.push(`${tool.name}: fell back to non-strict`);
    } catch (e) {
      refused.push(`${tool.name}: ${e.message ?? e}`);
    }
  }
  return { refused, weakened: [] };
}

function copilot(table) {
  const refused = [];
  const ajv = new Ajv({ strict: false, allErrors: true }); // draft-07, as VS Code's validator
  for (const tool of table.tools) {
    try {
      ajv.compile(tool.inputSchema);
    } catch (e) {
      refused.push(`${tool.name}: ${e.message}`);
      continue;
    }
    const noItems = [];
    (function walk(s, p) {
      if (!s || typeof s !== "object") return;
      const types = [].concat(s.type ?? []);
      if (types.includes("array") && s.items === undefined) noItems.push(p);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${p}/${k}`);
      if (s.items && !Array.isArray(s.items)) walk(s.items, `${p}/items`);
      for (const v of [].concat(Array.isArray(s.items) ? s.items : [], s.prefixItems ?? [])) walk(v, p);
      if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, p);
    })(tool.inputSchema, "");
    if (noItems.length) refused.push(`${tool.name}: tool parameters array type must have items (${noItems[0]})`);
  }
  return { refused, weakened: [] };
}

const out = {};
for (const [label, { family, table }] of Object.entries(input.tables)) {
  const judge = { gemini, openai_strict: openaiStrict, copilot }[family];
  out[label] = await judge(table);
}
process.stdout.write(JSON.stringify(out) + "\n");
