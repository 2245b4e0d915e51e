import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useApiCommand } from "~/components/forms/useApiCommand";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";
import type { Route } from "./+types/payment-methods";
import { requireGuards } from "~/.server/pages/guard";
import { customerCards } from "~/.server/domain/commerce/after-sale";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  return { cards: await customerCards(args.context.deps.db, auth.user!.id) };
}

export const meta = () => [{ title: `${t("auth.profile.nav.paymentMethods")} · ${t("app.name")}` }];

/**
 * Saved cards: brand and last four digits only. "Eliminar" calls DELETE /api/v2/customer/cards/:id
 * (the provider forgets the card too), the answer as a toast, then the list is reloaded.
 */
export default function ProfilePaymentMethods({ loaderData }: Route.ComponentProps) {
  const { run, busy } = useApiCommand();
  if (loaderData.cards.length === 0) return <ProfileEmptyState section="paymentMethods" />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.paymentMethods")}
      </Title>
      {loaderData.cards.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="md">
          <Group justify="space-between">
            <Group gap="sm">
              <IconCreditCard aria-hidden />
              <Stack gap={0}>
                <Text fw={600}>
                  {c.brand.toUpperCase()} •••• {c.last4}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("commerce.ui.expires", {
                    date: `${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}`,
                  })}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="subtle"
              color="red"
              size="sm"
              loading={busy === `card-${c.id}`}
              onClick={() => void run(`card-${c.id}`, `/v2/customer/cards/${c.id}`, {}, "DELETE")}
            >
              {t("commerce.ui.removeCard")}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
