/** Page bases of the catalogue resources written by hand (packs, products, certifications). */
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
