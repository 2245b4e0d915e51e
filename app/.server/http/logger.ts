import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"], remove: true },
  });
}

const SECRET_PATHS = [/(\/reset\/password\/)[^/?#]+/, /(\/auth\/verify\/)[^/?#]+/, /(\/auth\/reset\/)[^/?#]+/];

/** Request paths as they may be logged: reset and verification tokens are cut out, and so is the query. */
export function redactPath(path: string) {
  let out = path.split("?")[0];
  for (const re of SECRET_PATHS) out = out.replace(re, "$1[redacted]");
  return out;
}
