// Canned handlers for the t27mcp catalog, one per tool. A tool with `out`
// returns its structured result; a tool with `result text` or `result any`
// returns a string. register checks every structured result against the
// tool's outputSchema before sending it.
const SHA = "0123456789abcdef0123456789abcdef01234567";
const HASH = "72975888a39df702a32c7b93a9094084d5f02b5b0540464d702ef9dccc97b36b";
const TIME = "2026-11-30T12:00:00Z";

/** @type {import("./t27catalog.mjs").Handlers} */
export const handlers = {
  t27_status: () => ({ branch: "main", head: SHA, dirty: false, specs: 27, sealed: 27 }),
  t27_formats: () => ({
    formats: [
      { name: "t27", extension: ".t27", version: 1 },
      { name: "toolspec", extension: ".tspec", version: 1 },
    ],
  }),
  t27_format: ({ check }) => (check ? { changed: false } : { changed: false, diff: null }),
  t27_specs: ({ family = "core" }) => ({
    specs: [{ path: `specs/${family}/base.t27`, family, sealed: true }],
    total: 1,
  }),
  t27_spec: ({ path }) => ({ path, hash: HASH, sealed: true, body: "spec example\n" }),
  t27_grep: ({ pattern }) => ({
    matches: [{ path: "specs/core/base.t27", line: 1, text: `spec example // matches ${pattern}` }],
    truncated: false,
  }),
  t27_issues: ({ labels = [] }) => ({
    issues: [{ number: 6, title: "A real catalog served to real MCP clients", state: "open", labels }],
  }),
  t27_epics: ({ health = null }) => ({ epics: [{ id: "E1", title: "Seal every spec", health, progress: 0.5 }] }),
  t27_modules: () => ({
    modules: [
      { name: "core", specs: 12, deps: [] },
      { name: "math", specs: 9, deps: ["core"] },
    ],
  }),
  t27_worlds: () => ({ worlds: [{ name: "tutorial", seed: -27, size: [16, 9] }] }),
  t27_raw: ({ path }) => `raw bytes of ${path}`,
  t27_game: ({ moves }) => ({
    position: moves.reduce(([x, y], [dx, dy]) => [x + dx, y + dy], [0, 0]),
    score: moves.length,
    done: false,
  }),
  t27_paper_claims: ({ paper }) => ({
    claims: [{ id: `${paper}/1`, printed: 3.14, recomputed: 3.1416, holds: true, tolerance: 0.001 }],
  }),
  t27f_view: ({ status, chat }) => `${chat} [${status.map((s) => s.toString(16).padStart(2, "0")).join(" ")}]`,
  t27_seal: () => ({ hash: HASH, artifacts: 5 }),
  t27_verify: () => ({
    results: [
      { field: "spec hash", verdict: "match" },
      { field: "artifact catalog.go", verdict: "mismatch", class: "stale" },
    ],
  }),
  t27_diff: ({ from }) => `diff ${from}..working tree: no changes`,
  t27_log: () => ({ commits: [{ sha: SHA, author: "t27", date: TIME, message: "Seal the reference catalog" }] }),
  t27_blame: ({ line }) => ({ sha: SHA, author: "t27", line }),
  t27_build: () => ({ ok: true, duration_ms: 12.5, warnings: [] }),
  t27_test: () => ({ passed: 27, failed: 0, failures: [] }),
  t27_config: () => ({ settings: { "repo.root": "/srv/t27", "seal.strict": "true" } }),
  t27_set_config: ({ key, value }) => `${key} = ${JSON.stringify(value)}`,
  t27_metrics: ({ names }) => ({ values: Object.fromEntries(names.map((n, i) => [n, i])) }),
  tg_send: () => ({ message_id: 1001, sent_at: TIME }),
  tg_history: ({ chat }) => ({
    messages: [
      { id: 1000, from: chat, text: "hello" },
      { id: 1001, from: "@t27_bot", text: "hi", meta: { edited: true } },
    ],
  }),
  tg_pin: ({ chat, message_id }) => JSON.stringify({ pinned: message_id, chat }),
};

/**
 * Breaks the handlers on purpose, for the tests and to see what happens,
 * from comma-separated tool names in the environment:
 * TOOLSPEC_EXAMPLE_DROP removes handlers, TOOLSPEC_EXAMPLE_EXTRA adds
 * handlers without a tool (either way register refuses to start), and
 * TOOLSPEC_EXAMPLE_THROW makes handlers throw.
 * The result is no longer Handlers, on purpose.
 * @param {object} handlers
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, unknown>}
 */
export function breakOnPurpose(handlers, env) {
  /** @param {string | undefined} s */
  const names = (s) => (s ?? "").split(",").map((n) => n.trim()).filter(Boolean);
  /** @type {Record<string, unknown>} */
  const broken = { ...handlers };
  for (const name of names(env.TOOLSPEC_EXAMPLE_DROP)) delete broken[name];
  for (const name of names(env.TOOLSPEC_EXAMPLE_EXTRA)) broken[name] = () => "";
  for (const name of names(env.TOOLSPEC_EXAMPLE_THROW)) {
    broken[name] = () => {
      throw new Error(`${name} failed on purpose`);
    };
  }
  return broken;
}
