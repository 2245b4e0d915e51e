import type { Route } from "./+types/sitemap";
import { LEGAL_PATHS } from "~/components/legal/links";
import { sitemapEntries } from "~/.server/domain/content/pages";
import { escapeHtml } from "~/.server/lib/html";

/** Static public pages with content (dynamic ones are added from the database). */
const STATIC_PATHS = [
  "/",
  "/addresses",
  "/coaches",
  "/our-sessions",
  "/legals",
  "/foundation/application",
  "/bazar-acapulco",
  "/certification",
  "/facturacion",
  "/buy-sessions",
  "/calendar",
  "/store",
];

/** `/sitemap.xml`: every public page with content, on the unprefixed path (es-MX is the only locale). */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.deps.config.publicUrl;
  const e = await context.deps.cache.get("public:sitemap", () => sitemapEntries(context.deps.db));
  const urls: { loc: string; lastmod?: Date }[] = STATIC_PATHS.map((p) => ({ loc: p }));
  for (const p of e.pages) urls.push({ loc: `/${p.slug}`, lastmod: p.updatedAt });
  for (const l of e.legals) urls.push({ loc: `/legals/${l.slug}`, lastmod: l.updatedAt });
  // The privacy notice and the terms (legal texts edited in /admin/pages, always present).
  for (const loc of Object.values(LEGAL_PATHS)) urls.push({ loc });
  for (const c of e.certs) urls.push({ loc: `/certification/${c.slug}`, lastmod: c.updatedAt });
  for (const c of e.coaches) urls.push({ loc: `/coaches/${c.slug}`, lastmod: c.updatedAt });
  for (const ev of e.events) urls.push({ loc: `/bazar-acapulco/event/${ev.id}`, lastmod: ev.updatedAt });
  const seen = new Set<string>();
  const body = urls
    .filter((u) => (seen.has(u.loc) ? false : (seen.add(u.loc), true)))
    .map(
      (u) =>
        `  <url><loc>${escapeHtml(base + (u.loc === "/" ? "/" : u.loc))}</loc>${
          u.lastmod ? `<lastmod>${new Date(u.lastmod).toISOString().slice(0, 10)}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
