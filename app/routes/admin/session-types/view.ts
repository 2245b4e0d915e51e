import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const sessionTypesView: ResourceView = {
  one: t("classes.sessionTypes.one"),
  many: t("classes.sessionTypes.many"),
  subtitle: t("classes.sessionTypes.subtitle"),
  base: "/admin/session/types",
  apiPath: "/admin/session/types",
  activatable: true,
  csv: true,
};
