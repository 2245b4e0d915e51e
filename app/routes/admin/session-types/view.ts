import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const sessionTypesView: ResourceView = {
  one: t("catalog.sessionTypes.one"),
  many: t("catalog.sessionTypes.many"),
  subtitle: t("catalog.sessionTypes.subtitle"),
  base: "/admin/session/types",
  apiPath: "/admin/session/types",
  activatable: true,
  csv: true,
};
