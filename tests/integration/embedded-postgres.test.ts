import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { embeddedUrlOf, startEmbeddedPostgres } from "../../app/.server/db/embedded";

/**
 * The embedded PostgreSQL after a crash: a `kill -9` of its Node process leaves the server running
 * on the folder; the next start finds it through postmaster.pid, stops it and starts again with the
 * committed data. A postmaster.pid naming a live process that is not ours does not block a start.
 */
const dir = path.resolve(".tmp", `embedded-test-${process.pid}`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Running (a zombie left for a parent that does not reap it counts as stopped). */
function running(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("recovers from a kill -9 of its process: the orphan is stopped and the data is there", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/embedded-child.ts", dir, "antes del kill"],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    onTestFinished(() => void child.kill("SIGKILL"));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        const m = /ready (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`the child exited (${code})`)));
    });
    // Another process can reach it through the folder (port and password).
    expect(embeddedUrlOf(dir)).toContain(`:${port}/`);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const orphan = Number(fs.readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(running(orphan)).toBe(true); // still running, holding the folder

    const cluster = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(cluster.recoveredOrphan).toBe(true);
      expect(running(orphan)).toBe(false);
      expect(await query(cluster.url(), "select note from survivor")).toEqual([{ note: "antes del kill" }]);
    } finally {
      await cluster.stop();
    }
    expect(fs.existsSync(path.join(dir, "postgres", "postmaster.pid"))).toBe(false);
    // initdb and two starts through tsx: on a busy machine (CI beside other work) well over 20 s.
  }, 120_000);

  it("a postmaster.pid naming an unrelated live process is removed, not obeyed", async () => {
    // This test's own process: alive, and not a PostgreSQL server on this folder.
    fs.writeFileSync(
      path.join(dir, "postgres", "postmaster.pid"),
      `${process.pid}\n${path.join(dir, "postgres")}\n1700000000\n5999\n`,
    );
    const cluster = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(cluster.recoveredOrphan).toBe(false);
      expect(await query(cluster.url(), "select count(*)::int as n from survivor")).toEqual([{ n: 1 }]);
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});
