const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe for HTML and XML, in element content and in quoted attributes alike: `&`, `<`, `>`, `"`
 * and `'` as entities. `&#39;` (not `&apos;`, unknown to HTML 4 mail readers) is a character reference
 * every XML parser reads too, so the CFDI and the sitemap use this same function.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
