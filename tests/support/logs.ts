import fs from "node:fs";
import path from "node:path";
import pino from "pino";

/** Where every Vitest app writes its logs (one file per worker process), read by the global teardown. */
const TEST_LOG_DIR = path.resolve(".tmp", "test-logs");

let destination: pino.DestinationStream | null = null;

/** The log file of this worker process (sync writes: nothing is lost when the worker ends). */
export function testLogDestination() {
  destination ??= pino.destination({
    dest: path.join(TEST_LOG_DIR, `vitest-${process.pid}.log`),
    sync: true,
    append: true,
    mkdir: true,
  });
  return destination;
}

/** What must never be in a log line. */
export const SECRET_PATTERNS: { what: string; re: RegExp }[] = [
  { what: "argon2 password hash", re: /\$argon2(?:id|i|d)\$/ },
  // Session, reset and verification tokens: 32 random bytes in base64url (43 characters).
  { what: "token (43 base64url characters)", re: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  // The private calendar feed's address, /api/v2/calendar/{token}.ics (older tokens had 32 characters).
  { what: "calendar feed token", re: /\/calendar\/(?!\[redacted\])[^/?#\s"]+\.ics/ },
  { what: "demo password", re: /demo1234/ },
  { what: "SQL parameters", re: /params: (?!\[redacted\])/ },
];

export function clearTestLogs() {
  fs.rmSync(TEST_LOG_DIR, { recursive: true, force: true });
  fs.mkdirSync(TEST_LOG_DIR, { recursive: true });
}

/** Every log line of the run that holds a secret: "file:line: what". */
export function secretsInTestLogs(): string[] {
  const found: string[] = [];
  if (!fs.existsSync(TEST_LOG_DIR)) return found;
  for (const name of fs.readdirSync(TEST_LOG_DIR)) {
    const lines = fs.readFileSync(path.join(TEST_LOG_DIR, name), "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const { what, re } of SECRET_PATTERNS) if (re.test(line)) found.push(`${name}:${i + 1}: ${what}`);
    });
  }
  return found;
}

/** Lines of the run, for the summary. */
export function testLogLineCount() {
  if (!fs.existsSync(TEST_LOG_DIR)) return 0;
  let n = 0;
  for (const name of fs.readdirSync(TEST_LOG_DIR))
    n += fs.readFileSync(path.join(TEST_LOG_DIR, name), "utf8").split("\n").filter(Boolean).length;
  return n;
}
