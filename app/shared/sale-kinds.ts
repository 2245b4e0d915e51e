/** The kinds of sale the dashboard and the sales report tell apart (issue 22). Browser-safe, no imports. */
export const SALE_KINDS = ["packs", "plans", "store", "certifications", "gift_cards"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
