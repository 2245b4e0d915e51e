/**
 * Title, description and Open Graph tags of a public page (React Router `meta`). Every public page
 * uses this, so search engines and link previews read the same text the page shows.
 */
export function pageMeta(opts: { title: string; description: string; image?: string | null; type?: string }) {
  const tags: Record<string, string>[] = [
    { title: opts.title },
    { name: "description", content: opts.description },
    { property: "og:title", content: opts.title },
    { property: "og:description", content: opts.description },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:site_name", content: "Nucleo Barre" },
    { name: "twitter:card", content: opts.image ? "summary_large_image" : "summary" },
  ];
  if (opts.image) tags.push({ property: "og:image", content: opts.image });
  return tags;
}

/** Pages that should not be indexed (forms' answers, previews, one-time links). */
export const NOINDEX = { name: "robots", content: "noindex, nofollow" };
