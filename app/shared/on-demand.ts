/** The library's filters, as the shareable URL names them (`/on-demand/library/filter/{filter}/{value}`). */
export const LIBRARY_FILTERS = ["type", "coach", "difficulty", "duration", "equipment"] as const;
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];
