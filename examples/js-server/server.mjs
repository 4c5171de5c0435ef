// An MCP server on stdio that serves the t27mcp reference catalog
// (specs/t27mcp/tool_schema.tspec) with the official TypeScript SDK's
// low-level Server. The tools come from the generated module
// ./t27catalog.mjs (toolspec gen-js): tools/list answers with
// listTools(profileFor(negotiated version)); tools/call validates the
// arguments against the tool's inputSchema (ajv, JSON Schema 2020-12) and
// every structured result against its outputSchema before it leaves. The
// handlers return canned data: this shows the wiring, not a t27 server.
//
//   node examples/js-server/server.mjs                          # serve on stdin/stdout
//   TOOLSPEC_EXAMPLE_DROP=t27_grep node examples/js-server/server.mjs   # refuses to start
//   TOOLSPEC_EXAMPLE_EXTRA=t27_nope node examples/js-server/server.mjs  # refuses to start
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolResultSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020 from "ajv/dist/2020.js";

import { SPEC_NAME, SPEC_HASH, checkHandlers, listTools, profileFor } from "./t27catalog.mjs";
import { handlers } from "./handlers.mjs";

// Break the server on purpose, to see the startup check refuse it.
const names = (s) => (s ?? "").split(",").map((n) => n.trim()).filter(Boolean);
for (const name of names(process.env.TOOLSPEC_EXAMPLE_DROP)) delete handlers[name];
for (const name of names(process.env.TOOLSPEC_EXAMPLE_EXTRA)) handlers[name] = () => "";

try {
  checkHandlers(Object.keys(handlers));
} catch (err) {
  process.stderr.write(`js-server: refusing to start: ${err.message}\n`);
  process.exit(1);
}

// The server's own validator. ownProperties: a row named "constructor" must
// not be found on Object.prototype. Formats are annotations, as in the
// generated Go decoders (JSON Schema 2020-12 does not assert them by default).
const ajv = new Ajv2020({ strict: true, allErrors: false, ownProperties: true, validateFormats: false });
const tools = new Map();
for (const tool of listTools(2).tools) {
  tools.set(tool.name, {
    input: ajv.compile(tool.inputSchema),
    output: tool.outputSchema ? ajv.compile(tool.outputSchema) : null,
    run: handlers[tool.name],
  });
}

// "/limit: maximum: must be <= 500", naming the property for the keywords
// whose instancePath is the object holding it.
function describe(error) {
  let path = error.instancePath;
  if (error.keyword === "required") path += "/" + error.params.missingProperty;
  if (error.keyword === "additionalProperties") path += "/" + error.params.additionalProperty;
  return `${path || "(root)"}: ${error.keyword}: ${error.message}`;
}

const text = (s, isError = false) => ({ content: [{ type: "text", text: s }], ...(isError && { isError: true }) });

// SDK 1.x does not expose the negotiated protocol version; record it where
// the low-level Server answers initialize (a private hook: revisit on upgrade).
// Handlers wait for that answer: a client that sends tools/list without
// waiting for the initialize result still gets its profile.
class CatalogServer extends Server {
  #profile = Promise.resolve(1);
  _oninitialize(request) {
    const result = super._oninitialize(request);
    this.#profile = result.then((r) => profileFor(r.protocolVersion));
    return result;
  }
  /** The profile of the negotiated protocol version (1 before initialize). */
  profile() {
    return this.#profile.catch(() => 1);
  }
}

const server = new CatalogServer({ name: SPEC_NAME, version: SPEC_HASH.slice(0, 12) }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  if (request.params?.cursor) throw new Error(`tools/list: unknown cursor ${JSON.stringify(request.params.cursor)}: the catalog is one page`);
  return listTools(await server.profile());
});

// tools/call is answered by the fallback handler (a public hook for methods
// without a handler of their own), which gets the request as it came off
// the wire. A handler set with setRequestHandler(CallToolRequestSchema) never
// sees arguments that are not an object: the SDK's zod schema refuses
// `"arguments": [1]` or `null` first, as JSON-RPC error -32603, where the
// spec (and the Go server) give a tool result with isError naming the rule.
// So: a missing or null `arguments` is no arguments ({}), anything else goes
// to ajv, and the result is still checked with the SDK's CallToolResultSchema
// as the SDK would.
server.fallbackRequestHandler = async (request) => {
  if (request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
  return CallToolResultSchema.parse(await callTool(request.params ?? {}));
};

async function callTool(params) {
  const { name } = params;
  const args = params.arguments ?? {};
  const tool = tools.get(name);
  // An unknown tool is a protocol error (MCP: "Unknown tools" → -32602), as in the Go SDK.
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
  if (!tool.input(args)) {
    return text(`${name}: invalid arguments: ${describe(tool.input.errors[0])}`, true);
  }
  const result = await tool.run(args);
  if (!tool.output) return text(result);
  if (!tool.output(result)) {
    // A handler bug: never send a result that breaks the schema.
    return text(`${name}: internal error: result does not match the output schema: ${describe(tool.output.errors[0])}`, true);
  }
  const json = JSON.stringify(result);
  return (await server.profile()) === 2 ? { content: [{ type: "text", text: json }], structuredContent: result } : text(json);
}

await server.connect(new StdioServerTransport());
