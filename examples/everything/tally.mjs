// Tallies a conformance run's results (conformance server -o DIR): one
// line per scenario, pass, warn (a WARNING check, no FAILURE) or fail (a
// FAILURE check), then the counts. `make conformance` prints it.
//
//   node tally.mjs DIR LABEL
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const [dir, label] = process.argv.slice(2);
const counts = { pass: 0, warn: 0, fail: 0 };
for (const run of readdirSync(dir).sort()) {
  const checks = JSON.parse(readFileSync(join(dir, run, "checks.json"), "utf8"));
  const verdict = checks.some((c) => c.status === "FAILURE") ? "fail" : checks.some((c) => c.status === "WARNING") ? "warn" : "pass";
  counts[verdict]++;
  const scenario = run.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
  const failed = checks.filter((c) => c.status === "FAILURE").map((c) => c.id);
  console.log(`${label}: ${verdict.padEnd(4)} ${scenario}${failed.length > 0 ? "  (" + failed.join(", ") + ")" : ""}`);
}
console.log(`${label}: ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail`);
