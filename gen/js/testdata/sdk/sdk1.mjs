// Handlers written for the MCP TypeScript SDK 1.x (@modelcontextprotocol/sdk)
// on the t27mcp catalog, typed through JSDoc by the declarations of gen-js
// (SDK 1.x is its default). TestDeclarationsPerSDK checks this file with
// tsc --strict --checkJs in a folder where only SDK 1.x resolves: no casts.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CreateMessageResultSchema, ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";

import { content, image, register, resource, serveHttp, text, withContent } from "./t27catalog.mjs";
import { handlers } from "./handlers.mjs";

// gen-js t27.tspec -o t27catalog.mjs: handlers get SDK 1.x's RequestHandlerExtra.
/** @type {import("./t27catalog.mjs").Handlers} */
export const sdk1 = {
  ...handlers,
  // The context is SDK 1.x's RequestHandlerExtra: progress through
  // sendNotification, the cancellation signal, the caller's auth info.
  t27_raw: async ({ path }, extra) => {
    // @ts-expect-error: not SDK 2's context (and not any)
    extra.mcpReq;
    await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: `reading ${path}` } });
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined) {
      await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: 1, total: 2 } });
    }
    if (extra.signal.aborted) return "cancelled";
    extra.closeSSEStream?.();
    const who = extra.authInfo?.clientId ?? "anyone";
    return content(text(`${path} for ${who}`), image(new Uint8Array([137, 80]), "image/png"), resource("t27://raw", "text/plain", path));
  },
  t27_spec: async ({ path }, extra) => {
    const sampled = await extra.sendRequest({ method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: path } }], maxTokens: 10 } }, CreateMessageResultSchema);
    return withContent({ path, hash: "0".repeat(64), sealed: true, body: JSON.stringify(sampled.content) }, text(path));
  },
  t27_set_config: async ({ key }, extra) => {
    const res = await extra.sendRequest({ method: "elicitation/create", params: { message: `set ${key}?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } }, ElicitResultSchema);
    return `${key}: ${res.action}`;
  },
};

/**
 * @param {import("./t27catalog.mjs").RequestExtra} extra
 * @returns {import("./t27catalog.mjs").Scope}
 */
function scopeOf(extra) {
  // @ts-expect-error: SDK 1.x's extra is not SDK 2's context (no mcpReq)
  extra.mcpReq;
  return extra.authInfo?.scopes.includes("write") ? "write" : "read";
}

register(new Server({ name: "t27mcp", version: "0" }), sdk1, { scope: scopeOf });
register(new McpServer({ name: "t27mcp", version: "0" }).server, sdk1, { scope: (extra) => (extra.authInfo ? "all" : "read") });

/** @type {import("./t27catalog.mjs").AuthInfo} */
const caller = { token: "t", clientId: "c", scopes: ["read"] };
await serveHttp(() => {
  const server = new Server({ name: "t27mcp", version: "0" });
  register(server, sdk1);
  return server;
}, { sdk: 1, authenticate: () => caller });
