import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const countriesView: ResourceView = {
  one: t("resources.countries.one"),
  many: t("resources.countries.many"),
  subtitle: t("resources.countries.subtitle"),
  base: "/admin/countries",
  apiPath: "/admin/countries",
  activatable: true,
  csv: true,
};
