import { Container, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { PriceCard } from "~/components/commerce/PriceCard";
import { useBuy } from "~/components/commerce/useBuy";
import { t } from "~/lib/messages";
import { OnDemandComingSoon } from "~/components/site/content/OnDemandComingSoon";
import { isOnDemandEnabled } from "~/shared/configuration";
import type { Route } from "./+types/checkout-plan";
import { listPlans } from "~/.server/domain/commerce/catalogue";
import { publicReads } from "~/.server/domain/content/public-reads";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isOnDemandEnabled(await publicReads(context.deps).configurations())) return { plan: null };
  const plan = (await listPlans(context.deps.db)).find((p) => String(p.id) === params.id);
  if (!plan) throw data(null, { status: 404 });
  return { plan };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.plan ? d.plan.name : t("content.onDemand.comingSoonTitle")} · ${t("app.name")}` },
];

/** One plan, ready to pay: "Comprar" adds it and opens 'Finalizar Pago'; the coming-soon page while on-demand is off. */
export default function CheckoutPlan({ loaderData }: Route.ComponentProps) {
  const { buy, pending } = useBuy();
  const { plan } = loaderData;
  if (!plan) return <OnDemandComingSoon />;
  return (
    <Container size="xs" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1}>{t("commerce.ui.plansTitle")}</Title>
          <Text c="dimmed">{t("commerce.ui.plansIntro")}</Text>
        </Stack>
        <PriceCard
          name={plan.name}
          lines={[plan.sessions_label, t("commerce.plans.duration", { n: plan.duration_days }), plan.description]}
          price={plan.display_price}
          loading={pending !== null}
          onBuy={() => buy("plan", plan.id)}
        />
      </Stack>
    </Container>
  );
}
