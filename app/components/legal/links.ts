/** Where the legal pages live (public site), by text: /legals/{section}. */
export const LEGAL_PATHS = {
  privacy: "/legals/aviso-de-privacidad",
  terms: "/legals/terms-and-conditions",
} as const;

/** The text of a /legals/{section} page, or null for a section that is not a legal text. */
export function legalSlugOf(section: string): keyof typeof LEGAL_PATHS | null {
  for (const [slug, path] of Object.entries(LEGAL_PATHS)) if (path.endsWith(`/${section}`)) return slug as never;
  return null;
}
