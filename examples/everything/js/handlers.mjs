// The handlers of the conformance suite's tools (../everything.tspec):
// plain handler code, typed by the generated everything.d.mts through
// JSDoc (tsc --strict --checkJs checks this file without a cast). extra is
// the SDK's RequestHandlerExtra: sendNotification, sendRequest, _meta (the
// progress token), signal, closeSSEStream.
import { CreateMessageResultSchema, ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";

import { audio, content, image, resource, text } from "./everything.mjs";

/** @typedef {import("./everything.mjs").Handlers} Handlers */
/** @typedef {import("./everything.mjs").RequestExtra} RequestExtra */

// A 1x1 red PNG and a WAV of one silent sample, in base64.
export const RED_PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const SILENCE = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==";

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the user through the client (elicitation/create).
 * @param {RequestExtra} extra
 * @param {string} message
 * @param {{ type: "object", properties: Record<string, any>, required?: string[] }} requestedSchema
 */
async function elicit(extra, message, requestedSchema) {
  const res = await extra.sendRequest({ method: "elicitation/create", params: { message, requestedSchema } }, ElicitResultSchema);
  return "action=" + res.action + ", content=" + JSON.stringify(res.content ?? {});
}

/** @type {Handlers} */
export const handlers = {
  test_simple_text: () => "This is a simple text response for testing.",

  test_image_content: () => content(image(RED_PIXEL, "image/png")),

  test_audio_content: () => content(audio(SILENCE, "audio/wav")),

  test_embedded_resource: () => content(resource("test://embedded-resource", "text/plain", "This is an embedded resource content.")),

  test_multiple_content_types: () =>
    content(
      text("Multiple content types test:"),
      image(RED_PIXEL, "image/png"),
      resource("test://mixed-content-resource", "application/json", JSON.stringify({ test: "data", value: 123 })),
    ),

  test_tool_with_logging: async (_args, extra) => {
    const messages = ["Tool execution started", "Tool processing data", "Tool execution completed"];
    for (const [i, data] of messages.entries()) {
      if (i > 0) await sleep(50);
      await extra.sendNotification({ method: "notifications/message", params: { level: "info", data } });
    }
    return "Tool with logging executed successfully";
  },

  test_tool_with_progress: async (_args, extra) => {
    const progressToken = extra._meta?.progressToken;
    for (const [i, progress] of [0, 50, 100].entries()) {
      if (i > 0) await sleep(50);
      if (progressToken !== undefined) {
        await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total: 100 } });
      }
    }
    return "Tool with progress executed successfully";
  },

  test_error_handling: () => {
    throw new Error("This tool intentionally returns an error for testing");
  },

  test_sampling: async ({ prompt }, extra) => {
    const res = await extra.sendRequest(
      { method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 100 } },
      CreateMessageResultSchema,
    );
    const answer = Array.isArray(res.content) ? res.content[0] : res.content;
    return "LLM response: " + (answer?.type === "text" ? answer.text : JSON.stringify(answer));
  },

  test_elicitation: async ({ message }, extra) =>
    "User response: " +
    (await elicit(extra, message, {
      type: "object",
      properties: {
        username: { type: "string", description: "User's response" },
        email: { type: "string", description: "User's email address" },
      },
      required: ["username", "email"],
    })),

  test_elicitation_sep1034_defaults: async (_args, extra) =>
    "Elicitation completed: " +
    (await elicit(extra, "Please review the defaults", {
      type: "object",
      properties: {
        name: { type: "string", default: "John Doe" },
        age: { type: "integer", default: 30 },
        score: { type: "number", default: 95.5 },
        status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
        verified: { type: "boolean", default: true },
      },
    })),

  test_elicitation_sep1330_enums: async (_args, extra) => {
    /** @param {string[]} titles */
    const titled = (...titles) => titles.map((title, i) => ({ const: "value" + (i + 1), title }));
    return (
      "Elicitation completed: " +
      (await elicit(extra, "Please choose", {
        type: "object",
        properties: {
          untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
          titledSingle: { type: "string", oneOf: titled("First Option", "Second Option", "Third Option") },
          legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
          untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
          titledMulti: { type: "array", items: { anyOf: titled("First Choice", "Second Choice", "Third Choice") } },
        },
      }))
    );
  },

  json_schema_2020_12_tool: (args) => "Received: " + JSON.stringify(args),

  test_reconnection: async (_args, extra) => {
    // SEP-1699: close the SSE stream mid-call; the client resumes it.
    extra.closeSSEStream?.();
    await sleep(100);
    return "Reconnection test completed";
  },
};
