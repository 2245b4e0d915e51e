import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { useFetcher } from "react-router";
import { t } from "~/lib/messages";
import type { Route } from "./+types/rewards";
import { requireGuards } from "~/.server/pages/guard";
import { customerGiftCards, redeemGiftCard } from "~/.server/domain/commerce/after-sale";
import { AppError } from "~/.server/http/errors";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  return { cards: await customerGiftCards(args.context.deps.db, auth.user!.id) };
}

export async function action(args: Route.ActionArgs) {
  const auth = requireGuards(args, ["customer"]);
  const code = String((await args.request.formData()).get("code") ?? "");
  try {
    await redeemGiftCard(args.context.deps.db, auth.user!.id, code, args.context.deps.clock());
    return { ok: true, error: null };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, error: e.message };
    throw e;
  }
}

export const meta = () => [{ title: `${t("auth.profile.nav.rewards")} · ${t("app.name")}` }];

/** Gift cards: balance, and redeeming a new code into the account. */
export default function ProfileRewards({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.rewards")}
      </Title>
      <Paper withBorder radius="md" p="md">
        <fetcher.Form method="post">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              name="code"
              label={t("commerce.ui.redeemLabel")}
              required
              style={{ flex: 1 }}
              error={fetcher.data?.error ?? undefined}
              description={fetcher.data?.ok ? t("commerce.giftCard.redeemed") : undefined}
            />
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("commerce.ui.redeem")}
            </Button>
          </Group>
        </fetcher.Form>
      </Paper>
      {loaderData.cards.length === 0 ? (
        <Text c="dimmed">{t("commerce.ui.noGiftCards")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {loaderData.cards.map((g) => (
            <Paper key={g.id} radius="lg" p="lg" bg="brand.7" c="white">
              <Group justify="space-between">
                <IconGift aria-hidden />
                <Text size="xs" ff="monospace">
                  {g.code}
                </Text>
              </Group>
              <Text size="xs" mt="lg" opacity={0.85}>
                {t("commerce.ui.balance")}
              </Text>
              <Text fz={28} fw={700}>
                {g.display_balance}
              </Text>
              <Text size="xs" opacity={0.85}>
                {t("commerce.ui.ofInitial", { amount: g.display_initial })}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
