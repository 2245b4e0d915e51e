/**
 * The operating system facts the embedded database needs about ports and processes, in one place:
 * a free TCP port, whether a process is alive, its command line, and (Linux) the live processes
 * with their process group. `db/embedded.ts` uses them to start its cluster and to recognise an
 * orphan of ours; the tests that stop servers use the same ones (tests/integration/server-stop.test.ts).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** True while `pid` names a process (also one of another user). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The command line of a live process, or "" (Linux and macOS `ps`). */
export function commandOf(pid: number): string {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.split("\0").join(" ").trim();
  } catch {
    try {
      return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  }
}

export interface LiveProcess {
  pid: number;
  /** Process group id. */
  group: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

/** Every live process (zombies left out) from /proc: Linux only, an empty list elsewhere. */
export function liveProcesses(): LiveProcess[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  const found: LiveProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid: Number(entry), group: Number(group), command });
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}
