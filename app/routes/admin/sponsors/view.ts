import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const sponsorsView: ResourceView = {
  one: t("resources.sponsors.one"),
  many: t("resources.sponsors.many"),
  subtitle: t("resources.sponsors.subtitle"),
  base: "/admin/sponsors",
  apiPath: "/admin/sponsors",
  activatable: true,
  csv: true,
};
