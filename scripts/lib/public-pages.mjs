// The public pages of the site, found from the data itself (no ids or slugs written here): used by
// `npm run bench:web -- --pages=public` and `scripts/shots-web.mjs`.

/** Pages that need the visitor's chosen city and studio (spec §4 guards; the studio page shows the
 * chosen studio). */
export const NEEDS_CHOICE = ["/calendar", "/select-studio", "/studio-detail"];
export const needsChoice = (page) => NEEDS_CHOICE.some((p) => page === p || page.startsWith(`${p}?`));

/** JSON `data` of a public API call. */
async function apiData(baseUrl, pathname) {
  const res = await fetch(`${baseUrl}/api${pathname}`);
  if (!res.ok) throw new Error(`GET /api${pathname}: HTTP ${res.status}`);
  return (await res.json()).data;
}

/** The visitor's chosen city and studio (as the site's pickers set them in cookies): the first city
 * with a bookable studio, and that studio. */
export async function chooseStudio(baseUrl) {
  for (const city of await apiData(baseUrl, "/cities")) {
    const studio = (await apiData(baseUrl, `/studios/city/${city.id}`)).find((s) => !s.is_external);
    if (studio) return { city: String(city.id), studio: String(studio.id) };
  }
  throw new Error("No city with a studio in the data.");
}

/**
 * Every public page that renders content (issue 8; spec §2): the sitemap's pages, keeping one page
 * of each kind under a folder (one coach, one legal section, one certification, one bazaar event:
 * the same template with other content; `all` keeps every one), then the public pages the sitemap
 * leaves out, the ones needing a chosen studio (NEEDS_CHOICE) last.
 */
export async function publicPages(baseUrl, { all = false } = {}) {
  const res = await fetch(`${baseUrl}/sitemap.xml`);
  if (!res.ok) throw new Error(`GET /sitemap.xml: HTTP ${res.status}`);
  const xml = await res.text();
  const kinds = new Set();
  const list = [];
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const page = new URL(loc).pathname;
    const parts = page.split("/").filter(Boolean);
    const kind = parts.length > 1 ? parts.slice(0, -1).join("/") : page;
    if ((!all && kinds.has(kind)) || needsChoice(page)) continue;
    kinds.add(kind);
    list.push(page);
  }
  const product = (await apiData(baseUrl, "/v2/products")).find((p) => p.active !== false);
  const extra = [
    "/select-location",
    product ? `/store/product/${product.id}` : null,
    "/on-demand",
    "/on-demand/buy-plans",
    "/login",
    "/register",
    ...NEEDS_CHOICE,
  ];
  for (const page of extra) if (page && !list.includes(page)) list.push(page);
  return list;
}
