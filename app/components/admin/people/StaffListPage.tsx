/**
 * The list page of staff (administrators, all staff) on the resource kit's ResourceListPage: the
 * people columns and filters, and the person row menu (reset mail, two-factor reset,
 * deactivate/reactivate with its own rules) in place of the generic one.
 */
import type { ReactNode } from "react";
import {
  ResourceListPage,
  type Column,
  type FilterDef,
  type PageMeta,
  type ResourceView,
} from "~/components/admin/kit";
import { FlagIcons, PersonCell, StatusBadge } from "./bits";
import { lastLoginColumn, statusFilter } from "./columns";
import { employeeTypeLabel } from "./labels";
import { PersonRowMenu, type PersonLike } from "./PersonActions";
import { t } from "~/lib/messages";

export const employeeTypeFilter: FilterDef = {
  name: "employee_type",
  label: t("admin.people.employeeType"),
  options: [1, 2, 3].map((v) => ({ value: String(v), label: employeeTypeLabel(v) })),
};

type StaffRow = PersonLike & Parameters<typeof FlagIcons>[0] & { last_login_at: string | null };

export function StaffListPage<Row extends StaffRow>(props: {
  view: ResourceView;
  data: Row[];
  meta: PageMeta;
  canWrite: boolean;
  me: number;
  /** The columns between the name and the status (role, studio, phone…). */
  columns: Column<Row>[];
  filters: FilterDef[];
  headerActions?: ReactNode;
  notice?: ReactNode;
}) {
  const { view, canWrite } = props;
  const editHref = (r: Row) => `${view.base}/edit/${r.id}`;
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("admin.people.fullName"),
      sortable: true,
      render: (r) => <PersonCell name={r.full_name} email={r.email} href={canWrite ? editHref(r) : undefined} />,
    },
    ...props.columns,
    { key: "status", label: t("admin.people.status"), render: (r) => <StatusBadge active={r.active} /> },
    { key: "flags", label: "", render: (r) => <FlagIcons {...r} /> },
    lastLoginColumn(),
  ];
  return (
    <ResourceListPage
      view={view}
      data={props.data}
      meta={props.meta}
      canWrite={canWrite}
      columns={columns}
      filters={[...props.filters, statusFilter]}
      headerActions={props.headerActions}
      notice={props.notice}
      rowMenu={(r) =>
        canWrite ? (
          <PersonRowMenu
            person={r}
            apiBase={view.apiPath}
            editHref={editHref(r)}
            canEdit={canWrite}
            isSelf={r.id === props.me}
          />
        ) : null
      }
    />
  );
}
