import crypto from "node:crypto";
import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { Hono, type Context } from "hono";
import { routePath } from "hono/route";
import { z, type ZodType } from "zod";
import { t } from "~/lib/messages";
import type { AppDeps } from "../deps";
import { runGuards, type GuardUser, type MiddlewareName } from "../domain/identity/guards";
import { resolveSession, type SessionRow, type UserRow } from "../domain/identity/sessions";
import { readBody } from "./body";
import { parseCookies, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from "./cookies";
import { AppError, errorBody, zodFields } from "./errors";
import { accessLogger, redactPath, type Logger } from "./logger";
import { observeRequest } from "./metrics";
import { isDatabaseDown, RETRY_AFTER_SECONDS } from "./availability";
import { isCrossSiteWrite } from "./origin";
import { safeEqual } from "../domain/identity/tokens";
import { findUnsafeText, INTEGER_MAX } from "~/shared/schemas/fields";

export interface AuthState {
  user: UserRow | null;
  session: SessionRow | null;
  employeeId: number | null;
  token: string | null;
  via: "bearer" | "cookie" | null;
  expired: boolean;
}

export type ApiEnv = {
  Variables: { deps: AppDeps; requestId: string; auth: AuthState; cookies: Record<string, string> };
};
export type ApiContext = Context<ApiEnv>;

/** The request's logger (its lines carry the request id): made on first use, which is rare (an
 * error, a hook that logs), not for every request. */
export function requestLog(c: ApiContext): Logger {
  return c.get("deps").log.child({ requestId: c.get("requestId") });
}

export const anonymous: AuthState = {
  user: null,
  session: null,
  employeeId: null,
  token: null,
  via: null,
  expired: false,
};

/** Reads the bearer token (header) or the session cookie and resolves the session. */
export async function resolveAuth(
  deps: AppDeps,
  headers: Headers,
  cookies: Record<string, string>,
): Promise<AuthState> {
  const header = headers.get("authorization") ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? null;
  const token = bearer ?? cookies[SESSION_COOKIE] ?? null;
  if (!token) return anonymous;
  const via = bearer ? "bearer" : "cookie";
  const r = await resolveSession(deps.db, token, deps.clock());
  if (r.status === "ok")
    return { user: r.user, session: r.session, employeeId: r.employeeId, token, via, expired: false };
  return { ...anonymous, token, via, expired: r.status === "expired" };
}

export function guardUser(auth: AuthState): GuardUser | null {
  const u = auth.user;
  if (!u) return null;
  return {
    roleId: u.roleId,
    employeeType: u.employeeType,
    canScanAttendance: u.canScanAttendance,
    needsTwoFactor: u.require2fa && !auth.session?.twoFactorAt,
  };
}

/** The OpenAPI document is generated from the same zod schemas that validate requests:
 * each API app has its registry, filled by defineRoute. */
const registries = new WeakMap<Hono<ApiEnv>, OpenAPIRegistry>();
export function registryOf(app: Hono<ApiEnv>) {
  let r = registries.get(app);
  if (!r) {
    r = new OpenAPIRegistry();
    r.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
    registries.set(app, r);
  }
  return r;
}

const errorSchema = z.object({
  errorMessage: z.string(),
  error: z.object({
    Message: z.string(),
    debugMessage: z.string().optional(),
    messages: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
});

type Method = "get" | "post" | "put" | "patch" | "delete";

export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, R extends ZodType = ZodType> {
  method: Method;
  /** Hono style: `/studios/city/:city`. */
  path: string;
  summary: string;
  tags: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** Logged in (any role), or the spec's middleware names, checked in order. */
  guard?: "auth" | MiddlewareName[];
  /** The answer's schema: OpenAPI documents it and the handler's return type comes from it. */
  response?: R;
  status?: 200 | 201;
  description?: string;
  /** Largest accepted body in bytes (default 1 MB; uploads declare more). */
  bodyLimit?: number;
  /**
   * A guarded call is refused (403) to a session that has not passed its two-factor check yet,
   * unless it is part of that check (enrol, verify, status) or reads the session's own user.
   */
  pendingTwoFactor?: "allow";
}

/** What a handler may return: its response schema's input (or a Response, e.g. CSV); anything without a schema. */
type HandlerResult<R extends ZodType> = ZodType extends R ? unknown : z.input<R> | Response;

export interface Handler<B extends ZodType, Q extends ZodType, P extends ZodType, R extends ZodType = ZodType> {
  (input: {
    c: ApiContext;
    body: z.output<B>;
    query: z.output<Q>;
    params: z.output<P>;
    auth: AuthState;
    deps: AppDeps;
  }): Promise<HandlerResult<R>> | HandlerResult<R>;
}

const empty = z.object({});

/** Every call of an API app with its answer's schema (the contract test walks them). */
export interface RouteContract {
  method: Method;
  path: string;
  status: number;
  response?: ZodType;
  guard?: "auth" | MiddlewareName[];
  body?: ZodType;
  params?: ZodType;
}
const contracts = new WeakMap<Hono<ApiEnv>, RouteContract[]>();
export function routeContracts(app: Hono<ApiEnv>): RouteContract[] {
  return contracts.get(app) ?? [];
}

/** Declares one API call: registered in the OpenAPI document, parsed, validated, guarded. */
export function defineRoute<
  B extends ZodType = typeof empty,
  Q extends ZodType = typeof empty,
  P extends ZodType = typeof empty,
  R extends ZodType = ZodType,
>(app: Hono<ApiEnv>, spec: RouteSpec<B, Q, P, R>, handler: Handler<B, Q, P, R>) {
  const openapiPath = spec.path.replace(/:(\w+)/g, "{$1}");
  if (!contracts.has(app)) contracts.set(app, []);
  contracts.get(app)!.push({
    method: spec.method,
    path: spec.path,
    status: spec.status ?? 200,
    response: spec.response,
    guard: spec.guard,
    body: spec.body,
    params: spec.params,
  });
  const bodyContent = spec.body
    ? {
        content: {
          "application/json": { schema: spec.body },
          "application/x-www-form-urlencoded": { schema: spec.body },
        },
      }
    : undefined;
  registryOf(app).registerPath({
    method: spec.method,
    path: `/api${openapiPath}`,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    security: spec.guard ? [{ bearer: [] }] : undefined,
    request: {
      params: spec.params as never,
      query: spec.query as never,
      body: bodyContent,
    },
    responses: {
      [spec.status ?? 200]: {
        description: "OK",
        content: spec.response || offersCsv(spec.query) ? successContent(spec.response, spec.query) : undefined,
      },
      ...errorResponses(spec),
    },
  });

  app.on(spec.method.toUpperCase(), spec.path, async (c) => {
    const auth = c.get("auth");
    if (spec.guard) {
      if (auth.user && spec.pendingTwoFactor !== "allow" && guardUser(auth)?.needsTwoFactor)
        throw AppError.forbidden(t("errors.twoFactorPending"));
      enforceGuard(spec.guard, auth);
    }
    const rawParams = c.req.param();
    refuseUnsafeText(rawParams, 400);
    const params = parse(spec.params ?? empty, rawParams, 400);
    const rawQuery = c.req.query();
    refuseUnsafeText(rawQuery, 422);
    const query = parse(spec.query ?? empty, rawQuery, 422);
    const raw =
      spec.method === "get" || spec.method === "delete" ? {} : await readBody(c.req.raw, { limit: spec.bodyLimit });
    refuseUnsafeText(raw, 422);
    const body = parse(spec.body ?? empty, raw, 422);
    const deps = c.get("deps");
    const result = await handler({ c, body, query, params, auth, deps } as never);
    if (result instanceof Response) return result;
    if (spec.response && deps.config.NODE_ENV === "test") holdToContract(spec, result);
    return c.json(result as object, spec.status ?? 200);
  });
}

/**
 * Under test, every answer is held to its response schema as the caller receives it (JSON): each
 * test that calls the API is a contract test too, for every method, not only the GETs the contract
 * test walks. A mismatch is a 500 naming the route and the fields, so the test fails.
 */
function holdToContract(spec: { method: string; path: string; response?: ZodType }, result: unknown) {
  const checked = spec.response!.safeParse(JSON.parse(JSON.stringify(result ?? null)));
  if (checked.success) return;
  const issues = checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw new Error(`${spec.method.toUpperCase()} ${spec.path}: the answer does not match its schema (${issues})`);
}

/**
 * The field rules' text rule over everything the caller sent (path, query, body), so no schema can
 * forget it: 400 for the path (like any malformed path), 422 for the query and the body.
 */
function refuseUnsafeText(value: unknown, status: 400 | 422) {
  const bad = findUnsafeText(value);
  if (!bad) return;
  const message = t("fields.unsafeText");
  const fields = [{ field: bad.field, message }];
  throw new AppError(status, message, fields, message);
}

const errorJson = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

/** Lists whose query takes `format=csv` answer CSV too. */
function offersCsv(query: ZodType | undefined) {
  const shape = (query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && "format" in shape);
}

function successContent(response: ZodType | undefined, query: ZodType | undefined) {
  return {
    ...(response ? { "application/json": { schema: response } } : {}),
    ...(offersCsv(query) ? { "text/csv": { schema: { type: "string" as const, description: "format=csv" } } } : {}),
  };
}

/**
 * The error answers a call can give, all in the spec's error shape: 400 (malformed path or JSON),
 * 404, 409, 413/415 (bodies), 422 (invalid data), 429; 401/403 on guarded calls.
 */
function errorResponses(spec: { method: Method; guard?: unknown; params?: unknown }) {
  const hasBody = spec.method !== "get" && spec.method !== "delete";
  return {
    400: errorJson(hasBody ? "Petición mal formada (identificador o JSON inválido)" : "Identificador inválido"),
    ...(spec.guard ? { 401: errorJson("Sin sesión o sesión expirada"), 403: errorJson("Sin permiso") } : {}),
    404: errorJson("No existe"),
    ...(hasBody ? { 409: errorJson("Conflicto con el estado actual") } : {}),
    ...(hasBody ? { 413: errorJson("Cuerpo demasiado grande"), 415: errorJson("Tipo de contenido no soportado") } : {}),
    422: errorJson("Datos inválidos"),
    429: errorJson("Demasiadas peticiones"),
  };
}

function parse<T extends ZodType>(schema: T, value: unknown, status: 400 | 422): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields = zodFields(r.error.issues);
  throw new AppError(status, fields[0]?.message ?? t("errors.validation"), fields, fields[0]?.message);
}

export function enforceGuard(guard: "auth" | MiddlewareName[], auth: AuthState) {
  if (!auth.user) {
    throw AppError.unauthorized(auth.expired ? t("errors.tokenExpired") : t("errors.unauthenticated"));
  }
  if (guard === "auth") return;
  const r = runGuards(guard, { user: guardUser(auth) });
  if (!r.allow) throw r.status === 401 ? AppError.unauthorized() : AppError.forbidden();
}

/** Cookie-authenticated state changes must carry the XSRF cookie's value in X-XSRF-TOKEN. */
function checkXsrf(c: ApiContext) {
  const m = c.req.method;
  if (m === "GET" || m === "HEAD" || m === "OPTIONS") return;
  const auth = c.get("auth");
  if (auth.via !== "cookie") return;
  const cookie = c.get("cookies")[XSRF_COOKIE] ?? "";
  const header = c.req.header(XSRF_HEADER) ?? "";
  if (!cookie || !header || !safeEqual(cookie, header)) throw AppError.forbidden(t("errors.csrf"));
}

/** The base of every /api router: request id, logging, auth, XSRF, error shapes. */
export function createApiApp(deps: AppDeps) {
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    const cookies = parseCookies(c.req.header("cookie"));
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("cookies", cookies);
    c.set("auth", anonymous);
    const started = performance.now();
    try {
      if (isCrossSiteWrite(c.req.raw, deps.config.publicUrl)) throw AppError.forbidden(t("errors.crossSite"));
      c.set("auth", await resolveAuth(deps, c.req.raw.headers, cookies));
      checkXsrf(c);
      await next();
    } finally {
      // Straight onto the answer's headers: c.header() after next() makes Hono rebuild the answer.
      const h = c.res.headers;
      h.set("X-Request-Id", requestId);
      h.set("Content-Language", "es-MX");
      if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
      // The access line: every field here is safe as it is (the path without its query and
      // tokens, see redactPath), so it skips the logger's per-line redaction (logger.ts).
      const ms = performance.now() - started;
      accessLogger(deps.log).info(
        { requestId, method: c.req.method, path: redactPath(c.req.path), status: c.res.status, ms: Math.round(ms) },
        "api",
      );
      // By the matched pattern (`/admin/users/:id`), never the raw path: ids would make a series each.
      const pattern = routePath(c, -1);
      observeRequest(
        pattern === "*" || pattern === "/*" ? "unmatched" : pattern,
        c.req.method,
        c.res.status,
        ms / 1000,
      );
    }
  });
  app.onError((err, c) => {
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) c.header("Retry-After", String(retryAfter));
      return c.json(err.toBody(), err.status);
    }
    if (isDatabaseDown(err)) {
      (c.get("requestId") ? requestLog(c) : deps.log).warn({ err: { message: String(err) } }, "database unavailable");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json(errorBody(t("errors.serviceUnavailable")), 503);
    }
    (c.get("requestId") ? requestLog(c) : deps.log).error({ err }, "unhandled api error");
    return c.json(errorBody(t("errors.internal")), 500);
  });
  app.notFound((c) => c.json(errorBody(t("errors.routeNotFound")), 404));
  return app;
}

/** A path id: digits only, within the field rules' integer range (1 to INTEGER_MAX). */
export const idParam = (name: string) =>
  z.object({
    [name]: z
      .string()
      .regex(/^\d{1,10}$/, t("validation.idNumeric"))
      .transform((v) => Number.parseInt(v, 10))
      .refine((v) => v >= 1 && v <= INTEGER_MAX, t("validation.idNumeric")),
  });
