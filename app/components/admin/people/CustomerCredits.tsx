import { EmptyState, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { formatDate } from "~/components/admin/kit";
import { SoftBadge } from "~/components/SoftBadge";
import { t } from "~/lib/messages";
import type { CustomerCredits as CustomerCreditsView } from "~/shared/types/credits";

const STATE_COLOR = { active: "teal", upcoming: "blue", expired: "gray", used: "gray" } as const;

function Balance({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: 0.5 }}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={600} lh={1.2} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

const classes = (n: number) => t(n === 1 ? "admin.credits.oneClass" : "admin.credits.classes", { n });

/** The credits tab of a customer: live balances (what the customer's counters show) and every lot. */
export function CustomerCredits({ credits }: { credits: CustomerCreditsView }) {
  const { balances, lots } = credits;
  const onDemand = balances.on_demand === "UNLIMITED" ? t("admin.credits.unlimited") : classes(balances.on_demand);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="md" mb="sm">
          {t("admin.credits.balanceTitle")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {balances.in_person.map((b) => (
            <Balance
              key={b.city_id}
              label={b.city_name}
              value={b.unlimited ? t("admin.credits.unlimited") : classes(b.available)}
            />
          ))}
          <Balance label={t("admin.credits.onDemand")} value={onDemand} />
        </SimpleGrid>
      </div>
      <div>
        <Title order={2} fz="md" mb="sm">
          {t("admin.credits.lotsTitle")}
        </Title>
        {lots.length === 0 ? (
          <EmptyState
            py="lg"
            icon={<IconTicket size={26} aria-hidden />}
            title={t("admin.credits.noLots")}
            description={t("admin.credits.noLotsText")}
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("admin.credits.where")}</Table.Th>
                  <Table.Th>{t("admin.credits.source")}</Table.Th>
                  <Table.Th ta="right">{t("admin.credits.remaining")}</Table.Th>
                  <Table.Th>{t("admin.credits.starts")}</Table.Th>
                  <Table.Th>{t("admin.credits.expires")}</Table.Th>
                  <Table.Th>{t("admin.credits.state")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lots.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.scope === "on_demand" ? t("admin.credits.onDemand") : l.city_name}</Table.Td>
                    <Table.Td>{t(`admin.credits.sources.${l.source}`)}</Table.Td>
                    <Table.Td ta="right">
                      {l.quantity === null ? t("admin.credits.unlimited") : `${l.remaining} / ${l.quantity}`}
                    </Table.Td>
                    <Table.Td>{formatDate(l.starts_at)}</Table.Td>
                    <Table.Td>{formatDate(l.expires_at)}</Table.Td>
                    <Table.Td>
                      <SoftBadge color={STATE_COLOR[l.state]}>{t(`admin.credits.states.${l.state}`)}</SoftBadge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Stack>
  );
}
