// Serves the conformance suite's tools (../everything.tspec) with the
// TypeScript SDK's McpServer: the catalog through the generated register,
// the suite's resources, prompts and completion with the SDK's own API.
//
//   node examples/everything/js/server.mjs                   # stdio
//   node examples/everything/js/server.mjs --http 127.0.0.1:3002  # Streamable HTTP at /mcp
//
// `make conformance` runs the official conformance suite against it.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

import { SPEC_HASH, SPEC_NAME, StdioTransport, register, serveHttp } from "./everything.mjs";
import { RED_PIXEL, handlers } from "./handlers.mjs";

function newServer() {
  const mcp = new McpServer({ name: SPEC_NAME, version: SPEC_HASH.slice(0, 12) }, { capabilities: { logging: {}, resources: { subscribe: true } } });
  register(mcp.server, handlers); // before any tool of the McpServer's own

  const text = (uri, mimeType, text) => async () => ({ contents: [{ uri, mimeType, text }] });
  mcp.registerResource("static-text", "test://static-text", { description: "A static text resource", mimeType: "text/plain" },
    text("test://static-text", "text/plain", "This is the content of the static text resource."));
  mcp.registerResource("static-binary", "test://static-binary", { description: "A static binary resource (a PNG)", mimeType: "image/png" },
    async () => ({ contents: [{ uri: "test://static-binary", mimeType: "image/png", blob: RED_PIXEL }] }));
  mcp.registerResource("watched-resource", "test://watched-resource", { description: "A resource one may subscribe to", mimeType: "text/plain" },
    text("test://watched-resource", "text/plain", "Watched resource content"));
  mcp.registerResource("template", new ResourceTemplate("test://template/{id}/data", { list: undefined }), { description: "A resource per id", mimeType: "application/json" },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: "Data for ID: " + id }) }] }));

  const subscriptions = new Set();
  mcp.server.setRequestHandler(SubscribeRequestSchema, async (req) => (subscriptions.add(req.params.uri), {}));
  mcp.server.setRequestHandler(UnsubscribeRequestSchema, async (req) => (subscriptions.delete(req.params.uri), {}));

  const user = (text) => ({ role: "user", content: { type: "text", text } });
  mcp.registerPrompt("test_simple_prompt", { description: "A prompt without arguments" },
    () => ({ messages: [user("This is a simple prompt for testing.")] }));
  const values = ["paris", "park", "party"];
  mcp.registerPrompt("test_prompt_with_arguments", {
    description: "A prompt with two arguments",
    argsSchema: {
      arg1: completable(z.string().describe("First test argument"), (v) => values.filter((x) => x.startsWith(v))),
      arg2: z.string().describe("Second test argument"),
    },
  }, ({ arg1, arg2 }) => ({ messages: [user(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)] }));
  mcp.registerPrompt("test_prompt_with_embedded_resource", {
    description: "A prompt that embeds a resource",
    argsSchema: { resourceUri: z.string().describe("URI of the resource to embed") },
  }, ({ resourceUri }) => ({
    messages: [
      { role: "user", content: { type: "resource", resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." } } },
      user("Please process the embedded resource above."),
    ],
  }));
  mcp.registerPrompt("test_prompt_with_image", { description: "A prompt with an image" }, () => ({
    messages: [{ role: "user", content: { type: "image", data: RED_PIXEL, mimeType: "image/png" } }, user("Please analyze the image above.")],
  }));
  return mcp.server;
}

const at = process.argv.indexOf("--http");
if (at < 0) {
  await newServer().connect(new StdioTransport());
} else {
  const addr = process.argv[at + 1] ?? "";
  const colon = addr.lastIndexOf(":");
  if (colon < 0) {
    process.stderr.write("everything: --http takes HOST:PORT\n");
    process.exit(2);
  }
  const server = await serveHttp(newServer, { host: addr.slice(0, colon), port: Number(addr.slice(colon + 1)) });
  process.on("SIGINT", () => server.close());
  process.on("SIGTERM", () => server.close());
}
