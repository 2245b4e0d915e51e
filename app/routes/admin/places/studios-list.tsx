import { formatPhone } from "~/shared/mexico/phone";
// Hand-written, not an entity of app/admin-entities: its list is a query of its own (joined city) with a city filter from the staff's cities (docs/how-to-add-a-back-office-resource.md).
import { AdminErrorBoundary, ResourceListPage, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { staffCityOptions } from "~/.server/domain/places/service";
import { studiosResource, type StudioRow } from "~/.server/resources/places";
import { resourceListLoader } from "../.server/resource";
import { studiosView } from "./views";
import type { Route } from "./+types/studios-list";

/** /admin/studios and /admin/studios/list */
export async function loader(args: Route.LoaderArgs) {
  const [list, cities] = await Promise.all([
    resourceListLoader(studiosResource, args),
    staffCityOptions(args.context.deps.db),
  ]);
  return { ...list, cities };
}
export const meta = () => [{ title: `${t("places.studios.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

/** The list has rows of its own (joined names, counts), not the form's item. */
type Row = StudioRow;
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("places.studios.name"),
    render: (r) => (
      <>
        {r.name} {r.is_external && <SoftBadge color="gray">{t("places.studios.externalLabel")}</SoftBadge>}
      </>
    ),
  },
  { key: "city", label: t("places.studios.city"), render: (r) => r.city },
  { key: "address", label: t("places.studios.address"), hideOnCard: true, render: (r) => r.address },
  { key: "phone", label: t("places.studios.phone"), render: (r) => formatPhone(r.phone) || "—" },
];

export default function StudiosList({ loaderData }: Route.ComponentProps) {
  const { cities, ...list } = loaderData;
  return (
    <ResourceListPage
      view={studiosView}
      columns={columns}
      {...list}
      filters={[{ name: "city", label: t("places.studios.city"), options: cities }]}
    />
  );
}
