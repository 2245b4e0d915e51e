// Hand-written, not an entity of app/admin-entities: its form searches a customer and its row menu has a revoke command (docs/how-to-add-a-back-office-resource.md).
import { Menu, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { AdminErrorBoundary, confirmAction, formatDate, ResourceListPage, type Column } from "~/components/admin/kit";
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

/** "Retirar clases restantes": confirmed, then the API's revoke command. */
function RevokeItem({ row }: { row: Row }) {
  const { revalidate } = useRevalidator();
  const revoke = async () => {
    const ok = await confirmAction({
      title: t("catalogue.rewards.revoke"),
      message: t("catalogue.rewards.revokeConfirm", {
        n: row.remaining,
        name: row.customer_name || row.customer_email,
      }),
      danger: true,
    });
    if (!ok) return;
    const r = await api<ApiData<typeof messageAnswer>>(`/admin/rewards/${row.id}/revoke`, { method: "POST" });
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    if (r.ok) await revalidate();
  };
  return (
    <Menu.Item color="red" onClick={revoke} leftSection={<IconArrowBackUp size={16} aria-hidden />}>
      {t("catalogue.rewards.revoke")}
    </Menu.Item>
  );
}

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
      rowMenuExtra={(r) =>
        page.canWrite && r.remaining > 0 && new Date(r.expires_at) > new Date() ? <RevokeItem row={r} /> : null
      }
      {...page}
    />
  );
}
