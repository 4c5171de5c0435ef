// The floor of the startup benchmark: node, the SDK and the catalog
// module, answering tools/list from listTools and nothing else.
//
//   node serve-baseline.mjs CATALOG.mjs
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const m = await import(pathToFileURL(process.argv[2]).href);
const server = new Server({ name: m.SPEC_NAME, version: "0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => m.listTools(2));
await server.connect(new StdioServerTransport());
