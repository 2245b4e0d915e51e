#!/usr/bin/env node
// `npm test`: every check the project has, in order, going on after a failure.
//   lint (eslint, then knip: no unused exports or files) · format · typecheck · vitest (embedded PostgreSQL) · vitest (PostgreSQL, when TEST_DATABASE_URL is set)
//   · build · Playwright end to end
// Test counts come from the runners' JSON reports; lint, format, typecheck and build count as one
// check each. The last line printed is exactly `N passed, N failed` (CI reads it).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules/.bin", name);
const REPORTS = path.join(root, ".tmp/test-results");
fs.mkdirSync(REPORTS, { recursive: true });

/** Runs one command with the terminal attached; resolves to its exit code (127 when it cannot start). */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** The first line of an error message, without terminal colours, cut to a readable length. */
function firstLine(message) {
  const line = String(message ?? "")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .find((l) => l.trim());
  return (line ?? "(no message)").trim().slice(0, 300);
}

function banner(title) {
  console.log(`\n=== ${title} ${"=".repeat(Math.max(0, 70 - title.length))}`);
}

/** A check that is one pass or one failure. */
const check = (name, ...commands) => ({
  name,
  async run() {
    for (const [cmd, args] of commands) {
      const code = await run(bin(cmd), args);
      if (code !== 0) return { passed: 0, failed: 1, skipped: 0, note: `exit ${code}` };
    }
    return { passed: 1, failed: 0, skipped: 0 };
  },
});

/** A vitest run, counted from its JSON report. A crash, or a failing file with no failing test
 * (an import or hook error), counts as one more failure. */
const vitest = (name, kind) => ({
  name,
  async run() {
    if (kind === "postgres" && !process.env.TEST_DATABASE_URL) {
      return { skip: "TEST_DATABASE_URL is not set (embedded PostgreSQL only)" };
    }
    const out = path.join(REPORTS, `vitest-${kind}.json`);
    fs.rmSync(out, { force: true });
    const code = await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${out}`], {
      TEST_DB_KIND: kind,
    });
    const r = readJson(out);
    if (!r) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${code})` };
    let failed = r.numFailedTests ?? 0;
    for (const file of r.testResults ?? []) {
      const failedInFile = (file.assertionResults ?? []).filter((a) => a.status === "failed").length;
      if (file.status === "failed" && failedInFile === 0) failed += 1;
    }
    if (code !== 0 && failed === 0) failed = 1;
    const failures = [];
    let flaky = 0;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name ?? "");
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
      for (const a of failedTests)
        failures.push(`${where} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
      if (file.status === "failed" && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
      // Passed with an earlier attempt's error kept: it needed a retry (CI allows one).
      for (const a of file.assertionResults ?? []) {
        if (a.status === "passed" && a.failureMessages?.length) {
          flaky += 1;
          failures.push(`(flaky) ${where} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages[0])}`);
        }
      }
    }
    return {
      failures,
      passed: r.numPassedTests ?? 0,
      failed,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      note: [flaky ? `${flaky} flaky` : "", code !== 0 && r.numFailedTests === 0 ? `exit ${code}` : ""]
        .filter(Boolean)
        .join(", "),
    };
  },
});

const results = new Map();

const e2e = {
  name: "e2e (Playwright)",
  async run() {
    const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
    if (!fs.existsSync(chromium)) {
      console.log(
        `Chromium not found at ${chromium}: end-to-end tests cannot run.\n` +
          `Install Debian's browser (apt-get install -y chromium) or set CHROMIUM_PATH. Counted as 1 failure.`,
      );
      return { passed: 0, failed: 1, skipped: 0, note: `no Chromium at ${chromium}` };
    }
    if (results.get("build")?.failed) {
      console.log("The build failed: end-to-end tests need the built product. Counted as 1 failure.");
      return { passed: 0, failed: 1, skipped: 0, note: "build failed" };
    }
    const out = path.join(REPORTS, "playwright.json");
    fs.rmSync(out, { force: true });
    // Several checkouts may run their tests at once on one machine: unless told, take a free port.
    const port = process.env.E2E_PORT || String(await freePort());
    // The demo-seeded server of the demo-data project (tests/e2e/support/servers.ts) needs a port too.
    const demoPort = process.env.E2E_DEMO_PORT || String(await freePort());
    const code = await run(bin("playwright"), ["test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORT: port,
      E2E_DEMO_PORT: demoPort,
    });
    const r = readJson(out);
    if (!r?.stats) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${code})` };
    const s = r.stats;
    const failures = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== "unexpected" && t.status !== "flaky") continue;
          const err = t.results?.find((x) => x.status !== "passed")?.error?.message;
          failures.push(
            `${t.status === "flaky" ? "(flaky) " : ""}${spec.file}:${spec.line} › ${spec.title}: ${firstLine(err)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of r.suites ?? []) walk(suite);
    let failed = s.unexpected ?? 0;
    if (code !== 0 && failed === 0) failed = 1;
    return {
      failures,
      passed: (s.expected ?? 0) + (s.flaky ?? 0),
      failed,
      skipped: s.skipped ?? 0,
      note: [s.flaky ? `${s.flaky} flaky` : "", code !== 0 && !s.unexpected ? `exit ${code}` : ""]
        .filter(Boolean)
        .join(", "),
    };
  },
};

