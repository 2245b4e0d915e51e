// Hand-written, not an entity of app/admin-entities: it has a detail page (/admin/giftcards/:id, the movements) and no edit page (docs/how-to-add-a-back-office-resource.md).
import { Menu, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { Link } from "react-router";
import {
  AdminErrorBoundary,
  formatCalendarDate,
  formatDate,
  ResourceListPage,
  type Column,
} from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { giftCardsResource } from "~/.server/resources/gift-cards";
import { resourceListLoader } from "../.server/resource";
import { giftCardsView } from "./views";
import type { Route } from "./+types/giftcards-list";

/** /admin/giftcards and /admin/giftcards/list: issue, balance, owner, history. */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(giftCardsResource, args);
export const meta = () => [{ title: `${giftCardsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "code",
    label: t("catalogue.giftCards.code"),
    sortable: true,
    render: (r) => (
      <Text size="sm" ff="monospace" component={Link} to={`/admin/giftcards/${r.id}`} td="underline">
        {r.code}
      </Text>
    ),
  },
  { key: "initial_cents", label: t("catalogue.giftCards.initial"), sortable: true, render: (r) => r.display_initial },
  { key: "balance_cents", label: t("catalogue.giftCards.balance"), sortable: true, render: (r) => r.display_balance },
  {
    key: "owner_email",
    label: t("catalogue.giftCards.owner"),
    render: (r) => r.owner_email ?? t("catalogue.giftCards.notRedeemed"),
  },
  {
    key: "expires_at",
    label: t("catalogue.giftCards.expires"),
    sortable: true,
    render: (r) => formatCalendarDate(r.expires_at),
  },
  { key: "movements", label: t("catalogue.giftCards.movements"), render: (r) => r.movements },
  { key: "created_at", label: t("catalogue.giftCards.created"), render: (r) => formatDate(r.created_at) },
];

export default function GiftCardsList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      view={giftCardsView}
      columns={columns}
      filters={[
        {
          name: "redeemed",
          label: t("catalogue.giftCards.owner"),
          options: [
            { value: "yes", label: t("catalogue.certifications.yes") },
            { value: "no", label: t("catalogue.giftCards.notRedeemed") },
          ],
        },
      ]}
      rowMenuExtra={(r) => (
        <Menu.Item component={Link} to={`/admin/giftcards/${r.id}`} leftSection={<IconHistory size={16} aria-hidden />}>
          {t("catalogue.giftCards.history")}
        </Menu.Item>
      )}
      {...loaderData}
    />
  );
}
