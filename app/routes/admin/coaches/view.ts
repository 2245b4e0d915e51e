import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const coachesView: ResourceView = {
  one: t("catalog.coaches.one"),
  many: t("catalog.coaches.many"),
  subtitle: t("catalog.coaches.subtitle"),
  base: "/admin/coaches",
  apiPath: "/admin/coaches",
  activatable: true,
  csv: true,
};
