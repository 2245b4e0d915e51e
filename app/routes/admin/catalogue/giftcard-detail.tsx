import { Box, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatCalendarDate,
  formatDateTime,
  PageHeader,
  SoftBadge,
  type Column,
} from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { getResource } from "~/.server/kit/resource";
import { giftCardMovementsOf, giftCardsResource } from "~/.server/resources/gift-cards";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/giftcard-detail";

/** /admin/giftcards/:id: a gift card's balance, owner and every movement of its money. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: giftCardsResource.permissions.read });
  const { db } = args.context.deps;
  const id = Number(args.params.id);
  const card = await getResource(db, giftCardsResource, Number.isSafeInteger(id) ? id : -1);
  return { card, movements: await giftCardMovementsOf(db, card.id) };
}
export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t("catalogue.giftCards.historyTitle", { code: data?.card.code ?? "" })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}

const movementColumns: Column<Route.ComponentProps["loaderData"]["movements"][number]>[] = [
  {
    key: "created_at",
    label: t("catalogue.giftCards.when"),
    render: (m) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(m.created_at)}</span>,
  },
  { key: "kind", label: t("catalogue.giftCards.movement"), render: (m) => t(`catalogue.giftCards.kinds.${m.kind}`) },
  { key: "display_delta", label: t("catalogue.giftCards.amount") },
  { key: "order_id", label: t("catalogue.giftCards.order"), render: (m) => (m.order_id ? `#${m.order_id}` : "—") },
  { key: "actor_email", label: t("catalogue.giftCards.actor") },
];

export default function GiftCardDetail({ loaderData }: Route.ComponentProps) {
  const { card, movements } = loaderData;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("catalogue.giftCards.historyTitle", { code: card.code })}
        description={t("catalogue.giftCards.subtitle")}
        actions={
          <Button
            component={Link}
            to="/admin/giftcards/list"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t("catalogue.giftCards.many")}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Figure label={t("catalogue.giftCards.balance")} value={card.display_balance} />
          <Figure label={t("catalogue.giftCards.initial")} value={card.display_initial} />
          <Figure
            label={t("catalogue.giftCards.owner")}
            value={card.owner_email ?? t("catalogue.giftCards.notRedeemed")}
          />
          <Figure label={t("catalogue.giftCards.expires")} value={formatCalendarDate(card.expires_at)} />
          <Figure
            label={t("kit.status")}
            value={
              <SoftBadge color={card.active ? "teal" : "gray"}>
                {card.active ? t("kit.active") : t("kit.inactive")}
              </SoftBadge>
            }
          />
        </SimpleGrid>
      </Paper>
      <Box>
        <Title order={2} size="h4" mb="sm">
          {t("catalogue.giftCards.movements")}
        </Title>
        <DataTable
          rows={movements}
          columns={movementColumns}
          rowKey={(m) => m.id}
          minWidth={520}
          emptyText={t("catalogue.giftCards.noMovements")}
        />
      </Box>
    </Stack>
  );
}
