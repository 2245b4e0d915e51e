import { t } from "~/lib/messages";

export type FieldError = { field: string; message: string };

/** The statuses a domain error can carry (the answer's status when it reaches the API or a page). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503;

/**
 * The one error type of the domain, the API and the pages (it does not depend on http/: domain
 * services throw it, the API and the pages turn it into their status). Every failure becomes the spec's shape:
 * `{ errorMessage, error: { Message, message, debugMessage?, messages: [{field, message}] } }`.
 */
export class AppError extends Error {
  constructor(
    public status: ErrorStatus,
    message: string,
    public fields: FieldError[] = [],
    public debugMessage?: string,
  ) {
    super(message);
  }

  toBody() {
    return errorBody(this.message, this.fields, this.debugMessage);
  }

  /**
   * Pages: React Router treats a thrown value of this shape as `throw data(message, { status })`,
   * so a page loader or action that lets a domain error through answers the error's status with
   * its Spanish message (the route's ErrorBoundary shows it, on the document and on client
   * navigations alike), without wrapping each call. The one place where AppError becomes a page status.
   */
  readonly type = "DataWithResponseInit" as const;
  get data(): string {
    return this.message;
  }
  get init(): { status: number } {
    return { status: this.status };
  }

  static validation(fields: FieldError[], message: string = fields[0]?.message ?? t("errors.validation")) {
    return new AppError(422, message, fields, message);
  }
  static badRequest(message: string, fields: FieldError[] = []) {
    return new AppError(400, message, fields);
  }
  static unauthorized(message = t("errors.unauthenticated")) {
    return new AppError(401, message);
  }
  static forbidden(message = t("errors.forbidden")) {
    return new AppError(403, message);
  }
  static notFound(message = t("errors.notFound")) {
    return new AppError(404, message);
  }
  static conflict(message: string, fields: FieldError[] = []) {
    return new AppError(409, message, fields);
  }
  static tooMany(message = t("errors.tooManyRequests")) {
    return new AppError(429, message);
  }
}

export function errorBody(message: string, fields: FieldError[] = [], debugMessage?: string) {
  return {
    errorMessage: message,
    message,
    error: { Message: message, message, ...(debugMessage ? { debugMessage } : {}), messages: fields },
  };
}

/** zod issues → spec field errors (first message per field, in order). */
export function zodFields(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const i of issues) {
    const field = i.path.map(String).join(".") || "_";
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: i.message });
  }
  return out;
}

/**
 * The PostgreSQL unique violation (23505) in an error or its causes (drivers and the ORM wrap
 * it): the index's name and, when the index is on one plain column, that column.
 */
export function uniqueViolationOf(err: unknown): { constraint?: string; column?: string } | null {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const x = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (x.code !== "23505") continue;
    const column = typeof x.detail === "string" ? /^Key \(([a-z_][a-z0-9_]*)\)=/i.exec(x.detail)?.[1] : undefined;
    return { constraint: typeof x.constraint === "string" ? x.constraint : undefined, column };
  }
  return null;
}
