// An MCP server on stdio for any catalog that `toolspec gen-js` wrote: the
// module named by the first argument, served with the TypeScript SDK's
// low-level Server through the module's register and StdioTransport (as
// examples/js-server serves the reference catalog), each tool answering the
// first canned result the JSON file named by the second argument gives it
// ({TOOL: [value, ...]}). gen/dialect's TestGeminiCLISession serves the shared
// conformance specs with it.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";

const catalog = await import(pathToFileURL(process.argv[2]).href);
const canned = JSON.parse(readFileSync(process.argv[3], "utf8"));
const handlers = Object.fromEntries(Object.entries(canned).map(([tool, values]) => [tool, () => values[0]]));
const server = new Server({ name: catalog.SPEC_NAME, version: catalog.SPEC_HASH.slice(0, 12) });
catalog.register(server, handlers);
await server.connect(new catalog.StdioTransport());
