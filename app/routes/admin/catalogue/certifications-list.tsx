// Hand-written, not an entity of app/admin-entities: its list lives at /list only (no base page) and its form has parts of its own (docs/how-to-add-a-back-office-resource.md).
import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { certificationsResource } from "~/.server/resources/certifications";
import { resourceListLoader } from "../.server/resource";
import { certificationsView } from "./views";
import type { Route } from "./+types/certifications-list";

/** /admin/certifications/list: certification programmes (sold as certificate products). */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(certificationsResource, args);
export const meta = () => [{ title: `${certificationsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  { key: "name", label: t("catalogue.common.name"), sortable: true, render: (r) => r.name },
  { key: "slug", label: t("catalogue.certifications.slug"), sortable: true, render: (r) => r.slug },
  {
    key: "allows_deposit",
    label: t("catalogue.certifications.deposit"),
    render: (r) => t(r.allows_deposit ? "catalogue.certifications.yes" : "catalogue.certifications.no"),
  },
];

export default function CertificationsList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={certificationsView} columns={columns} {...loaderData} />;
}
