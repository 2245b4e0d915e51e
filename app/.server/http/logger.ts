import pino from "pino";

export type Logger = pino.Logger;

/**
 * Keys whose values never reach a log line, wherever they sit (top level or one object down).
 * SQL parameters are among them: they carry password hashes, tokens and personal data.
 */
const SECRET_KEYS = [
  "password",
  "password_confirmation",
  "current_password",
  "passwordHash",
  "password_hash",
  "token",
  "access_token",
  "tokenHash",
  "token_hash",
  "secret",
  "totpSecret",
  "params",
  "authorization",
  "cookie",
];
const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
];

/** Values that must never be written whatever key holds them. */
const SECRET_VALUES: [RegExp, string][] = [
  // argon2 password hashes
  [/\$argon2(?:id|i|d)\$[^\s"',)\]]*/g, "[redacted-hash]"],
  // drizzle's "Failed query: …\nparams: …" (message and stack): the parameters are cut out
  [/\nparams: [^\n]*/g, "\nparams: [redacted]"],
];

/** Cuts secret-looking values out of a string (see SECRET_VALUES). */
function scrub(text: string) {
  let out = text;
  for (const [re, by] of SECRET_VALUES) out = out.replace(re, by);
  return out;
}

/**
 * Errors as they may be logged: type, code, message and stack (scrubbed), and their cause, but no
 * other property: a database error's `params`, `detail` (which quotes the offending values) or
 * `query` never reach the log.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === "string" ? scrub(err) : err;
  const e = err as Error & { code?: unknown; cause?: unknown };
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? "Error",
    message: scrub(e.message),
  };
  if (typeof e.code === "string" || typeof e.code === "number") out.code = e.code;
  if (e.stack) out.stack = scrub(e.stack);
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: safeError, error: safeError },
    hooks: {
      // Messages (the second argument) are scrubbed too.
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === "string") args[i] = scrub(args[i] as string);
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const access = new WeakMap<Logger, Logger>();

/**
 * The logger of the per-request access line (`api`: method, redacted path, status, time): the
 * same level and output as `log`, without the redaction paths, serializers and message hook, which
 * cost ~8–10% of a small API call when run for every request. Only for lines whose fields are safe
 * as they are; everything else goes through `log`.
 */
export function accessLogger(log: Logger): Logger {
  let out = access.get(log);
  if (!out) {
    // Cast kept: pino's Logger type does not declare its symbol-keyed stream (pino.symbols.streamSym).
    const stream = (log as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
    out = pino({ level: log.level, base: undefined }, stream);
    access.set(log, out);
  }
  return out;
}

const SECRET_PATHS: [RegExp, string][] = [
  [/(\/reset\/password\/)[^/?#]+/, "$1[redacted]"],
  [/(\/auth\/verify\/)[^/?#]+/, "$1[redacted]"],
  [/(\/auth\/reset\/)[^/?#]+/, "$1[redacted]"],
  // GET /api/v2/calendar/{token}.ics: the private calendar feed's address
  [/(\/calendar\/)[^/?#]+\.ics/, "$1[redacted].ics"],
  // GET /api/user/verify/emails/{email}: personal data
  [/(\/verify\/emails\/)[^/?#]+/, "$1[redacted]"],
  // GET /api/media/{token}/…: Nucleo Home's signed media links
  [/(\/media\/)[^/?#]+/, "$1[redacted]"],
];

/** Request paths as they may be logged: reset, verification and calendar feed tokens and emails are cut out, and so is the query. */
export function redactPath(path: string) {
  let out = path.split("?")[0];
  for (const [re, by] of SECRET_PATHS) out = out.replace(re, by);
  return out;
}
