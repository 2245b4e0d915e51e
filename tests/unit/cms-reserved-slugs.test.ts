/**
 * A CMS page lives at `/{slug}` through the site's `:slug` route, which ranks below every static
 * path: a page whose slug is a real one-segment page would be saved and never seen. The reserved
 * list in the CMS schema must name every such page of the route table.
 */
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { RESERVED_PAGE_SLUGS, cmsPageSchema, reservedSlugMessage } from "../../app/shared/schemas/cms";

/** Every full path of the table, with the locale prefix left out. */
function paths(entries: RouteConfigEntry[], prefix: string[] = []): string[][] {
  return entries.flatMap((e) => {
    const own = e.path && e.path !== "es-MX?" ? e.path.split("/") : [];
    const full = [...prefix, ...own];
    return [...(e.path || e.index ? [full] : []), ...paths(e.children ?? [], full)];
  });
}

/** The one-segment static addresses a path answers (an optional segment may be left out). */
function oneSegmentPages(segments: string[]): string[] {
  const required = segments.filter((s) => !s.endsWith("?"));
  const forms = [segments.map((s) => s.replace(/\?$/, "")), required];
  return forms.filter((f) => f.length === 1 && !f[0].startsWith(":") && f[0] !== "*").map((f) => f[0].toLowerCase());
}

describe("CMS page addresses", () => {
  it("every one-segment page of the route table is reserved", () => {
    const pages = new Set(paths(routes as RouteConfigEntry[]).flatMap(oneSegmentPages));
    const missing = [...pages].filter((p) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(p) && !RESERVED_PAGE_SLUGS.has(p));
    expect(missing).toEqual([]);
    expect(pages.has("calendar")).toBe(true);
  });

  it("a reserved address is refused in Spanish; a free one passes", () => {
    const base = { title: "Página", body: "Texto", published: true };
    const taken = cmsPageSchema.safeParse({ ...base, slug: "Calendar" });
    expect(taken.success).toBe(false);
    expect(taken.error?.issues[0]?.message).toMatch(/ya es una página del sitio/);
    expect(cmsPageSchema.safeParse({ ...base, slug: "nuestra-historia" }).success).toBe(true);
  });

  it("the editor's live check says what the server says, on the address as it is typed", () => {
    const base = { title: "Página", body: "Texto", published: true };
    const server = cmsPageSchema.safeParse({ ...base, slug: " Calendar " }).error?.issues[0]?.message;
    expect(reservedSlugMessage(" Calendar ")).toBe(server);
    expect(reservedSlugMessage("calendario")).toBeNull();
    expect(reservedSlugMessage("")).toBeNull();
  });
});
