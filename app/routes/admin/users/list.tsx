import { formatPhone } from "~/shared/mexico/phone";
import { AdminErrorBoundary, formatDate, ResourceListPage, type Column } from "~/components/admin/kit";
import { lastLoginColumn, statusFilter } from "~/components/admin/people/columns";
import { PersonCell, StatusBadge } from "~/components/admin/people/bits";
import { PersonRowMenu } from "~/components/admin/people/PersonActions";
import { t } from "~/lib/messages";
import type { Route } from "./+types/list";
import { customerListLoader } from "../.server/people";
import { customersView } from "./view";

/** /admin/users and /admin/users/list: customers (role 2). */
export const loader = (args: Route.LoaderArgs) => customerListLoader(args);
export const meta = () => [{ title: `${t("admin.users.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("admin.people.fullName"),
    sortable: true,
    render: (r) => <PersonCell name={r.full_name} href={`/admin/users/${r.id}`} />,
  },
  { key: "email", label: t("admin.people.email"), sortable: true, render: (r) => r.email },
  { key: "phone", label: t("admin.people.phone"), sortable: true, render: (r) => formatPhone(r.phone) || "—" },
  { key: "status", label: t("admin.people.status"), render: (r) => <StatusBadge active={r.active} /> },
  { key: "created_at", label: t("admin.people.createdAt"), sortable: true, render: (r) => formatDate(r.created_at) },
  lastLoginColumn(),
];

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { canWrite } = loaderData;
  return (
    <ResourceListPage
      view={customersView}
      columns={columns}
      filters={[statusFilter]}
      rowMenu={(r) => (
        <PersonRowMenu
          person={r}
          apiBase={customersView.apiPath}
          viewHref={`${customersView.base}/${r.id}`}
          editHref={`${customersView.base}/edit/${r.id}`}
          canEdit={canWrite}
        />
      )}
      {...loaderData}
    />
  );
}
