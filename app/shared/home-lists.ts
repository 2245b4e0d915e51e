/**
 * The list-shaped parts of home sections (kept in `home_sections.data`): the features' cards
 * (`items`) and a banner's check points (`points`). The public home, the section editor and the
 * drafts read them through these helpers, so what the editor starts from is what visitors see.
 */
import { t } from "~/lib/messages";

/** Icons a feature card may show (the public home maps each to a drawing). */
export const FEATURE_ICONS = ["target", "heart", "music", "sparkles"] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export interface FeatureItem {
  icon: FeatureIcon;
  title: string;
  text: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The features' cards of a section's data (malformed entries dropped). */
export function featureItemsOf(data: Record<string, unknown>): FeatureItem[] {
  if (!Array.isArray(data.items)) return [];
  return data.items
    .filter((i): i is Record<string, unknown> => !!i && typeof i === "object")
    .map((i) => ({
      icon: (FEATURE_ICONS as readonly string[]).includes(str(i.icon)) ? (i.icon as FeatureIcon) : "sparkles",
      title: str(i.title),
      text: str(i.text),
    }));
}

/**
 * A banner's points: its own list, or for the on-demand banner without one the three default
 * points of the catalogue.
 */
export function bannerPointsOf(section: { key: string; cta_link: string | null; data: Record<string, unknown> }) {
  if (Array.isArray(section.data.points)) return section.data.points.filter((p): p is string => typeof p === "string");
  const isOnDemand = (section.cta_link ?? "").includes("on-demand") || section.key === "on-demand";
  return isOnDemand ? [t("site.home.bannerPoint1"), t("site.home.bannerPoint2"), t("site.home.bannerPoint3")] : [];
}

/** Which list a section kind edits, if any. */
export function listKindOf(kind: string): "items" | "points" | null {
  return kind === "features" ? "items" : kind === "banner" ? "points" : null;
}
