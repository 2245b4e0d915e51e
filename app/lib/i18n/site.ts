/** Public site: navbar, menu, footer, home, locations. */
export const site = {} as const;
