import { IconUserPlus } from "@tabler/icons-react";
import type { ResourceView } from "~/components/admin/kit";
import { t } from "~/lib/messages";

export const employeesView: ResourceView & { addTitle: string; editTitle: string } = {
  one: t("admin.employees.one"),
  many: t("admin.employees.title"),
  subtitle: t("admin.employees.subtitle"),
  base: "/admin/employees",
  apiPath: "/admin/employees",
  csv: true,
  addLabel: t("admin.employees.add"),
  addIcon: <IconUserPlus size={16} aria-hidden />,
  searchPlaceholder: t("admin.employees.searchPlaceholder"),
  addTitle: t("admin.employees.addTitle"),
  editTitle: t("admin.employees.editTitle"),
};
