import { Text } from "@mantine/core";
import { AdminErrorBoundary, formatDate, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { REWARD_KINDS } from "~/shared/schemas/catalogue";
import { cityOptions } from "~/.server/resources/packs";
import { rewardsResource } from "~/.server/resources/rewards";
import { resourceListLoader } from "../.server/resource";
import { rewardsView } from "./views";
import type { Route } from "./+types/rewards-list";

/** /admin/rewards and /admin/rewards/list: free classes given to customers (credit lots, source reward). */
export async function loader(args: Route.LoaderArgs) {
  const page = await resourceListLoader(rewardsResource, args);
  return { ...page, cities: await cityOptions(args.context.deps.db) };
}
export const meta = () => [{ title: `${rewardsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "customer",
    label: t("catalogue.rewards.customer"),
    render: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.customer_name || r.customer_email}
        </Text>
        <Text size="xs" c="dimmed">
          {r.customer_email}
        </Text>
      </>
    ),
  },
  { key: "reason", label: t("catalogue.rewards.kind"), render: (r) => r.reason },
  { key: "city", label: t("catalogue.rewards.city"), render: (r) => r.city_name ?? "—" },
  {
    key: "remaining",
    label: t("catalogue.rewards.remaining"),
    sortable: true,
    render: (r) => `${r.remaining} / ${r.sessions ?? "∞"}`,
  },
  { key: "expires_at", label: t("catalogue.rewards.expires"), sortable: true, render: (r) => formatDate(r.expires_at) },
  {
    key: "created_at",
    label: t("catalogue.rewards.grantedAt"),
    sortable: true,
    render: (r) => (
      <>
        <Text size="sm">{formatDate(r.created_at)}</Text>
        {r.granted_by && (
          <Text size="xs" c="dimmed">
            {r.granted_by}
          </Text>
        )}
      </>
    ),
  },
];

export default function RewardsList({ loaderData }: Route.ComponentProps) {
  const { cities, ...page } = loaderData;
  return (
    <ResourceListPage
      view={rewardsView}
      columns={columns}
      filters={[
        {
          name: "kind",
          label: t("catalogue.rewards.kind"),
          options: REWARD_KINDS.map((k) => ({ value: k, label: t(`catalogue.rewards.kinds.${k}`) })),
        },
        { name: "city_id", label: t("catalogue.rewards.city"), options: cities },
      ]}
      {...page}
    />
  );
}
