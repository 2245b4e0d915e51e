import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconGift, IconStar } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { formatDate } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import type { giftCardRedeemedAnswer } from "~/shared/schemas/commerce-answers";
import { giftCardRedeemSchema } from "~/shared/schemas/commerce";
import { requireGuards } from "~/.server/pages/guard";
import { customerGiftCards } from "~/.server/domain/commerce/after-sale";
import { customerRewards } from "~/.server/resources/rewards";
import type { Route } from "./+types/rewards";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const { db, clock } = args.context.deps;
  const [rewards, cards] = await Promise.all([
    customerRewards(db, auth.user!.id, clock()),
    customerGiftCards(db, auth.user!.id),
  ]);
  return { rewards, cards };
}

export const meta = () => [{ title: `${t("auth.profile.nav.rewards")} · ${t("app.name")}` }];

/** Rewards (free classes staff gave the customer) and gift cards: balance, and redeeming a new code. */
export default function ProfileRewards({ loaderData }: Route.ComponentProps) {
  const { rewards, cards } = loaderData;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth.profile.nav.rewards")}
      </Title>
      <Stack gap="sm" component="section" aria-labelledby="rewards-title">
        <Title order={2} size="h4" id="rewards-title">
          {t("commerce.ui.rewardsTitle")}
        </Title>
        {rewards.length === 0 ? (
          <Text c="dimmed">{t("commerce.ui.noRewards")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {rewards.map((r) => (
              <Paper key={r.id} withBorder radius="lg" p="lg">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={700}>
                      {r.sessions === 1
                        ? t("commerce.ui.rewardOneClass")
                        : t("commerce.ui.rewardClasses", { n: r.sessions ?? "∞" })}
                    </Text>
                    <Text size="sm">{r.reason}</Text>
                  </Stack>
                  <IconStar aria-hidden color="var(--mantine-color-brand-7)" />
                </Group>
                <Group gap="xs" mt="sm">
                  <Badge variant="outline" color="teal.9">
                    {t("commerce.ui.rewardLeft", { n: r.remaining, city: r.city_name ?? "" })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t("commerce.ui.rewardExpires", { date: formatDate(r.expires_at) })}
                  </Text>
                </Group>
                {r.remaining > 0 && (
                  <Button component={Link} to="/calendar" variant="light" size="xs" mt="md">
                    {t("commerce.ui.rewardBook")}
                  </Button>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="giftcards-title">
        <Title order={2} size="h4" id="giftcards-title">
          {t("commerce.ui.giftCardsTitle")}
        </Title>
        <Paper withBorder radius="md" p="md">
          <RedeemGiftCard />
        </Paper>
        {cards.length === 0 ? (
          <Text c="dimmed">{t("commerce.ui.noGiftCards")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {cards.map((g) => (
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
    </Stack>
  );
}

/**
 * Redeeming a gift card's code (POST /api/v2/customer/giftcards/redeem, the API's own schema): a
 * wrong, expired or someone else's code shows under the field; a good one says so under it and the
 * page's data is reloaded, so the new card shows in the list. Anything else (no connection) is a toast.
 */
function RedeemGiftCard() {
  const { revalidate } = useRevalidator();
  const [redeemed, setRedeemed] = useState(false);
  const form = useEntityForm(giftCardRedeemSchema, { code: "" });
  const submit = useFormSubmit(
    form,
    (values) => {
      setRedeemed(false);
      return api<ApiData<typeof giftCardRedeemedAnswer>>("/v2/customer/giftcards/redeem", { json: values });
    },
    async () => {
      setRedeemed(true);
      form.reset();
      await revalidate();
    },
    { toastSuccess: false, messageAs: "toast" },
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          name="code"
          label={t("commerce.ui.redeemLabel")}
          required
          style={{ flex: 1 }}
          {...form.getInputProps("code")}
          description={redeemed ? t("commerce.giftCard.redeemed") : undefined}
        />
        <Button type="submit" loading={submit.submitting}>
          {t("commerce.ui.redeem")}
        </Button>
      </Group>
    </form>
  );
}
