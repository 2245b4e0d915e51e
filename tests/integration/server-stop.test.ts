import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort, liveProcesses } from "../../app/.server/db/processes";

/**
 * However the server stops, its embedded PostgreSQL stops with it, and the next start works: a
 * signal (SIGTERM, SIGINT, to the process or through `npm start`) during initdb, migrations, the
 * demo seed, before the database or while serving; a crash; and a `kill -9`, after which the next
 * start stops the PostgreSQL left behind. The server is tests/support/server-child.ts (server.mjs's
 * lifecycle and runtime from the sources); each case signals it at a moment read from its output.
 * The tests run in order on one DATA_DIR: each start is also the "next start" of the case before.
 * Embedded PostgreSQL only: nothing here uses TEST_DATABASE_URL, so the PostgreSQL run skips it.
 */
const dir = path.resolve(".tmp", `server-stop-${process.pid}`);
const clusterDir = path.join(dir, "postgres");
const child = path.resolve("tests/support/server-child.ts");

/** Whatever a failed case left behind (its PostgreSQL, its process group) does not fail the next one. */
const started: number[] = [];
afterEach(async () => {
  // Not our children (a cluster, a process group): no exit event to wait for, only /proc to read again.
  const gone = async (alive: () => number[]) => {
    // eslint-disable-next-line no-restricted-syntax
    for (let i = 0; i < 100 && alive().length; i++) await new Promise((r) => setTimeout(r, 100));
  };
  for (const pid of ours()) process.kill(pid, "SIGINT");
  await gone(ours);
  for (const group of started.splice(0)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* gone */
    }
    await gone(() => inGroup(group));
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Processes (PostgreSQL, initdb) working on this test's cluster folder. */
function ours(): number[] {
  return liveProcesses()
    .filter((p) => p.command.includes(clusterDir))
    .map((p) => p.pid);
}

interface Server {
  proc: ChildProcess;
  port: number;
  output(): string;
  /** Resolves when a line of output matches (rejects if the process exits first). */
  waitFor(pattern: RegExp): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server on the test's folder, as `node` or through `npm exec` with the command line of
 * package.json's start script (server.mjs swapped for the test server), in a process group of its own. */
async function start(env: Record<string, string> = {}, via: "node" | "npm" = "node"): Promise<Server> {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "debug",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  let proc: ChildProcess;
  if (via === "npm") {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    const line = scripts.start.replace("server.mjs", `--import tsx ${child}`);
    proc = spawn("npm", ["exec", "--yes", "-c", line], { env: childEnv, detached: true, stdio: "pipe" });
  } else {
    proc = spawn(process.execPath, ["--import", "tsx", child], { env: childEnv, detached: true, stdio: "pipe" });
  }
  started.push(proc.pid!);
  let text = "";
  const watchers: { pattern: RegExp; resolve(): void }[] = [];
  const onData = (d: Buffer) => {
    text += d.toString();
    for (const w of watchers.splice(0)) {
      if (w.pattern.test(text)) w.resolve();
      else watchers.push(w);
    }
  };
  proc.stdout!.on("data", onData);
  proc.stderr!.on("data", onData);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    port,
    exit,
    output: () => text,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(text)) return resolve();
        watchers.push({ pattern, resolve });
        void exit.then(({ code }) => reject(new Error(`the server exited (${code}) before ${pattern}:\n${text}`)));
      }),
  };
}

function inGroup(group: number): number[] {
  return liveProcesses()
    .filter((p) => p.group === group)
    .map((p) => p.pid);
}

/** Live processes of a process group (a server started through npm: npm, sh, node) running the test server. */
function serversIn(group: number): number[] {
  return liveProcesses()
    .filter((p) => p.group === group && p.command.includes(child))
    .map((p) => p.pid);
}

/** After the server exited: nothing runs on its cluster folder, and no postmaster.pid names a live process. */
async function expectNothingLeft(server: Server, expected: { code: number }) {
  let timer: NodeJS.Timeout | undefined;
  // A deadline, not a wait: the race ends as soon as the server exits.
  // eslint-disable-next-line no-restricted-syntax
  const late = new Promise((r) => (timer = setTimeout(() => r("still running"), 70_000)));
  const done = await Promise.race([server.exit, late]).finally(() => clearTimeout(timer));
  expect(ours(), `still running on ${clusterDir}:\n${server.output()}`).toEqual([]);
  expect(done, server.output()).toMatchObject(expected);
}

