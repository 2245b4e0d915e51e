import { Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { data, useNavigate } from "react-router";
import { ChoiceChips } from "~/components/commerce/ChoiceChips";
import { PriceCard } from "~/components/commerce/PriceCard";
import { useBuy } from "~/components/commerce/useBuy";
import { useLocalePath } from "~/components/site/useLocalePath";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { OnDemandComingSoon } from "~/components/site/content/OnDemandComingSoon";
import { isOnDemandEnabled } from "~/shared/configuration";
import type { Route } from "./+types/buy-sessions";
import { listPacks, listPlans } from "~/.server/domain/commerce/catalogue";
import { publicReads } from "~/.server/domain/content/public-reads";

/** Packs per city, or the on-demand plans (`/buy-sessions/on-demand`). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const only = params.only ?? null;
  if (only !== null && only !== "on-demand" && !/^\d{1,9}$/.test(only)) throw data(null, { status: 404 });
  const tester = context.auth?.user?.isTester ?? false;
  const onDemand = isOnDemandEnabled(await publicReads(context.deps).configurations());
  const [packs, plans] = await Promise.all([
    only === "on-demand" ? [] : listPacks(context.deps.db, { includeTesting: tester }),
    onDemand && (only === null || only === "on-demand") ? listPlans(context.deps.db) : [],
  ]);
  return { only, packs, plans, onDemand };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("commerce.ui.buyTitle")} · ${t("app.name")}` },
  { name: "description", content: t("commerce.ui.buyIntro") },
];

export default function BuySessions({ loaderData }: Route.ComponentProps) {
  const { only, packs, plans, onDemand } = loaderData;
  const root = useRootData();
  const { buy, pending } = useBuy();
  const navigate = useNavigate();
  const { lp } = useLocalePath();
  // Only the cities of the public site (a new city without a studio sells nothing yet).
  const cityIds = [...new Set(packs.map((p) => p.city_id))].filter((id) => root.cities.some((c) => c.id === id));
  const asked = only && only !== "on-demand" ? Number(only) : null;
  const selected = asked !== null ? (cityIds.includes(asked) ? asked : null) : (root.city ?? cityIds[0] ?? null);
  const tabs = [
    ...root.cities.filter((c) => cityIds.includes(c.id)).map((c) => ({ value: String(c.id), label: c.name })),
    { value: "on-demand", label: t("commerce.ui.nucleoHome") },
  ];
  // While Nucleo Home is off, its tab leads to the coming-soon page instead of plans.
  if (only === "on-demand" && !onDemand) return <OnDemandComingSoon />;
  const current = only === "on-demand" ? "on-demand" : String(selected ?? "");
  const shownPacks = packs.filter((p) => p.city_id === selected);
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap={4} ta="center" align="center">
          <Title order={1}>{t("commerce.ui.buyTitle")}</Title>
          <Text c="dimmed" maw={560}>
            {t("commerce.ui.buyIntro")}
          </Text>
        </Stack>
        <ChoiceChips
          label={t("commerce.ui.chooseCity")}
          options={tabs}
          value={current}
          onChange={(v) => navigate(lp(`/buy-sessions/${v}`), { preventScrollReset: true })}
        />
        {current !== "on-demand" && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {shownPacks.map((p) => (
              <PriceCard
                key={p.id}
                name={p.name}
                badge={p.is_intro_offer ? t("commerce.ui.introOffer") : p.unlimited ? t("commerce.ui.unlimited") : null}
                highlight={p.sessions === 10}
                lines={[p.sessions_label, t("commerce.packs.validity", { n: p.validity_days })]}
                price={p.display_price}
                loading={pending === `pack:${p.id}`}
                onBuy={() => buy("pack", p.id)}
              />
            ))}
          </SimpleGrid>
        )}
        {current === "on-demand" && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {plans.map((p) => (
              <PriceCard
                key={p.id}
                name={p.name}
                badge={p.unlimited ? t("commerce.ui.unlimited") : null}
                lines={[p.sessions_label, t("commerce.plans.duration", { n: p.duration_days }), p.description]}
                price={p.display_price}
                loading={pending === `plan:${p.id}`}
                onBuy={() => buy("plan", p.id)}
              />
            ))}
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t("commerce.ui.pricesNote")}
        </Text>
      </Stack>
    </Container>
  );
}
