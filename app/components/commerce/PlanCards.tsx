import { SimpleGrid } from "@mantine/core";
import { t } from "~/lib/messages";
import { PriceCard } from "./PriceCard";
import type { useBuy } from "./useBuy";

interface Plan {
  id: number;
  name: string;
  unlimited: boolean;
  sessions_label: string;
  duration_days: number;
  description: string;
  display_price: string;
}

/** The on-demand (Nucleo Home) plans as price cards, each bought with `buy` (`useBuy`). */
export function PlanCards({ plans, buy, pending }: { plans: Plan[] } & ReturnType<typeof useBuy>) {
  return (
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
  );
}
