import { Container, Stack, Text, Title } from "@mantine/core";
import { PlanCards } from "~/components/commerce/PlanCards";
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
  const buying = useBuy();
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
        <PlanCards plans={loaderData.plans} {...buying} />
      </Stack>
    </Container>
  );
}
