import { PassThrough, pipeline } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { documentCsp, newNonce } from "./.server/http/security";
import { safeError } from "./.server/http/logger";
import { NonceContext } from "./lib/nonce";
import { headOrderStream, scriptTimingFor, type HeadOptions, type ScriptTiming } from "./.server/http/head-order";
import { hydratesOnIntent } from "./lib/hydration";

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering go to the app's logger as safe errors (no SQL
 * parameters, no secrets: `safeError`), never through React Router's default `console.error` of
 * the raw error, whose message may carry a database error's parameters.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || error instanceof Response) return;
  const deps = (context as Partial<AppLoadContext> | undefined)?.deps;
  const path = new URL(request.url).pathname;
  if (deps) deps.log.error({ err: safeError(error), path }, "page error");
  else console.error(safeError(error));
};

/**
 * When the page's scripts run: the back office's with the paint, a public page's after it, or at
 * the visitor's first use where its route asks for that (`HYDRATE_ON_INTENT`; an error page stays
 * eager). While the inspector is blocked, the page's inline script blocks it until the page is live.
 */
function scriptPlan(request: Request, ctx: EntryContext): { timing: ScriptTiming; opts: HeadOptions } {
  const shc = ctx.staticHandlerContext;
  const opts = {
    blockInspector: Boolean((shc.loaderData.root as { blockInspector?: boolean } | undefined)?.blockInspector),
  };
  const timing = scriptTimingFor(new URL(request.url).pathname);
  if (timing !== "afterPaint" || shc.errors) return { timing, opts };
  const onIntent = hydratesOnIntent(shc.matches.map((m) => ctx.routeModules[m.route.id]?.handle));
  return { timing: onIntent ? "onIntent" : timing, opts };
}

/** React Router's default Node entry, plus a per-request CSP nonce: every inline script the
 * rendering writes (React Router's hydration data and module loader, scroll restoration, Mantine's
 * colour-scheme script) carries it, and the document's CSP allows exactly that nonce instead of
 * 'unsafe-inline' (production only: Vite's development scripts carry no nonce). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = newNonce();
  // Stripe.js is the one external script, allowed only when Stripe is the card gateway.
  const stripe = (loadContext as Partial<AppLoadContext>).deps?.config.PAYMENT_GATEWAY === "stripe";
  if (process.env.NODE_ENV === "production")
    responseHeaders.set("Content-Security-Policy", documentCsp(nonce, { stripe }));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary is written where it stands. By default React writes every
        // boundary past the first 12.8 KB into a hidden <div> and moves it in with a script, one
        // reveal per animation frame: on the home that was 8 moves, their layouts and ~125 ms of
        // appendChild on a phone, for content the server already had. The boundaries stay (the
        // page hydrates in pieces, HydrateLater); only a boundary still waiting for data streams.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Stylesheets, fonts and images before the page's scripts (app/.server/http/head-order.ts).
          // pipeline: an aborted render (streamTimeout) ends the answer too, as it did unpiped.
          const { timing, opts } = scriptPlan(request, routerContext);
          const head = headOrderStream(timing, opts);
          pipeline(head, body, () => {});
          pipe(head);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(safeError(error));
        },
      },
    );
  });
}
