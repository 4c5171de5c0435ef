// Handlers written for the MCP TypeScript SDK 2 (@modelcontextprotocol/server)
// on the t27mcp catalog, typed through JSDoc by the declarations of
// `gen-js --sdk 2`. TestDeclarationsPerSDK checks this file with
// tsc --strict --checkJs in a folder where only SDK 2 resolves: no casts.
import { McpServer, Server, inputRequired, inputResponse } from "@modelcontextprotocol/server";

import { content, image, register, resource, serveHttp, text, withContent } from "./t27catalog.mjs";
import { handlers } from "./handlers.mjs";

// gen-js --sdk 2 t27.tspec -o t27catalog.mjs: handlers get SDK 2's ServerContext.
/** @type {import("./t27catalog.mjs").Handlers} */
export const sdk2 = {
  ...handlers,
  // The context is SDK 2's ServerContext: log, progress through notify,
  // the cancellation signal, the caller's auth info.
  t27_raw: async ({ path }, ctx) => {
    await ctx.mcpReq.log("info", `reading ${path}`);
    // @ts-expect-error: not SDK 1.x's extra (and not any)
    ctx.sendNotification;
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined) {
      await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, progress: 1, total: 2 } });
    }
    if (ctx.mcpReq.signal.aborted) return "cancelled";
    const who = ctx.http?.authInfo?.clientId ?? "anyone";
    return content(text(`${path} for ${who}`), image(new Uint8Array([137, 80]), "image/png"), resource("t27://raw", "text/plain", path));
  },
  // A structured result with blocks of its own, after asking the client's model.
  t27_spec: async ({ path }, ctx) => {
    const sampled = await ctx.mcpReq.requestSampling({ messages: [{ role: "user", content: { type: "text", text: path } }], maxTokens: 10 });
    return withContent({ path, hash: "0".repeat(64), sealed: true, body: JSON.stringify(sampled.content) }, text(path));
  },
  // 2026-07-28: asks the user through an input-required result; before it,
  // through elicitation/create.
  t27_set_config: async ({ key, value }, ctx) => {
    if (ctx.mcpReq.method === "tools/call" && ctx.sessionId !== undefined) {
      const res = await ctx.mcpReq.elicitInput({ mode: "form", message: `set ${key}?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
      return `${key}: ${res.action}`;
    }
    const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
    if (answer.kind !== "elicit") {
      return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: `set ${key}?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } }) } });
    }
    return `${key} = ${JSON.stringify(value)} (${answer.action})`;
  },
};

/**
 * @param {import("./t27catalog.mjs").ServerContext} ctx
 * @returns {import("./t27catalog.mjs").Scope}
 */
function scopeOf(ctx) {
  // @ts-expect-error: SDK 2's context is not SDK 1.x's extra (no authInfo at its top)
  ctx.authInfo;
  return ctx.http?.authInfo?.scopes.includes("write") ? "write" : "read";
}

register(new Server({ name: "t27mcp", version: "0" }), sdk2, { scope: scopeOf });
register(new McpServer({ name: "t27mcp", version: "0" }).server, sdk2, { scope: (ctx) => (ctx.http?.authInfo ? "all" : "read") });

/** @type {import("./t27catalog.mjs").AuthInfo} */
const caller = { token: "t", clientId: "c", scopes: ["read"] };
await serveHttp(() => {
  const server = new Server({ name: "t27mcp", version: "0" });
  register(server, sdk2);
  return server;
}, { sdk: 2, profile3: true, authenticate: () => caller });
