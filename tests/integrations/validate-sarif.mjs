// Validates `syncwright check --format sarif` against the official SARIF 2.1.0 JSON schema (the
// OASIS schema, 2.1.0-rtm.5, as shipped by the npm package @microsoft/jest-sarif; it cannot be
// downloaded at CI time), and runs the GitHub code-scanning example's check command.
// Usage: node validate-sarif.mjs /path/to/syncwright. Last line: `sarif: N passed, M failed`.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const Ajv = require("ajv");
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const bin = path.resolve(process.argv[2] ?? path.join(repo, "target", "release", "syncwright"));

const ajv = new Ajv({ schemaId: "auto", allErrors: true, validateSchema: false });
ajv.addMetaSchema(require("ajv/lib/refs/json-schema-draft-04.json"));
const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
const validate = ajv.compile(schema);

let passed = 0;
let failed = 0;
function test(name, body) {
  try {
    body();
    passed += 1;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function assert(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

function run(args, cwd) {
  const result = spawnSync(bin, args, { cwd, encoding: "utf8", timeout: 300000, maxBuffer: 64 * 1024 * 1024 });
  assert(result.error === undefined, `${bin} ${args.join(" ")}: ${result.error}`);
  return result;
}

function schemaErrors(log) {
  return validate(log) ? [] : validate.errors.map((e) => `${e.dataPath} ${e.message} ${JSON.stringify(e.params)}`);
}

function validSarif(text, what) {
  let log;
  try {
    log = JSON.parse(text);
  } catch (error) {
    throw new Error(`${what}: not JSON: ${error.message}`);
  }
  const errors = schemaErrors(log);
  assert(errors.length === 0, `${what}: ${errors.slice(0, 10).join("; ")}`);
  return log;
}

test("the validator rejects logs that break the schema", () => {
  const good = { version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [] }] };
  assert(schemaErrors(good).length === 0, `minimal log rejected: ${schemaErrors(good)}`);
  for (const bad of [
    { version: "2.0.0", runs: [] },
    { version: "2.1.0", runs: [{ results: [] }] },
    { version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [{ message: { text: "m" }, level: "fatal" }] }] },
    { version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [{ message: { text: "m" }, locations: [{ physicalLocation: { region: { startLine: 0 } } }] }] }] },
  ]) {
    assert(schemaErrors(bad).length > 0, `accepted ${JSON.stringify(bad)}`);
  }
});

test("racy, clean and broken kernels give a valid log with the race", () => {
  const out = run(["check", "--format", "sarif", "kernels"], here);
  assert(out.status === 1, `exit ${out.status}: ${out.stderr}`);
  const log = validSarif(out.stdout, "kernels/");
  const results = log.runs[0].results;
  const race = results.find((r) => r.ruleId === "race");
  assert(race !== undefined, "no race result");
  const location = race.locations[0].physicalLocation;
  assert(location.artifactLocation.uri === "kernels/racy.cl", `uri ${location.artifactLocation.uri}`);
  assert(location.region.startLine === 7, `race at line ${location.region.startLine}`);
  assert(results.some((r) => r.ruleId === "syntax-error" && r.level === "error"), "no syntax error result");
});

test("unreadable inputs are tool notifications in a valid log", () => {
  const out = run(["check", "--format", "sarif", "kernels/racy.cl", "no/such/file.cu"], here);
  assert(out.status === 2, `exit ${out.status}`);
  const log = validSarif(out.stdout, "unreadable");
  const notes = log.runs[0].invocations?.[0]?.toolExecutionNotifications ?? [];
  assert(notes.some((n) => n.message.text.includes("no/such/file.cu")), `no notification: ${JSON.stringify(notes)}`);
});

test("every fixture kernel of tests/kernels gives a valid log", () => {
  const out = run(["check", "--format", "sarif", "--budget-ms", "20000", "tests/kernels"], repo);
  assert(out.status === 1, `exit ${out.status}: ${out.stderr.slice(0, 500)}`);
  const log = validSarif(out.stdout, "tests/kernels");
  const rules = new Set(log.runs[0].results.map((r) => r.ruleId));
  for (const rule of ["race", "divergence"]) {
    assert(rules.has(rule), `no ${rule} result among ${[...rules]}`);
  }
});

test("the GitHub code-scanning example (examples/github) runs and uploads a valid log", () => {
  const example = fs.readFileSync(path.join(repo, "examples", "github", "code-scanning.yml"), "utf8");
  const readme = fs.readFileSync(path.join(repo, "README.md"), "utf8");
  const body = example.split("\n").filter((line) => !line.startsWith("#")).join("\n").trim();
  assert(readme.includes(body), "README.md does not show examples/github/code-scanning.yml (without its comments)");
  const line = example.split("\n").find((l) => /run: syncwright check /.test(l));
  assert(line !== undefined, "no `run: syncwright check` step");
  const command = line.replace(/^\s*run:\s*/, "");
  const match = /^syncwright (check .*?) > (\S+)$/.exec(command);
  assert(match !== null, `unexpected command ${command}`);
  const [, args, target] = match;
  assert(example.includes(`sarif_file: ${target}`), `the upload step does not upload ${target}`);
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), "syncwright-gh-example-"));
  try {
    fs.cpSync(path.join(here, "kernels"), path.join(checkout, "kernels"), { recursive: true });
    const out = run(args.split(/\s+/), checkout);
    // --exit-zero: the job stays green with findings; the alerts carry them.
    assert(out.status === 0, `exit ${out.status}: ${out.stderr}`);
    const log = validSarif(out.stdout, "example");
    assert(log.runs[0].results.some((r) => r.ruleId === "race"), "no race in the example's log");
  } finally {
    fs.rmSync(checkout, { recursive: true, force: true });
  }
});

console.log(`sarif: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
