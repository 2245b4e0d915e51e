import { redirect, type AppLoadContext } from "react-router";
import { localePath, ROUTES } from "~/lib/routes";
import { guardUser } from "../http/api";
import { parseId } from "../http/cookies";
import { runGuards, type MiddlewareName } from "../domain/identity/guards";

/**
 * Runs the spec's middleware (by name, in order) for a page loader or action and throws the
 * redirect of the first guard that refuses. Unknown names throw a 500 'Unknown middleware'.
 * Redirects keep the /es-MX prefix of the request; a redirect to a login page carries `back`.
 */
export function requireGuards(
  args: { request: Request; context: AppLoadContext },
  names: MiddlewareName[] | string[],
  extra: { cartProductCount?: number } = {},
) {
  const { context, request } = args;
  const url = new URL(request.url);
  const user = guardUser(context.auth);
  // A session that has not passed two-factor yet only reaches the two-factor page (and logout).
  if (user?.needsTwoFactor && !names.some((n) => n === "requires2faAdmin" || n === "guest"))
    throw redirect(localePath(ROUTES.admin2fa, url.pathname));
  const r = runGuards(names, {
    user,
    cityId: parseId(context.cookies.city),
    studioId: parseId(context.cookies.studio),
    ...extra,
  });
  if (r.allow) return context.auth;
  let target = ROUTES[r.redirect] as string;
  if ((r.redirect === "login" || r.redirect === "adminLogin") && !context.auth.user) {
    const back = url.pathname + url.search;
    target += `?back=${encodeURIComponent(back)}${context.auth.expired ? "&expired=1" : ""}`;
  }
  throw redirect(localePath(target, url.pathname));
}
