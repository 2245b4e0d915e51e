import { IconUserPlus } from "@tabler/icons-react";
import type { ResourceView } from "~/components/admin/kit";
import { t } from "~/lib/messages";

export const administratorsView: ResourceView & { addTitle: string; editTitle: string } = {
  one: t("admin.administrators.one"),
  many: t("admin.administrators.title"),
  subtitle: t("admin.administrators.subtitle"),
  base: "/admin/administrators",
  apiPath: "/admin/administrators",
  csv: true,
  addLabel: t("admin.administrators.add"),
  addIcon: <IconUserPlus size={16} aria-hidden />,
  searchPlaceholder: t("admin.administrators.searchPlaceholder"),
  addTitle: t("admin.administrators.addTitle"),
  editTitle: t("admin.administrators.editTitle"),
};
