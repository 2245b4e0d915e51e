/**
 * Links between the account pages that keep the return target: `/login/{back}` ↔
 * `/register/{back}` keep the parameter, `?back=` keeps the query, and the email travels along.
 */
export function authPageLink(
  base: "/login" | "/register" | "/auth/reset",
  opts: { backParam?: string | null; backQuery?: string | null; email?: string | null },
) {
  let path = base;
  if (opts.backParam && base !== "/auth/reset") path += `/${encodeURIComponent(opts.backParam)}`;
  const q = new URLSearchParams();
  if (opts.backQuery) q.set("back", opts.backQuery);
  if (opts.email) q.set("email", opts.email);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
