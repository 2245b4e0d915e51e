/**
 * The browser's client for /api: same origin, cookie session plus the XSRF header, form or JSON
 * bodies, and one parsed answer for every outcome (spec §7-8).
 */
import type { z } from "zod";
import { t } from "./messages";

/**
 * The `data` of an answer as a route's response schema declares it: `api<ApiData<typeof schema>>`
 * (a type-only import of the schema, so no zod or server code reaches the browser).
 */
export type ApiData<S extends z.ZodType> = z.output<S> extends { data: infer D } ? D : z.output<S>;

/** The whole body of a successful answer, for the fields beside `data` (`apiOf<typeof s>` names both at once). */
export type ApiBody<S extends z.ZodType> = z.output<S>;

interface ApiFieldError {
  field: string;
  message: string;
}

/** `T` is the answer's `data`; `B` its whole body (`ApiBody`, when a caller reads more than `data`). */
export type ApiResult<T, B = unknown> =
  | { ok: true; status: number; data: T; body: B }
  | {
      ok: false;
      status: number;
      message: string;
      fields: Record<string, string>;
      debugMessage?: string;
      /**
       * The session expired (401 'Token has expired'): the ExpiredSessionWatcher already logs out
       * and asks to log in again, so callers show nothing more; `message` is the Spanish notice.
       */
      expired?: boolean;
      body: unknown;
    };

export function xsrfToken() {
  if (typeof document === "undefined") return "";
  const m = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : "";
}

/** Listeners for the "Token has expired" answer (the app logs out and asks to log in again). */
const expiredListeners = new Set<() => void>();
export function onTokenExpired(fn: () => void) {
  expiredListeners.add(fn);
  return () => expiredListeners.delete(fn);
}

export interface ApiOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, unknown>;
  body?: BodyInit;
  signal?: AbortSignal;
}

/**
 * `api` with the route's response schema named once, for a caller that reads the fields beside
 * `data` too: `apiOf<typeof someAnswer>(path)` types `data` and the whole body as it declares them.
 */
export function apiOf<S extends z.ZodType>(path: string, opts?: ApiOptions) {
  return api<ApiData<S>, ApiBody<S>>(path, opts);
}

/**
 * One call; `T` is the answer's `data` (unknown unless the caller names it, best with `ApiData`), `B` the
 * whole body of a successful answer (`ApiBody`, for the fields beside `data`).
 */
export async function api<T = unknown, B = unknown>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T, B>> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": "es-MX" };
  const method = opts.method ?? (opts.json !== undefined || opts.form || opts.body ? "POST" : "GET");
  if (method !== "GET") headers["X-XSRF-TOKEN"] = xsrfToken();
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) if (v !== undefined && v !== null) p.append(k, String(v));
    body = p.toString();
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body, credentials: "same-origin", signal: opts.signal });
  } catch {
    return { ok: false, status: 0, message: t("errors.connection"), fields: {}, body: null };
  }
  let json: any = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (res.ok) return { ok: true, status: res.status, data: (json?.data ?? json) as T, body: json as B };
  if (!json) return { ok: false, status: res.status, message: t("errors.connection"), fields: {}, body: null };
  const message: string = json.errorMessage ?? json.error?.Message ?? json.message ?? t("errors.internal");
  if (res.status === 401 && message === t("errors.tokenExpired")) {
    for (const fn of expiredListeners) fn();
    return { ok: false, status: 401, message: t("auth.expired.toast"), fields: {}, expired: true, body: json };
  }
  const fields: Record<string, string> = {};
  for (const f of (json.error?.messages ?? []) as ApiFieldError[])
    if (!(f.field in fields)) fields[f.field] = f.message;
  return { ok: false, status: res.status, message, fields, debugMessage: json.error?.debugMessage, body: json };
}
