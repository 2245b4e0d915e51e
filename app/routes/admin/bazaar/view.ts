import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const bazaarView: ResourceView = {
  one: t("classes.bazaar.one"),
  many: t("classes.bazaar.many"),
  subtitle: t("classes.bazaar.subtitle"),
  base: "/admin/bazar",
  apiPath: "/admin/bazar",
  activatable: true,
  csv: true,
};
