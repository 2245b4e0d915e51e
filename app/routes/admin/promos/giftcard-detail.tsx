import { Button, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminErrorBoundary, formatCalendarDate, formatDateTime, PageHeader, SoftBadge } from "~/components/admin/kit";
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
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t("catalogue.giftCards.movements")}
        </Text>
        {movements.length === 0 ? (
          <Text c="dimmed">{t("catalogue.giftCards.noMovements")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("catalogue.giftCards.when")}</Table.Th>
                  <Table.Th>{t("catalogue.giftCards.movement")}</Table.Th>
                  <Table.Th>{t("catalogue.giftCards.amount")}</Table.Th>
                  <Table.Th>{t("catalogue.giftCards.order")}</Table.Th>
                  <Table.Th>{t("catalogue.giftCards.actor")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {movements.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(m.created_at)}</Table.Td>
                    <Table.Td>{t(`catalogue.giftCards.kinds.${m.kind}`)}</Table.Td>
                    <Table.Td>{m.display_delta}</Table.Td>
                    <Table.Td>{m.order_id ? `#${m.order_id}` : "—"}</Table.Td>
                    <Table.Td>{m.actor_email ?? "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
