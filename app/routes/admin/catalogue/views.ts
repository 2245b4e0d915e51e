/** Page bases of the catalogue resources written by hand (packs, products, certifications, gift cards, rewards). */
import { t } from "~/lib/messages";
import type { FieldDef, ResourceView } from "~/components/admin/kit";

export const packsView: ResourceView = {
  one: t("catalogue.packs.one"),
  many: t("catalogue.packs.many"),
  subtitle: t("catalogue.packs.subtitle"),
  base: "/admin/packs",
  apiPath: "/admin/packs",
  activatable: true,
  csv: true,
};

export const productsView: ResourceView = {
  one: t("catalogue.products.one"),
  many: t("catalogue.products.many"),
  subtitle: t("catalogue.products.subtitle"),
  base: "/admin/products",
  apiPath: "/admin/products",
  activatable: true,
  csv: true,
};

export const certificationsView: ResourceView = {
  one: t("catalogue.certifications.one"),
  many: t("catalogue.certifications.many"),
  subtitle: t("catalogue.certifications.subtitle"),
  base: "/admin/certifications",
  apiPath: "/admin/certifications",
  activatable: true,
  csv: true,
};

export const areaLabel = (area: string) =>
  (
    ({
      juiceBar: t("catalogue.products.areas.juiceBar"),
      barreByNucleo: t("catalogue.products.areas.barreByNucleo"),
      certificate: t("catalogue.products.areas.certificate"),
    }) as Record<string, string>
  )[area] ?? area;

/** The fields the catalogue forms share: the name (all), the price and the order (the priced ones). */
export const nameField: FieldDef = { name: "name", label: t("catalogue.common.name"), kind: "text", required: true };
export const priceField: FieldDef = {
  name: "price_cents",
  label: t("catalogue.common.price"),
  kind: "money",
  required: true,
  description: t("catalogue.common.priceHelp"),
};
export const sortOrderField: FieldDef = {
  name: "sort_order",
  label: t("catalogue.common.sortOrder"),
  kind: "number",
  min: 0,
  max: 9999,
};

/** How many sessions a pack or a plan gives (blank: no limit), with its own label and help. */
export const sessionsField = (label: string, description: string): FieldDef => ({
  name: "sessions",
  label,
  kind: "number",
  min: 1,
  max: 1000,
  nullable: true,
  description,
});

export const giftCardsView: ResourceView = {
  one: t("catalogue.giftCards.one"),
  many: t("catalogue.giftCards.many"),
  subtitle: t("catalogue.giftCards.subtitle"),
  base: "/admin/giftcards",
  apiPath: "/admin/giftcards",
  activatable: true,
  editable: false,
  csv: true,
  addLabel: t("catalogue.giftCards.add"),
  searchPlaceholder: t("catalogue.giftCards.code"),
};

export const rewardsView: ResourceView = {
  one: t("catalogue.rewards.one"),
  many: t("catalogue.rewards.many"),
  subtitle: t("catalogue.rewards.subtitle"),
  base: "/admin/rewards",
  apiPath: "/admin/rewards",
  editable: false,
  csv: true,
  addLabel: t("catalogue.rewards.add"),
  searchPlaceholder: t("admin.users.searchPlaceholder"),
};
