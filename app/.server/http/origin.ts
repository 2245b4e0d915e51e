/**
 * Cross-site state changes are refused (login CSRF and the like): a POST, PUT, PATCH or DELETE whose
 * `Origin` names another site than this server's, or that the browser marks `Sec-Fetch-Site:
 * cross-site`. Clients without a browser origin (curl, mobile apps with bearer tokens) send neither
 * header and keep working. The same origin is the request's own host, or PUBLIC_URL's origin.
 */
export function isCrossSiteWrite(req: Request, publicUrl: string): boolean {
  const m = req.method;
  if (m === "GET" || m === "HEAD" || m === "OPTIONS") return false;
  const fetchSite = req.headers.get("sec-fetch-site")?.toLowerCase();
  if (fetchSite === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null || origin === "") return false;
  if (origin === "null") return true; // an opaque origin (sandboxed frame, data: page): never ours
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const own = new Set<string>();
  const hostHeader = req.headers.get("host");
  if (hostHeader) own.add(hostHeader.toLowerCase());
  try {
    own.add(new URL(req.url).host.toLowerCase());
  } catch {
    /* a relative URL in tests */
  }
  try {
    own.add(new URL(publicUrl).host.toLowerCase());
  } catch {
    /* validated at start-up */
  }
  return !own.has(host);
}
