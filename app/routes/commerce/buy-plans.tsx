import { Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { PriceCard } from "~/components/commerce/PriceCard";
import { useBuy } from "~/components/commerce/useBuy";
import { t } from "~/lib/messages";
import { OnDemandComingSoon } from "~/components/site/content/OnDemandComingSoon";
import { isOnDemandEnabled } from "~/shared/configuration";
import type { Route } from "./+types/buy-plans";
import { listPlans } from "~/.server/domain/commerce/catalogue";
import { publicReads } from "~/.server/domain/content/public-reads";

export async function loader({ context }: Route.LoaderArgs) {
  if (!isOnDemandEnabled(await publicReads(context.deps).configurations())) return { enabled: false, plans: [] };
  return { enabled: true, plans: await listPlans(context.deps.db) };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: `${d?.enabled === false ? t("content.onDemand.comingSoonTitle") : t("commerce.ui.plansTitle")} · ${t("app.name")}`,
  },
];

/** Nucleo Home (on-demand) plans, or the coming-soon page while on-demand is off. */
export default function BuyPlans({ loaderData }: Route.ComponentProps) {
  const { buy, pending } = useBuy();
  if (!loaderData.enabled) return <OnDemandComingSoon />;
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap={4} ta="center" align="center">
          <Title order={1}>{t("commerce.ui.plansTitle")}</Title>
          <Text c="dimmed" maw={560}>
            {t("commerce.ui.plansIntro")}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {loaderData.plans.map((p) => (
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
      </Stack>
    </Container>
  );
}
