import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useFetcher } from "react-router";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";
import type { Route } from "./+types/payment-methods";
import { requireGuards } from "~/.server/pages/guard";
import { customerCards, removeCard } from "~/.server/domain/commerce/after-sale";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  return { cards: await customerCards(args.context.deps.db, auth.user!.id) };
}

export async function action(args: Route.ActionArgs) {
  const auth = requireGuards(args, ["customer"]);
  const form = await args.request.formData();
  await removeCard(args.context.deps.db, auth.user!.id, Number(form.get("id")), args.context.deps.clock());
  return { ok: true };
}

export const meta = () => [{ title: `${t("auth.profile.nav.paymentMethods")} · ${t("app.name")}` }];

/** Saved cards: brand and last four digits only. */
export default function ProfilePaymentMethods({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher();
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
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={c.id} />
              <Button type="submit" variant="subtle" color="red" size="sm" loading={fetcher.state !== "idle"}>
                {t("commerce.ui.removeCard")}
              </Button>
            </fetcher.Form>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
