// An MCP server on stdio that serves the t27mcp reference catalog
// (specs/t27mcp/tool_schema.tspec) with the official TypeScript SDK's
// low-level Server. Everything but the handlers comes from the generated
// module ./t27catalog.mjs (toolspec gen-js): register answers tools/list
// per negotiated profile and checks every call's arguments and result with
// the generated validators; StdioTransport answers malformed lines and
// serves on. The handlers return canned data: this shows the wiring.
//
//   node examples/js-server/server.mjs                                 # serve on stdin/stdout
//   TOOLSPEC_EXAMPLE_SCOPE=read node examples/js-server/server.mjs     # only the read_only tools
//   TOOLSPEC_EXAMPLE_DROP=t27_grep node examples/js-server/server.mjs  # refuses to start
//   (and TOOLSPEC_EXAMPLE_EXTRA, TOOLSPEC_EXAMPLE_THROW: see handlers.mjs)
import { Server } from "@modelcontextprotocol/sdk/server/index.js";

import { SPEC_HASH, SPEC_NAME, StdioTransport, register } from "./t27catalog.mjs";
import { breakOnPurpose, handlers } from "./handlers.mjs";

const server = new Server({ name: SPEC_NAME, version: SPEC_HASH.slice(0, 12) });
try {
  register(server, breakOnPurpose(handlers, process.env), { scope: () => process.env.TOOLSPEC_EXAMPLE_SCOPE ?? "all" });
} catch (err) {
  process.stderr.write(`js-server: refusing to start: ${err.message}\n`);
  process.exit(1);
}
await server.connect(new StdioTransport());
