/**
 * Resizing pictures outside the server process: jobs go to one child process
 * (`server/image-worker.mjs`, the only code that loads sharp), forked on the first job and ended
 * after a short idle time. libvips' worker threads leave glibc malloc arenas behind in whatever
 * process runs them (the demo seed of a fresh database raised the server's resident memory from
 * ~140 to ~210 MB, six uploads by ~60 MB); in a child, that memory goes back to the system when the
 * child ends (docs/decisions.md "Server memory"). One child at a time, taking one job at a time, so
 * simultaneous uploads queue instead of multiplying the memory.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const WORKER_FILE = path.resolve(process.cwd(), "server/image-worker.mjs");

/** How long an idle child is kept for the next job (the seed's pictures share one child). */
const IDLE_MS = 2_000;
/** A job that takes longer means a stuck child: it is ended and its jobs fail. */
const JOB_TIMEOUT_MS = 60_000;

export interface EncodeJob {
  bytes: Uint8Array;
  widths: readonly number[];
  maxPixels: number;
  minWidth: number;
  quality: number;
  effort: number;
}

/** `variants` is absent when the picture is outside `maxPixels` / `minWidth` (nothing was encoded). */
export type EncodeResult =
  { error: "decode" | "encode" } | { width: number; height: number; variants?: [number, Uint8Array][] };

interface Pending {
  resolve: (r: EncodeResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

interface Worker {
  proc: ChildProcess;
  pending: Map<number, Pending>;
  idleTimer: NodeJS.Timeout | null;
}

let current: Worker | null = null;
let nextId = 1;

/** Ends a child: its waiting jobs fail with `reason`, and the next job starts a new child. */
function end(w: Worker, reason: string) {
  if (current === w) current = null;
  if (w.idleTimer) clearTimeout(w.idleTimer);
  for (const p of w.pending.values()) {
    clearTimeout(p.timer);
    p.reject(new Error(`image worker: ${reason}`));
  }
  w.pending.clear();
  if (w.proc.connected) w.proc.disconnect();
  if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill();
}

function start(): Worker {
  const proc = fork(WORKER_FILE, [], {
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const w: Worker = { proc, pending: new Map(), idleTimer: null };
  proc.on("message", (msg: EncodeResult & { id: number }) => {
    const p = w.pending.get(msg.id);
    if (!p) return;
    w.pending.delete(msg.id);
    clearTimeout(p.timer);
    const { id: _id, ...result } = msg;
    p.resolve(result);
    if (w.pending.size === 0) idle(w);
  });
  proc.on("error", (err) => end(w, err.message));
  proc.on("exit", (code, signal) => end(w, `exited (${signal ?? code})`));
  return w;
}

/** No job left: the child no longer keeps the server alive, and ends unless a job comes soon. */
function idle(w: Worker) {
  w.proc.unref();
  w.proc.channel?.unref();
  w.idleTimer = setTimeout(() => end(w, "idle"), IDLE_MS);
  w.idleTimer.unref();
}

/** Decodes, measures and (within the limits) encodes one picture in the child process. */
export function encodeInChild(job: EncodeJob): Promise<EncodeResult> {
  const w = (current ??= start());
  if (w.idleTimer) clearTimeout(w.idleTimer);
  w.idleTimer = null;
  w.proc.ref();
  w.proc.channel?.ref();
  const id = nextId++;
  return new Promise<EncodeResult>((resolve, reject) => {
    const timer = setTimeout(() => end(w, `no answer in ${JOB_TIMEOUT_MS / 1000} s`), JOB_TIMEOUT_MS);
    w.pending.set(id, { resolve, reject, timer });
    w.proc.send({ id, ...job }, (err) => err && end(w, err.message));
  });
}

/** Ends the child now, if there is one (jobs still waiting fail). */
export function stopImageWorker() {
  if (current) end(current, "stopped");
}

/** The child's process id while there is one (tests). */
export function imageWorkerPid(): number | undefined {
  return current?.proc.pid;
}
