import { formatDateTime, type Column, type FilterDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import classes from "./people.module.css";

/** The active/inactive filter every people list offers. */
export const statusFilter: FilterDef = {
  name: "status",
  label: t("admin.people.status"),
  options: [
    { value: "active", label: t("admin.people.statusActive") },
    { value: "inactive", label: t("admin.people.statusInactive") },
  ],
};

/** The "last login" column of the people lists ("Nunca" when there is none). */
export function lastLoginColumn<T extends { last_login_at: string | null }>(): Column<T> {
  return {
    key: "last_login_at",
    label: t("admin.people.lastLogin"),
    sortable: true,
    render: (r) => (
      <span className={r.last_login_at ? undefined : classes.dimmed}>
        {formatDateTime(r.last_login_at, { fallback: t("admin.people.never") })}
      </span>
    ),
  };
}