const INITDB = /running bootstrap script/;
const SERVING = /^serving \d+$/m;

describe.skipIf(process.env.TEST_DB_KIND === "postgres")("stopping the server stops its PostgreSQL", () => {
  it("SIGTERM during initdb", { timeout: 120_000 }, async () => {
    const server = await start();
    await server.waitFor(INITDB);
    server.proc.kill("SIGTERM");
    await expectNothingLeft(server, { code: 0 });
  });

  it("SIGINT during the migrations (a connection busy in the database)", { timeout: 150_000 }, async () => {
    const server = await start({ PAUSE_AT: "migrate" });
    await server.waitFor(/^phase migrate$/m);
    server.proc.kill("SIGINT");
    await expectNothingLeft(server, { code: 0 });
  });

  it("SIGTERM during the demo seed", { timeout: 150_000 }, async () => {
    const server = await start({ PAUSE_AT: "seed" });
    await server.waitFor(/^phase seed$/m);
    server.proc.kill("SIGTERM");
    await expectNothingLeft(server, { code: 0 });
  });

  it("SIGINT before the database starts", { timeout: 60_000 }, async () => {
    const server = await start({ PAUSE_AT: "start" });
    await server.waitFor(/^phase start$/m);
    server.proc.kill("SIGINT");
    await expectNothingLeft(server, { code: 0 });
  });

  it("SIGTERM while serving, with connections open, stops in bounded time", { timeout: 240_000 }, async () => {
    const server = await start();
    await server.waitFor(SERVING);
    // An idle keep-alive connection (its request answered) and a request whose headers never end.
    const idle = net.connect(server.port, "127.0.0.1");
    const answered = new Promise((r) => idle.once("data", r));
    idle.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
    const stuck = net.connect(server.port, "127.0.0.1");
    const connected = new Promise((r) => stuck.once("connect", r));
    stuck.write("GET / HTTP/1.1\r\nHost: x\r\n");
    idle.on("error", () => {});
    stuck.on("error", () => {});
    await Promise.all([answered, connected]);
    const t0 = Date.now();
    server.proc.kill("SIGTERM");
    await expectNothingLeft(server, { code: 0 });
    expect(Date.now() - t0).toBeLessThan(30_000);
    idle.destroy();
    stuck.destroy();
  });

  it("SIGTERM to `npm start` reaches the server", { timeout: 120_000 }, async () => {
    const server = await start({}, "npm");
    await server.waitFor(SERVING);
    server.proc.kill("SIGTERM"); // npm's process only
    await expectNothingLeft(server, { code: 0 });
    expect(serversIn(server.proc.pid!)).toEqual([]);
  });

  it("SIGINT to the process group of `npm start` (a terminal's Ctrl-C)", { timeout: 120_000 }, async () => {
    const server = await start({}, "npm");
    await server.waitFor(SERVING);
    process.kill(-server.proc.pid!, "SIGINT");
    await expectNothingLeft(server, { code: 0 });
    expect(serversIn(server.proc.pid!)).toEqual([]);
  });

  for (const crash of ["exception", "rejection"]) {
    it(`a crash (uncaught ${crash}) stops the database, then exits with 1`, { timeout: 120_000 }, async () => {
      const server = await start({ CRASH: crash });
      await server.waitFor(SERVING);
      server.proc.kill("SIGUSR2");
      await expectNothingLeft(server, { code: 1 });
      expect(server.output()).toContain(
        `crash test: ${crash === "exception" ? "uncaught exception" : "unhandled rejection"}`,
      );
    });
  }

  it("after a kill -9 the PostgreSQL left running is stopped by the next start", { timeout: 180_000 }, async () => {
    const killed = await start();
    await killed.waitFor(SERVING);
    killed.proc.kill("SIGKILL");
    await killed.exit;
    const orphan = Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
    expect(ours()).toContain(orphan);

    const next = await start();
    await next.waitFor(SERVING);
    expect(next.output()).toContain("se detuvo un servidor que quedó de un proceso anterior");
    expect(ours()).not.toContain(orphan);
    next.proc.kill("SIGTERM");
    await expectNothingLeft(next, { code: 0 });
  });
});
