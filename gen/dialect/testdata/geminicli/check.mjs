// gemini-cli's own tool code over toolspec tables, offline
// (gen/dialect's TestGeminiCLIOwnCode). Reads {tables: {NAME: tools},
// calls: [{table, tool, args}]} from the file named by its argument; for each call, builds the MCP
// tool as gemini-cli does (DiscoveredMCPTool: its schema gets
// wait_for_previous) and validates the arguments with gemini-cli's own
// validator, once as sent and once with wait_for_previous: true. Prints
// {refused: [{table, tool, args, why}], checked, injected}.
import { readFileSync } from "node:fs";
import { DiscoveredMCPTool } from "@google/gemini-cli-core";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const tools = {};
for (const [name, list] of Object.entries(input.tables)) {
  tools[name] = new Map(list.map((t) => [t.name, new DiscoveredMCPTool(null, "srv", t.name, t.description, t.inputSchema, undefined)]));
}
const refused = [];
let checked = 0;
let injected = 0;
for (const { table, tool, args } of input.calls) {
  const t = tools[table].get(tool);
  if (t.schema.parametersJsonSchema.properties?.wait_for_previous?.type === "boolean") injected++;
  for (const a of [args, { ...args, wait_for_previous: true }]) {
    checked++;
    const why = t.validateToolParams(a);
    if (why !== null) refused.push({ table, tool, args: a, why });
  }
}
process.stdout.write(JSON.stringify({ refused, checked, injected }));