const allSuites = [
  { key: "lint", ...check("lint", ["eslint", ["."]], ["react-router", ["typegen"]], ["knip", []]) },
  { key: "format", ...check("format", ["prettier", ["--check", "."]]) },
  { key: "typecheck", ...check("typecheck", ["react-router", ["typegen"]], ["tsc", ["--noEmit"]]) },
  { key: "embedded", ...vitest("vitest (embedded)", "embedded") },
  { key: "postgres", ...vitest("vitest (PostgreSQL)", "postgres") },
  { key: "build", ...check("build", ["react-router", ["build"]]) },
  { key: "e2e", ...e2e },
];
// `npm test -- --only=embedded,e2e` runs some suites (keys above; `pglite` is the old name of
// `embedded`); the default is all of them.
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",")
  .map((k) => (k === "pglite" ? "embedded" : k));
const suites = only ? allSuites.filter((s) => only.includes(s.key)) : allSuites;
if (only && suites.length !== only.length) {
  console.error(`Unknown suite in --only. Known: ${allSuites.map((s) => s.key).join(", ")}`);
  process.exit(2);
}

const started = Date.now();
const rows = [];
for (const suite of suites) {
  banner(suite.name);
  const t0 = Date.now();
  let r;
  try {
    r = await suite.run();
  } catch (err) {
    console.error(err);
    r = { passed: 0, failed: 1, skipped: 0, note: String(err?.message ?? err) };
  }
  const secs = (Date.now() - t0) / 1000;
  results.set(suite.name, r);
  rows.push({ name: suite.name, ...r, secs });
  if (r.skip) console.log(`skipped: ${r.skip}`);
}

const pad = (v, n, right = false) => (right ? String(v).padStart(n) : String(v).padEnd(n));
const lines = [
  `${pad("suite", 22)} ${pad("passed", 7, true)} ${pad("failed", 7, true)} ${pad("skipped", 8, true)} ${pad("time", 8, true)}  note`,
];
let passed = 0;
let failed = 0;
for (const r of rows) {
  if (r.skip) {
    lines.push(
      `${pad(r.name, 22)} ${pad("-", 7, true)} ${pad("-", 7, true)} ${pad("-", 8, true)} ${pad("", 8, true)}  not run: ${r.skip}`,
    );
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  const status = r.failed ? "FAIL" : "ok";
  lines.push(
    `${pad(r.name, 22)} ${pad(r.passed, 7, true)} ${pad(r.failed, 7, true)} ${pad(r.skipped, 8, true)} ${pad(`${r.secs.toFixed(1)}s`, 8, true)}  ${status}${r.note ? ` (${r.note})` : ""}`,
  );
}
banner("summary");
// The failed tests by name, so a log kept only by its tail (a CI page) still says what failed.
for (const r of rows) {
  for (const f of r.failures ?? []) {
    const flaky = f.startsWith("(flaky) ");
    console.log(`${flaky ? "flaky (passed on retry)" : "failed"} in ${r.name}: ${flaky ? f.slice(8) : f}`);
  }
}
console.log(lines.join("\n"));
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
