import { Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { PriceCard } from "~/components/commerce/PriceCard";
import { useBuy } from "~/components/commerce/useBuy";
import { t } from "~/lib/messages";
import type { Route } from "./+types/buy-plans";
import { listPlans } from "~/.server/domain/commerce/catalogue";

export async function loader({ context }: Route.LoaderArgs) {
  return { plans: await listPlans(context.deps.db) };
}

export const meta: Route.MetaFunction = () => [{ title: `${t("commerce.ui.plansTitle")} · ${t("app.name")}` }];

/** Nucleo Home (on-demand) plans. */
export default function BuyPlans({ loaderData }: Route.ComponentProps) {
  const { buy, pending } = useBuy();
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
