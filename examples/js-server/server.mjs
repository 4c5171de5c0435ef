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
//   TOOLSPEC_EXAMPLE_DIALECT=gemini node examples/js-server/server.mjs # every session the gemini table
//   TOOLSPEC_EXAMPLE_DROP=t27_grep node examples/js-server/server.mjs  # refuses to start
//   node examples/js-server/server.mjs --http 127.0.0.1:3002           # Streamable HTTP at /mcp
//   node examples/js-server/server.mjs --sdk 2                         # on the TypeScript SDK 2's McpServer
//   (and TOOLSPEC_EXAMPLE_EXTRA, TOOLSPEC_EXAMPLE_THROW: see handlers.mjs)
import { SPEC_HASH, SPEC_NAME, StdioTransport, register, serveHttp } from "./t27catalog.mjs";
import { breakOnPurpose, handlers } from "./handlers.mjs";

// --sdk 2 (or TOOLSPEC_EXAMPLE_SDK=2) serves on the TypeScript SDK 2
// (@modelcontextprotocol/server): register on its McpServer's Server, so
// tools of the McpServer's own would be served beside the catalog's. By
// default, SDK 1.x's low-level Server (@modelcontextprotocol/sdk). The
// handlers are the same: they use neither SDK's context.
const sdkAt = process.argv.indexOf("--sdk");
const sdk = sdkAt >= 0 ? process.argv[sdkAt + 1] : (process.env.TOOLSPEC_EXAMPLE_SDK ?? "1");
if (sdk !== "1" && sdk !== "2") {
  process.stderr.write("js-server: --sdk takes 1 or 2\n");
  process.exit(2);
}
const info = { name: SPEC_NAME, version: SPEC_HASH.slice(0, 12) };
const makeServer =
  sdk === "2"
    ? await import("@modelcontextprotocol/server").then(({ McpServer }) => () => new McpServer(info).server)
    : await import("@modelcontextprotocol/sdk/server/index.js").then(({ Server }) => () => new Server(info));

function newServer() {
  const server = makeServer();
  const dialect = process.env.TOOLSPEC_EXAMPLE_DIALECT;
  register(server, breakOnPurpose(handlers, process.env), {
    scope: () => process.env.TOOLSPEC_EXAMPLE_SCOPE ?? "all",
    ...(dialect ? { dialectFor: () => dialect } : {}),
  });
  return server;
}

let server;
try {
  server = newServer();
} catch (err) {
  process.stderr.write(`js-server: refusing to start: ${err.message}\n`);
  process.exit(1);
}
const at = process.argv.indexOf("--http");
if (at < 0) {
  await server.connect(new StdioTransport());
} else {
  const addr = process.argv[at + 1] ?? "";
  const colon = addr.lastIndexOf(":");
  if (colon < 0) {
    process.stderr.write("js-server: --http takes HOST:PORT\n");
    process.exit(2);
  }
  const http = await serveHttp(newServer, { host: addr.slice(0, colon), port: Number(addr.slice(colon + 1)) });
  process.on("SIGINT", () => http.close());
  process.on("SIGTERM", () => http.close());
}
