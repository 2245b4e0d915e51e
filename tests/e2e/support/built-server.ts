import { spawn, type ChildProcess } from "node:child_process";

/**
 * Starts a built server of its own for a spec (`script`: server.mjs, or tests/e2e/support/server.mjs
 * to start on fresh data). `ready` resolves once it says so: server.mjs prints "listo en <url>"
 * after it listens, its database migrated; it rejects if the server exits first. No polling: the
 * spec's own time budget bounds the wait. `proc` is there at once, for the spec to stop it
 * whatever happens.
 */
export function startBuiltServer(script: string, env: NodeJS.ProcessEnv): { proc: ChildProcess; ready: Promise<void> } {
  const proc = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "inherit"] });
  const ready = new Promise<void>((resolve, reject) => {
    let out = "";
    const onExit = (code: number | null) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${out}`));
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!/listo en /.test(out)) return;
      proc.stdout!.off("data", onData);
      proc.off("exit", onExit);
      // Keep reading (and dropping) what it prints, so its output pipe never fills up.
      proc.stdout!.resume();
      resolve();
    };
    proc.stdout!.on("data", onData);
    proc.once("exit", onExit);
  });
  return { proc, ready };
}
