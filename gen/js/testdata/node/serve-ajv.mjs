// The approach register replaces, for the startup benchmark: the example
// server as it was, compiling every tool's schemas with ajv at startup.
//
//   node serve-ajv.mjs CATALOG.mjs
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020Module from "ajv/dist/2020.js";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const m = await import(pathToFileURL(process.argv[2]).href);
const ajv = new Ajv2020({ strict: true, allErrors: false, ownProperties: true, validateFormats: false });
const tools = new Map();
for (const tool of m.listTools(2).tools) {
  tools.set(tool.name, { input: ajv.compile(tool.inputSchema), output: tool.outputSchema ? ajv.compile(tool.outputSchema) : null });
}
const server = new Server({ name: m.SPEC_NAME, version: "0" }, { capabilities: { tools: {} } });
let profile = Promise.resolve(1);
const init = server._oninitialize;
server._oninitialize = function (request) {
  const result = init.call(this, request);
  profile = result.then((r) => m.profileFor(r.protocolVersion));
  return result;
};
server.setRequestHandler(ListToolsRequestSchema, async () => m.listTools(await profile));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool.input(request.params.arguments ?? {})) return { content: [{ type: "text", text: "invalid" }], isError: true };
  return { content: [{ type: "text", text: "{}" }] };
});
await server.connect(new StdioServerTransport());
