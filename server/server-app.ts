// The product's Hono app (API + pages), without React Router's build: server/app.ts (the build's
// entry) passes its build; tests/support/app-server-child.ts runs the same app from the sources.
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { clientIpFrom, remoteAddressOf } from "~/.server/http/client";
import { createApi } from "~/.server/api";
import type { AppDeps } from "~/.server/deps";
import { resolveAuth, anonymous } from "~/.server/http/api";
import {
  clearSessionCookie,
  localeCookie,
  LOCALE_COOKIE,
  newXsrfToken,
  parseCookies,
  XSRF_COOKIE,
  xsrfCookie,
} from "~/.server/http/cookies";
import { securityHeaders } from "~/.server/http/security";
import { compressAnswers } from "~/.server/http/compress";
import { errorBody } from "~/.server/http/errors";
import { boundedRequest } from "~/.server/http/body";
import { isCrossSiteWrite } from "~/.server/http/origin";
import { databaseAnswers, isDatabaseDown, unavailablePage } from "~/.server/http/availability";
import { t } from "~/lib/messages";

/** One Hono app: /api first, every other path to React Router's request handler. */
export function createServerApp(deps: AppDeps, build: ServerBuild | (() => Promise<ServerBuild>), mode: string) {
  const app = new Hono();
  const secure = deps.config.publicUrl.startsWith("https://");
  app.use("*", compressAnswers());
  app.use("*", securityHeaders(mode === "production"));
  // Baselines for `npm run bench` (BENCH_BASELINE=true only): the cheapest JSON answer of this stack
  // outside /api, and the same answer inside the /api middleware (request id, auth, XSRF, log).
  if (deps.config.BENCH_BASELINE) app.get("/__bench/json", (c) => c.json({ ok: true }));
  const api = createApi(deps);
  if (deps.config.BENCH_BASELINE) api.get("/__bench/json", (c) => c.json({ ok: true }));
  app.route("/api", api);
  // An /api path no router declares is the API's 404 in the error shape, never a page (nor a 405
  // from React Router for a POST).
  app.all("/api/*", (c) => c.json(errorBody(t("errors.routeNotFound")), 404));
  const handle = createRequestHandler(build as ServerBuild, mode);
  app.all("*", async (c) => {
    // Page actions (forms) refuse cross-site posts like the API does.
    if (isCrossSiteWrite(c.req.raw, deps.config.publicUrl)) return c.text(t("errors.crossSite"), 403);
    const cookies = parseCookies(c.req.header("cookie"));
    const auth = await resolveAuth(deps, c.req.raw.headers, cookies).catch(() => anonymous);
    // Page actions read forms whole: their body is read under the size limit first.
    const req = await boundedRequest(c.req.raw);
    if (!req) return c.text(t("errors.bodyTooLarge"), 413);
    const clientIp = clientIpFrom({
      headers: c.req.raw.headers,
      remoteAddress: remoteAddressOf(c),
      trustProxy: deps.config.TRUST_PROXY,
    });
    // v8_middleware: the load context is a RouterContextProvider; it carries the same fields.
    const context = Object.assign(new RouterContextProvider(), { deps, auth, cookies, clientIp });
    const res = await handle(req, context);
    // A page that failed while the database is away: the Spanish 503 page, not an error boundary's 500.
    if (res.status >= 500 && !(await databaseAnswers(deps.db))) return unavailablePage();
    const out = new Response(res.body, res);
    if (!cookies[LOCALE_COOKIE]) out.headers.append("Set-Cookie", localeCookie(secure));
    if (!cookies[XSRF_COOKIE]) out.headers.append("Set-Cookie", xsrfCookie(newXsrfToken(), secure));
    // A session cookie that no longer opens a session (expired, revoked, unknown) is dropped when a
    // whole document was rendered for nobody, so its calls do not meet a dead token later. Data and
    // manifest requests keep it: the page in the browser still shows the user, and its next API
    // call answers 'Token has expired', which asks to log in again (ExpiredSessionWatcher).
    const isDocument = out.headers.get("content-type")?.startsWith("text/html");
    if (isDocument && auth.via === "cookie" && auth.token && !auth.user)
      out.headers.append("Set-Cookie", clearSessionCookie(secure));
    return out;
  });
  // A page whose render threw (not a loader: React Router answers those itself, above).
  app.onError(async (err, c) => {
    if (isDatabaseDown(err) || !(await databaseAnswers(deps.db))) return unavailablePage();
    deps.log.error({ err }, "unhandled page error");
    return c.text(t("errors.internal"), 500);
  });
  return app;
}
