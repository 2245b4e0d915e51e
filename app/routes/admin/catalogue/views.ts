/** Page bases of the catalogue resources (plans, products, certifications, shipping methods). */
import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const packsView: ResourceView = {
  one: t("catalogue.packs.one"),
  many: t("catalogue.packs.many"),
  subtitle: t("catalogue.packs.subtitle"),
  base: "/admin/packs",
  apiPath: "/admin/packs",
  activatable: true,
  csv: true,
};

export const plansView: ResourceView = {
  one: t("catalogue.plans.one"),
  many: t("catalogue.plans.many"),
  subtitle: t("catalogue.plans.subtitle"),
  base: "/admin/plans",
  apiPath: "/admin/plans",
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

export const shippingMethodsView: ResourceView = {
  one: t("catalogue.shippingMethods.one"),
  many: t("catalogue.shippingMethods.many"),
  subtitle: t("catalogue.shippingMethods.subtitle"),
  base: "/admin/shippings/methods",
  apiPath: "/admin/shipping-methods",
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
