import { Text } from "@mantine/core";
import { AdminErrorBoundary, formatCalendarDate, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { VOUCHER_KINDS, VOUCHER_SCOPES } from "~/shared/schemas/catalogue";
import { vouchersResource } from "~/.server/resources/vouchers";
import { resourceListLoader } from "../.server/resource";
import { vouchersView } from "./views";
import type { Route } from "./+types/vouchers-list";

/** /admin/vouchers and /admin/vouchers/list: percent or fixed, scope, validity, usage limits. */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(vouchersResource, args);
export const meta = () => [{ title: `${vouchersView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "code",
    label: t("catalogue.vouchers.code"),
    sortable: true,
    render: (r) => (
      <>
        <Text fw={600} size="sm" ff="monospace">
          {r.code}
        </Text>
        {r.description && (
          <Text size="xs" c="dimmed">
            {r.description}
          </Text>
        )}
      </>
    ),
  },
  { key: "value", label: t("catalogue.vouchers.value"), render: (r) => r.display_value },
  { key: "scope", label: t("catalogue.vouchers.scope"), render: (r) => t(`catalogue.vouchers.scopes.${r.scope}`) },
  {
    key: "ends_at",
    label: t("catalogue.vouchers.window"),
    sortable: true,
    render: (r) =>
      r.starts_at || r.ends_at
        ? `${formatCalendarDate(r.starts_at)} → ${formatCalendarDate(r.ends_at)}`
        : t("catalogue.vouchers.always"),
  },
  {
    key: "used_count",
    label: t("catalogue.vouchers.uses"),
    sortable: true,
    render: (r) => `${r.used_count}${r.max_uses !== null ? ` / ${r.max_uses}` : ""}`,
  },
];

export default function VouchersList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      view={vouchersView}
      columns={columns}
      filters={[
        {
          name: "kind",
          label: t("catalogue.vouchers.kind"),
          options: VOUCHER_KINDS.map((k) => ({ value: k, label: t(`catalogue.vouchers.kinds.${k}`) })),
        },
        {
          name: "scope",
          label: t("catalogue.vouchers.scope"),
          options: VOUCHER_SCOPES.map((k) => ({ value: k, label: t(`catalogue.vouchers.scopes.${k}`) })),
        },
      ]}
      {...loaderData}
    />
  );
}
