import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const cmsPagesView: ResourceView = {
  one: t("cms.pages.one"),
  many: t("cms.pages.many"),
  subtitle: t("cms.pages.subtitle"),
  base: "/admin/cms-pages",
  apiPath: "/admin/cms-pages",
  csv: true,
  addLabel: t("cms.pages.addLabel"),
};
