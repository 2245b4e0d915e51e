import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const bazaarView: ResourceView = {
  one: t("catalog.bazaar.one"),
  many: t("catalog.bazaar.many"),
  subtitle: t("catalog.bazaar.subtitle"),
  base: "/admin/bazar",
  apiPath: "/admin/bazar",
  activatable: true,
  csv: true,
};
