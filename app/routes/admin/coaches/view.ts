import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const coachesView: ResourceView = {
  one: t("classes.coaches.one"),
  many: t("classes.coaches.many"),
  subtitle: t("classes.coaches.subtitle"),
  base: "/admin/coaches",
  apiPath: "/admin/coaches",
  activatable: true,
  csv: true,
};
