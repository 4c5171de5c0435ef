// servers.test.mjs on the TypeScript SDK 2: @modelcontextprotocol/client's
// Client drives both example servers, the JavaScript one serving on
// @modelcontextprotocol/server's McpServer (harness.mjs's SDK).
//
//   node --test examples/e2e/servers.sdk2.test.mjs
process.env.TOOLSPEC_E2E_SDK = "2";
await import("./servers.test.mjs");
