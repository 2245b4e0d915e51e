import { IconUserPlus } from "@tabler/icons-react";
import type { ResourceView } from "~/components/admin/kit";
import { t } from "~/lib/messages";

export const customersView: ResourceView = {
  one: t("admin.users.one"),
  many: t("admin.users.title"),
  subtitle: t("admin.users.subtitle"),
  base: "/admin/users",
  apiPath: "/admin/users",
  csv: true,
  addLabel: t("admin.users.add"),
  addIcon: <IconUserPlus size={16} aria-hidden />,
  searchPlaceholder: t("admin.users.searchPlaceholder"),
};
